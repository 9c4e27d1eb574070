/**
 * What a statistics chart shows, as plain data: the series of one breakdown, the bucket labels,
 * the table rows and the CSV — the same figures for the chart, the table and the download.
 */
import type { StatisticsType } from "../../openapi/monitoring.ts";
import type { Statistics, StatisticsSeries } from "../../openapi/schemas/monitoring.ts";
import { toCsv } from "../kit/table/csv.ts";

/** One chart of a page: a type's counts by status, or by its second breakdown. */
export interface ChartSpec {
  type: StatisticsType;
  by: "status" | "dimension";
  title: string;
}

/**
 * How many series colours there are: charts.css defines them (`--chart-s0`… and the legend
 * swatches `.s0`…), in a light and a dark variant; series beyond repeat them — the legend names
 * every series, so none is told by colour alone.
 */
const SERIES_COLOURS = 8;

/**
 * A status series' colour by meaning (charts.css): done green (g), failed red (r), waiting or in
 * progress blue to grey (b), by status code per type — commands as commandStatusClass of
 * openapi/enums.ts (too large to import here), messages neutral but delivered and failed. Shades
 * go in turn within a family; dimension series take the palette (s0…).
 */
const STATUS_FAMILIES: Record<StatisticsType, string> = {
  push: "bbbrgrrrb",
  robot: "bbgrrr",
  command: "bbbbbgrgrbbbbrb",
  message: "bbbbbbbbbbbbgr",
};
const SHADES: Record<string, number> = { g: 2, r: 4, b: 4 };

/** The colour class of each series: `g0`, `r1`, `b2`… for statuses, else `s0`…. */
export function coloursOf(type: StatisticsType, by: ChartSpec["by"], series: StatisticsSeries[]) {
  const used: Record<string, number> = { g: 0, r: 0, b: 0 };
  return series.map((s, i) => {
    if (by !== "status") return `s${i % SERIES_COLOURS}`;
    const family = STATUS_FAMILIES[type][+s.key] ?? "b";
    return family + used[family]++ % SHADES[family];
  });
}

/** How many series a chart draws at first: its busiest; the user ticks the others. */
export const SERIES_DRAWN = 5;

/**
 * Which series a chart draws at first: the SERIES_DRAWN largest totals (the first on a tie), so
 * a chart of 21 robots is not a tangle of lines.
 */
export function busiestOf(series: StatisticsSeries[]): boolean[] {
  const order = series.map((s, i) => ({ total: s.total, i }))
    .sort((a, b) => b.total - a.total || a.i - b.i);
  const drawn = new Set(order.slice(0, SERIES_DRAWN).map((o) => o.i));
  return series.map((_, i) => drawn.has(i));
}

export const seriesOf = (stats: Statistics, by: ChartSpec["by"]): StatisticsSeries[] =>
  by === "status" ? stats.byStatus : stats.byDimension?.series ?? [];

/** A bucket's start as the table shows it (UTC): the day, or the day and hour. */
export const bucketLabel = (time: string, bucket: Statistics["bucket"]) =>
  bucket === "day" ? time.slice(0, 10) : `${time.slice(0, 10)} ${time.slice(11, 16)}`;

const TIME_HEADER = "Time (UTC)";

/** The table: a row per bucket, a column per series and the bucket's total. */
export function tableOf(stats: Statistics, by: ChartSpec["by"]) {
  const series = seriesOf(stats, by);
  const header = [TIME_HEADER, ...series.map((s) => s.label), "Total"];
  const rows = stats.times.map((time, i) => {
    const counts = series.map((s) => s.values[i]);
    return [bucketLabel(time, stats.bucket), ...counts, counts.reduce((a, b) => a + b, 0)];
  });
  const totals = ["Total", ...series.map((s) => s.total), series.reduce((a, s) => a + s.total, 0)];
  return { header, rows, totals };
}

export function csvOf(stats: Statistics, by: ChartSpec["by"]): string {
  const { header, rows, totals } = tableOf(stats, by);
  return toCsv(header, [...rows, totals].map((r) => r.map(String)));
}

/** The CSV file's name: the chart and its range, e.g. push-status-2026-10-24-2026-11-23.csv. */
export const csvName = (spec: ChartSpec, stats: Statistics) =>
  `${spec.type}-${spec.by}-${stats.start.slice(0, 10)}-${stats.end.slice(0, 10)}.csv`;
