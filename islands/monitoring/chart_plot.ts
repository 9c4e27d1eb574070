/**
 * Draws one statistics chart with uPlot into a box the server reserved: a line per series, the
 * legend (series names, values under the cursor) mounted in its own reserved box, axes in the
 * page's text colour (light and dark theme), resized with its container.
 */
import uPlot from "uplot";
import type { Statistics, StatisticsSeries } from "../../openapi/schemas/monitoring.ts";
import { SERIES_COLOURS } from "./chart_data.ts";

/** The canvas height; charts.css reserves the same for `.chart-box` (no layout shift). */
const PLOT_HEIGHT = 280;

export interface Plot {
  update(stats: Statistics, series: StatisticsSeries[]): void;
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
function themeColours(box: HTMLElement) {
  const probe = box.appendChild(document.createElement("span"));
  const resolve = (value: string) => {
    probe.style.color = value;
    return getComputedStyle(probe).color;
  };
  const series = Array.from({ length: SERIES_COLOURS }, (_, i) => resolve(`var(--chart-s${i})`));
  const colours = {
    text: getComputedStyle(box).color,
    grid: resolve("var(--pico-muted-border-color)"),
    colour: (i: number) => series[i % SERIES_COLOURS],
  };
  probe.remove();
  return colours;
}

export function createPlot(
  box: HTMLElement,
  legend: HTMLElement,
  axisLabel: string,
  stats: Statistics,
  series: StatisticsSeries[],
): Plot {
  let chart: uPlot | undefined;
  let current = { stats, series };

  const build = () => {
    chart?.destroy();
    legend.textContent = "";
    const { text, grid, colour } = themeColours(box);
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
        // Buckets are UTC hours and days: a Date whose local fields read the UTC time. The
        // offset is taken again at the shifted instant, so a daylight-saving change between the
        // two does not move the label by an hour.
        tzDate: (ts) => {
          const t = ts * 1000;
          const shift = (d: Date) => new Date(t + d.getTimezoneOffset() * 60_000);
          return shift(shift(new Date(t)));
        },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [axis("Time (UTC)"), { ...axis(axisLabel), size: 60 }],
        legend: { mount: (_u, el) => legend.append(el) },
        series: [
          { label: current.stats.bucket === "day" ? "Day" : "Hour" },
          ...current.series.map((s, i): uPlot.Series => ({
            label: s.label,
            stroke: colour(i),
            width: 2,
            points: { show: current.stats.times.length <= 100 },
            value: (_u, v) => v == null ? "–" : String(v),
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
    update(stats, series) {
      current = { stats, series };
      build();
    },
    destroy() {
      resize.disconnect();
      dark.removeEventListener("change", build);
      chart?.destroy();
    },
  };
}
