/**
 * Time bounds typed in a filter box or a query string: a day `YYYY-MM-DD` (UTC; an end bound then
 * takes the whole day) or an ISO 8601 date-time with an offset, of years 1970–9999.
 */
import { z } from "zod";
import { formMessages } from "./messages.ts";
import { trimmedLine } from "./common.ts";
import { DAY_MS } from "../time_units.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The times a filter may name: years 1970–9999 (PostgreSQL refuses year 0 and 5-digit years). */
const FIRST_TIME = Date.UTC(1970, 0, 1);
export const LAST_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** The instant a filter box names (a day: its start, UTC), or NaN when it names none. */
function timeOf(v: string): number {
  if (DAY.test(v)) {
    const t = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(v) ? t : NaN;
  }
  return z.iso.datetime({ offset: true }).safeParse(v).success ? Date.parse(v) : NaN;
}

/**
 * A time bound typed in a filter box: a day `YYYY-MM-DD` (UTC; `to` then takes the whole day)
 * or an ISO 8601 date-time, of years 1970–9999 (anything else: '<label> is not in a valid format').
 */
export const timeBound = (label: string, end: boolean, what: string) =>
  trimmedLine(label)
    .refine((v) => {
      const t = timeOf(v);
      return t >= FIRST_TIME && t <= LAST_TIME;
    }, formMessages.match(label))
    .transform((v) => new Date(Math.min(timeOf(v) + (DAY.test(v) && end ? DAY_MS : 0), LAST_TIME)))
    .meta({
      description: `A day (YYYY-MM-DD, UTC) or an ISO 8601 date-time, years 1970–9999; ${what}${
        end ? " (a day: up to its end)" : ""
      }`,
      example: "2026-11-23",
    });
