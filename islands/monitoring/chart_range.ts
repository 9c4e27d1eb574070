/**
 * The statistics pages' range (zod-free: the page loader and the chart island share it): a preset
 * (`?range=7d`, relative to now) or two bounds typed in the date fields (`?start=&end=`, days
 * YYYY-MM-DD or ISO date-times), checked by the server's StatisticsQuerySchema.
 */
// Types only: openapi/monitoring.ts imports the enums, too large for a chart page's first load.
import type { StatisticsType } from "../../openapi/monitoring.ts";
import { DAY_MS, HOUR_MS } from "../../openapi/time_units.ts";

export const RANGE_PRESETS = {
  "24h": { label: "24 hours", ms: 24 * HOUR_MS },
  "7d": { label: "7 days", ms: 7 * DAY_MS },
  // The default, DEFAULT_RANGE_DAYS of openapi/monitoring.ts (tests/e2e/monitoring/monitoring_charts_test.ts).
  "30d": { label: "30 days", ms: 30 * DAY_MS },
  "90d": { label: "90 days", ms: 90 * DAY_MS },
  "1y": { label: "1 year", ms: 365 * DAY_MS },
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;
export const DEFAULT_PRESET: RangePreset = "30d";

export interface ChartRange {
  /** The preset chosen, or null for bounds typed in the date fields. */
  preset: RangePreset | null;
  /** The bounds sent to the statistics call. */
  start: string;
  end: string;
}

const isPreset = (v: string | null): v is RangePreset =>
  v !== null && Object.hasOwn(RANGE_PRESETS, v);

export function presetRange(preset: RangePreset, now = new Date()): ChartRange {
  return {
    preset,
    start: new Date(now.getTime() - RANGE_PRESETS[preset].ms).toISOString(),
    end: now.toISOString(),
  };
}

/** The range a page URL asks for: `?range=<preset>`, else `?start=&end=`, else 30 days. */
export function rangeFromSearch(search: URLSearchParams, now = new Date()): ChartRange {
  const preset = search.get("range");
  if (isPreset(preset)) return presetRange(preset, now);
  const start = search.get("start")?.trim() ?? "";
  const end = search.get("end")?.trim() ?? "";
  // A bound left empty takes its default on the server (end: now; start: 30 days before it).
  if (start || end) return { preset: null, start, end };
  return presetRange(DEFAULT_PRESET, now);
}

/** The page URL's query for a range (a preset stays relative: reloading shows the latest). */
export function searchOf(range: ChartRange): string {
  const q = new URLSearchParams();
  if (range.preset) q.set("range", range.preset);
  else {
    if (range.start) q.set("start", range.start);
    if (range.end) q.set("end", range.end);
  }
  return `?${q}`;
}

/** The statistics call of one type over a range. */
export function statisticsPath(type: StatisticsType, range: ChartRange): string {
  const q = new URLSearchParams({ type });
  if (range.start) q.set("start", range.start);
  if (range.end) q.set("end", range.end);
  return `/rest/monitoring/statistics?${q}`;
}

/**
 * A bound as the date field shows it: its UTC day. An end that is exactly a midnight (a preset's
 * end never is; the server's rounded end is) shows the day before, the last one it includes.
 */
export function dayOf(bound: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound;
  const t = Date.parse(bound);
  if (Number.isNaN(t)) return "";
  const midnight = t % DAY_MS === 0;
  return new Date(end && midnight ? t - DAY_MS : t).toISOString().slice(0, 10);
}
