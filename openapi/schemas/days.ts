/**
 * Days and times as the requests write them, as regex sources (groups, no anchors, no lookahead:
 * the fuzz and the contract tests generate values from them). Zod-free, for the islands too.
 */

/** A year of 1970–9999: those a time of the API may name (PostgreSQL has no year 0). */
const YEAR = String.raw`(?:19[7-9]\d|[2-9]\d{3})`;
/** A leap year of those: divisible by 4, a century only when divisible by 400. */
const LEAP_YEAR = String.raw`(?:19(?:7[26]|8[048]|9[26])|[2-9]\d(?:0[48]|[2468][048]|[13579][26])` +
  "|(?:[2468][048]|[3579][26])00)";

/** A real day YYYY-MM-DD of the years 1970–9999 (month lengths, leap years). */
export const DAY_SOURCE = `(?:${LEAP_YEAR}-02-29|${YEAR}-(?:` +
  String.raw`(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)` +
  String.raw`|02-(?:0[1-9]|1\d|2[0-8])))`;

/** hh:mm, a real time of day. */
export const HOUR_MINUTE_SOURCE = String.raw`(?:[01]\d|2[0-3]):[0-5]\d`;
