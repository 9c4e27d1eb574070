/**
 * Time bounds typed in a filter box or a query string: a day `YYYY-MM-DD` (UTC; an end bound then
 * takes the whole day) or an ISO 8601 date-time with an offset, of years 1970–9999.
 */
import { formMessages } from "./messages.ts";
import { trimmedLine } from "./common.ts";
import { DAY_SOURCE, HOUR_MINUTE_SOURCE } from "./days.ts";
import { DAY_MS } from "../time_units.ts";

/** A real day, YYYY-MM-DD. */
const DAY = new RegExp(`^${DAY_SOURCE}$`);
/**
 * A date-time with seconds (a fraction allowed) and an offset, Z or ±hh:mm (what zod's
 * z.iso.datetime({offset: true}) takes, of those years).
 */
const DATE_TIME = new RegExp(
  String
    .raw`^${DAY_SOURCE}T${HOUR_MINUTE_SOURCE}:[0-5]\d(?:\.\d+)?(?:Z|[+-]${HOUR_MINUTE_SOURCE})$`,
);
/**
 * Either, with the blanks around it that are trimmed: the contract's pattern of a time bound (and
 * a table's own check of a filter box: FILTER_PATTERNS), and the server's check.
 */
const TIME_BOUND = new RegExp(
  String.raw`^\s*(?:${DAY.source.slice(1, -1)}|${DATE_TIME.source.slice(1, -1)})\s*$`,
);

/** The times a filter may name: years 1970–9999 (PostgreSQL refuses year 0 and 5-digit years). */
const FIRST_TIME = Date.UTC(1970, 0, 1);
export const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** A time of those years (an instant in ms, NaN for none). */
export const inTimeRange = (t: number) => t >= FIRST_TIME && t <= LAST_TIME;
/**
 * The instant within those years nearest to `t`: an offset can take a time written in them out
 * (1970-01-01T00:00:00+01:00), by hours.
 */
export const clampTime = (t: number) => Math.min(Math.max(t, FIRST_TIME), LAST_TIME);

/** The instant a filter box names (a day: its start, UTC). */
const timeOf = (v: string) => DAY.test(v) ? Date.parse(`${v}T00:00:00Z`) : Date.parse(v);

/**
 * A time bound typed in a filter box: a day `YYYY-MM-DD` (UTC; `to` then takes the whole day)
 * or an ISO 8601 date-time, of years 1970–9999 (anything else: '<label> is not in a valid format').
 */
export const timeBound = (label: string, end: boolean, what: string) =>
  trimmedLine(label).regex(TIME_BOUND, formMessages.match(label))
    .transform((v) => new Date(clampTime(timeOf(v) + (DAY.test(v) && end ? DAY_MS : 0))))
    .meta({
      description: "A day (YYYY-MM-DD, UTC) or an ISO 8601 date-time with seconds and an offset " +
        `(Z or ±hh:mm), of the years 1970–9999; ${what}${end ? " (a day: up to its end)" : ""}`,
      pattern: TIME_BOUND.source,
      example: "2026-11-23",
    });
