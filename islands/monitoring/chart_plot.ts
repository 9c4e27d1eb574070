/**
 * Draws one statistics chart with uPlot into a box the server reserved: a line per series drawn
 * (the page ticks which), the legend (series names, the values under the cursor, else the latest
 * bucket's) mounted in its own reserved box, a tooltip by
 * the cursor (the bucket and its non-zero counts; keyboard users have the table), axes in the
 * page's text colour (light and dark theme) and in UTC, resized with its container.
 */
import uPlot from "uplot";
import type { Statistics, StatisticsSeries } from "../../openapi/schemas/monitoring.ts";
import { bucketLabel } from "./chart_data.ts";

/** The canvas height; charts.css reserves the same for `.chart-box` (no layout shift). */
const PLOT_HEIGHT = 280;

export interface Plot {
  update(stats: Statistics, series: StatisticsSeries[], colours: string[], drawn: boolean[]): void;
  /** Which series are drawn, one flag per series. */
  draw(drawn: boolean[]): void;
  destroy(): void;
}

const dataOf = (stats: Statistics, series: StatisticsSeries[]): uPlot.AlignedData => [
  stats.times.map((t) => Date.parse(t) / 1000),
  ...series.map((s) => s.values),
];

/**
 * The colours, read from the page's styles (charts.css) so they follow the theme. The series'
 * custom properties hold light-dark() pairs, which a canvas does not take: a probe element
 * resolves each to the rgb() the theme picks.
 */
function themeColours(box: HTMLElement, classes: string[]) {
  const probe = box.appendChild(document.createElement("span"));
  const resolve = (value: string) => {
    probe.style.color = value;
    return getComputedStyle(probe).color;
  };
  const colours = {
    text: getComputedStyle(box).color,
    grid: resolve("var(--pico-muted-border-color)"),
    series: classes.map((c) => resolve(`var(--chart-${c})`)),
  };
  probe.remove();
  return colours;
}

/** The x axis's tick spacings, in seconds: multiples of them from the epoch are UTC hours/days. */
const X_INCRS = [1, 2, 3, 6, 12, 24, 48, 168, 336, 720, 1440, 2160].map((h) => h * 3600);
const isoOf = (t: number) => new Date(t * 1000).toISOString();

/** Tick labels read in UTC: hours (with the day at midnight and at the first tick), or days. */
const xValues = (_u: uPlot, ticks: number[], _a: number, _s: number, incr: number) =>
  ticks.map((t, i) =>
    incr < 86400
      ? isoOf(t).slice(11, 16) + (i && t % 86400 ? "" : "\n" + isoOf(t).slice(0, 10))
      : isoOf(t).slice(0, 10)
  );

export function createPlot(
  box: HTMLElement,
  legend: HTMLElement,
  axisLabel: string,
  stats: Statistics,
  series: StatisticsSeries[],
  colours: string[],
  drawn: boolean[],
): Plot {
  let chart: uPlot | undefined;
  let current = { stats, series, colours, drawn };
  const tip = document.createElement("div");
  tip.className = "chart-tip";
  tip.hidden = true;
  tip.ariaHidden = "true";

  const build = () => {
    chart?.destroy();
    legend.textContent = "";
    const { text, grid, series: stroke } = themeColours(box, current.colours);
    const timeOf = (t: number) => bucketLabel(isoOf(t), current.stats.bucket);
    // Away from the chart (no bucket under the cursor) the legend shows the latest bucket.
    const legendValue =
      (k: number, show: (v: number, latest: boolean) => string) =>
      (u: uPlot, v: number | null, _s: number, idx: number | null) => {
        const value = idx == null ? u.data[k].at(-1) : v;
        return value == null ? "–" : show(value, idx == null);
      };
    const axis = (label: string): uPlot.Axis => ({
      label,
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    });
    chart = new uPlot(
      {
        width: box.clientWidth,
        height: PLOT_HEIGHT,
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        // Buckets are UTC hours and days, labelled from the instant itself (no offset shifting,
        // which a daylight-saving change would throw off by an hour).
        axes: [
          { ...axis("Time (UTC)"), incrs: X_INCRS, values: xValues, space: 80 },
          { ...axis(axisLabel), size: 60 },
        ],
        legend: { mount: (_u, el) => legend.append(el) },
        hooks: {
          setCursor: [(u) => {
            const { idx, left = -1, top = 0 } = u.cursor;
            tip.hidden = idx == null || left < 0;
            if (tip.hidden) return;
            tip.textContent = [
              timeOf(u.data[0][idx!]),
              ...u.series.flatMap((s, k) =>
                k && s.show && u.data[k][idx!] ? `${s.label}: ${u.data[k][idx!]}` : []
              ),
            ].join("\n");
            // Beside the cursor, on the side with more room.
            tip.style.left = `${left}px`;
            tip.style.top = `${top}px`;
            tip.style.transform = `translate(${
              left * 2 > u.over.clientWidth ? "calc(-100% - 12px)" : "12px"
            },${top * 2 > u.over.clientHeight ? "-100%" : "0"})`;
          }],
          ready: [(u) => u.over.append(tip)],
        },
        series: [
          {
            label: current.stats.bucket === "day" ? "Day" : "Hour",
            value: legendValue(0, (t, latest) => timeOf(t) + (latest ? " (latest)" : "")),
          },
          ...current.series.map((s, i): uPlot.Series => ({
            label: s.label,
            show: current.drawn[i],
            stroke: stroke[i],
            width: 2,
            points: { show: current.stats.times.length <= 100 },
            value: legendValue(i + 1, String),
          })),
        ],
      },
      dataOf(current.stats, current.series),
      box,
    );
  };
  build();

  const resize = new ResizeObserver(() => {
    if (chart && box.clientWidth && chart.width !== box.clientWidth) {
      chart.setSize({ width: box.clientWidth, height: PLOT_HEIGHT });
    }
  });
  resize.observe(box);
  // The canvas colours are fixed when drawn: redraw when the theme flips.
  const dark = matchMedia("(prefers-color-scheme: dark)");
  dark.addEventListener("change", build);

  return {
    update(stats, series, colours, drawn) {
      current = { stats, series, colours, drawn };
      build();
    },
    draw(drawn) {
      current = { ...current, drawn };
      chart?.batch(() =>
        drawn.forEach((show, i) => {
          if (chart!.series[i + 1].show !== show) chart!.setSeries(i + 1, { show });
        })
      );
    },
    destroy() {
      resize.disconnect();
      dark.removeEventListener("change", build);
      chart?.destroy();
    },
  };
}
