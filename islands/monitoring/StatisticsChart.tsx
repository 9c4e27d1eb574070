/**
 * The statistics pages (/monitoring/control/message, /routing/statistics/push and /robot): the
 * range picker, then per chart a uPlot line chart, its totals (a box per series to tick the lines
 * drawn: at first the SERIES_DRAWN busiest, "Show all" for every one), its figures as a table and
 * a CSV download. The server renders everything but the canvas, in a box of the chart's height; a new
 * range is fetched with plain fetch (no openapi-fetch: the page's first load stays small) and
 * replaces the charts, the tables and the URL without a reload. docs/decisions/0014.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import type { StatisticsType } from "../../openapi/monitoring.ts";
import type { Statistics } from "../../openapi/schemas/monitoring.ts";
import { getJson, messageOf } from "../runtime/fetch_json.ts";
import { toast } from "../runtime/toasts.ts";
import { downloadCsv } from "../kit/table/csv.ts";
import {
  type ChartRange,
  dayOf,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  searchOf,
  statisticsPath,
} from "./chart_range.ts";
import {
  busiestOf,
  type ChartSpec,
  coloursOf,
  csvName,
  csvOf,
  SERIES_DRAWN,
  seriesOf,
  tableOf,
} from "./chart_data.ts";
import { createPlot, type Plot } from "./chart_plot.ts";

export interface StatisticsChartProps {
  charts: ChartSpec[];
  range: ChartRange;
  /** The figures of each type the charts show. */
  stats: Partial<Record<StatisticsType, Statistics>>;
  /** Why the URL's range was refused (the default range is shown instead). */
  error: string | null;
}

const typesOf = (charts: ChartSpec[]) => [...new Set(charts.map((c) => c.type))];

export default function StatisticsChart(props: StatisticsChartProps) {
  const [shown, setShown] = useState({ range: props.range, stats: props.stats });
  const [error, setError] = useState(props.error);
  const [busy, setBusy] = useState(false);
  // The preset clicked after hydration; without it, dates typed win over the checked preset.
  const clicked = useRef<RangePreset | null>(null);
  // Only the latest range asked for is shown, whatever order the answers come back in.
  const latest = useRef(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const start = form.elements.namedItem("start") as HTMLInputElement;
    const end = form.elements.namedItem("end") as HTMLInputElement;
    const typed = start.value !== start.defaultValue || end.value !== end.defaultValue;
    const checked = new FormData(form).get("range") as RangePreset | null;
    const preset = clicked.current ?? (typed ? null : checked);
    clicked.current = null;
    const range: ChartRange = preset
      ? presetRange(preset)
      : { preset: null, start: start.value, end: end.value };
    const ticket = ++latest.current;
    setBusy(true);
    try {
      const types = typesOf(props.charts);
      const read = await Promise.all(
        types.map((t) => getJson<Statistics>(statisticsPath(t, range))),
      );
      if (ticket !== latest.current) return;
      setShown({ range, stats: Object.fromEntries(types.map((t, i) => [t, read[i]])) });
      setError(null);
      history.replaceState(history.state, "", location.pathname + searchOf(range));
    } catch (e) {
      if (ticket !== latest.current) return;
      setError(messageOf(e));
      toast("error", messageOf(e));
    } finally {
      if (ticket === latest.current) setBusy(false);
    }
  }

  const { range } = shown;
  return (
    <>
      <form
        // Re-rendered from the range shown, so the fields say what the charts show.
        key={searchOf(range)}
        className="range-picker"
        onSubmit={submit}
        aria-label="Range"
        data-range-picker=""
      >
        <fieldset className="range-presets">
          <legend>Range</legend>
          {Object.entries(RANGE_PRESETS).map(([key, p]) => (
            <label key={key}>
              <input
                type="radio"
                name="range"
                value={key}
                defaultChecked={range.preset === key}
                onChange={(e) => {
                  clicked.current = key as RangePreset;
                  e.currentTarget.form?.requestSubmit();
                }}
              />
              {p.label}
            </label>
          ))}
        </fieldset>
        <label>
          Start
          <input type="date" name="start" defaultValue={dayOf(range.start, false)} />
        </label>
        <label>
          End
          <input type="date" name="end" defaultValue={dayOf(range.end, true)} />
        </label>
        <button type="submit" aria-busy={busy}>Show</button>
      </form>
      {error && <p role="alert" className="field-error" data-range-error="">{error}</p>}
      {props.charts.map((spec) => (
        <Chart key={`${spec.type}-${spec.by}`} spec={spec} stats={shown.stats[spec.type]!} />
      ))}
    </>
  );
}

