/**
 * The retry schedule (DELIVERY_RETRY_SCHEDULE): seconds before each attempt. `schedule[0]` is
 * the delay of the first attempt (0: the message is due when stored), `schedule[k]` the delay
 * before retry k. A message whose retry step runs past the end ends in its final error status.
 */

/** DELIVERY_RETRY_SCHEDULE's default: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE = "0,5,300,1800,7200,18000,36000,36000";

/** Parses "0,5,300" into [0, 5, 300]; seconds, decimals allowed. */
export function parseSchedule(text: string): number[] {
  const parts = text.split(",").map((s) => s.trim());
  if (parts.some((s) => !/^\d+(\.\d+)?$/.test(s))) {
    throw new Error(`Invalid retry schedule "${text}": seconds separated by commas, e.g. 0,5,300`);
  }
  return parts.map(Number);
}

/** The delay before retry `step` (1-based: the first retry is step 1), or null when used up. */
export function retryDelay(schedule: readonly number[], step: number): number | null {
  return step < schedule.length ? schedule[step] : null;
}
