/** Time units shared by the server and the islands (zod-free, so islands may import it). */

/** One minute in milliseconds. */
export const MINUTE_MS = 60_000;

/** One hour in milliseconds. */
export const HOUR_MS = 60 * MINUTE_MS;

/** One day in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;