function Chart({ spec, stats }: { spec: ChartSpec; stats: Statistics }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  const plot = useRef<Plot | null>(null);
  const series = seriesOf(stats, spec.by);
  const colours = coloursOf(spec.type, spec.by, series);
  const table = tableOf(stats, spec.by);
  const name = `${spec.type}-${spec.by}`;
  // The series ticked for these figures; new figures start again from the busiest.
  const [ticked, setTicked] = useState<{ stats: Statistics; drawn: boolean[] } | null>(null);
  const drawn = ticked?.stats === stats ? ticked.drawn : busiestOf(series);
  const draw = (next: boolean[]) => setTicked({ stats, drawn: next });
  const few = series.length <= SERIES_DRAWN;

  useEffect(() => {
    if (!plot.current) {
      plot.current = createPlot(
        box.current!,
        legend.current!,
        "Count",
        stats,
        series,
        colours,
        drawn,
      );
    } else plot.current.update(stats, series, colours, drawn);
    // series, colours and the first series drawn derive from stats.
  }, [stats]);
  useEffect(() => plot.current?.draw(drawn), [drawn.join()]);
  useEffect(() => () => plot.current?.destroy(), []);

  const from = table.rows[0]?.[0];
  const to = table.rows.at(-1)?.[0];
  return (
    <section
      className="statistics-chart"
      aria-labelledby={id}
      data-chart={name}
      data-start={stats.start}
      data-end={stats.end}
    >
      <h2 id={id}>{spec.title}</h2>
      <figure aria-labelledby={id}>
        <div
          ref={box}
          className="chart-box"
          role="img"
          aria-label={`${spec.title}, per ${stats.bucket} from ${from} to ${to} (UTC); ` +
            "the figures are in the table below"}
        />
        <figcaption>
          <div ref={legend} className="chart-legend" aria-live="off" />
          <fieldset className="chart-series" data-chart-series="">
            <legend>
              {few
                ? "Lines drawn"
                : `Lines drawn: ${drawn.filter(Boolean).length} of ${series.length} series`}
            </legend>
            <ul className="chart-totals" data-chart-totals="">
              {series.map((s, i) => (
                <li key={s.key}>
                  <label>
                    <input
                      type="checkbox"
                      checked={drawn[i]}
                      onChange={() => draw(drawn.map((d, j) => i === j ? !d : d))}
                    />
                    <span className={`chart-swatch ${colours[i]}`} aria-hidden />
                    <span>
                      {s.label}: <strong>{s.total}</strong>
                    </span>
                  </label>
                </li>
              ))}
              <li>
                Total: <strong data-chart-total="">{stats.total}</strong>
              </li>
            </ul>
            {!few && (
              <div className="chart-series-actions">
                <button
                  type="button"
                  className="secondary outline"
                  disabled={drawn.every(Boolean)}
                  onClick={() => draw(series.map(() => true))}
                >
                  Show all
                </button>
                <button
                  type="button"
                  className="secondary outline"
                  disabled={drawn.join() === busiestOf(series).join()}
                  onClick={() => draw(busiestOf(series))}
                >
                  Show the {SERIES_DRAWN} busiest
                </button>
              </div>
            )}
          </fieldset>
          {series.length === 0 && <p className="muted">Nothing was counted in this range.</p>}
        </figcaption>
      </figure>
      <details>
        <summary>Figures as a table</summary>
        <div className="overflow-auto">
          <table className="striped" data-chart-table="">
            <caption>{spec.title} per {stats.bucket} (UTC)</caption>
            <thead>
              <tr>
                {table.header.map((h) => <th key={h} scope="col">{h}</th>)}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([time, ...counts]) => (
                <tr key={time}>
                  <th scope="row">{time}</th>
                  {counts.map((n, i) => <td key={i}>{n}</td>)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                {table.totals.map((n, i) =>
                  i === 0 ? <th key={i} scope="row">{n}</th> : <td key={i}>{n}</td>
                )}
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
      <button
        type="button"
        className="secondary"
        onClick={() => downloadCsv(csvName(spec, stats), csvOf(stats, spec.by))}
      >
        Download CSV
      </button>
    </section>
  );
}
