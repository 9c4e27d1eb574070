/**
 * SQL the live figures share (thresholds, delivery, services; docs/decisions/0014 "Live
 * figures"): time windows ending at `now`, status sets, and the backlog counts. Windows are
 * (now − span, now], so a row stored exactly `span` ago has left it.
 */
import { type AnyColumn, isNotNull, type SQL, sql } from "drizzle-orm";
import { commands, pushTraffic, stationMessages } from "../../../db/schema/mod.ts";
import { PUSH_WAITING_STATUSES } from "../../../openapi/monitoring.ts";

export { DAY_MS, HOUR_MS, MINUTE_MS } from "../../../openapi/time_units.ts";

/** A time as a timestamptz parameter. */
export const at = (t: Date | number) => sql`${new Date(t).toISOString()}::timestamptz`;

/** `column` within (now − spanMs, now]: a range of the column's index. */
export const within = (column: AnyColumn | SQL, now: Date, spanMs: number) =>
  sql`${column} > ${at(now.getTime() - spanMs)} and ${column} <= ${at(now)}`;

/** `column` in a fixed set of codes (inlined: the sets are constants, and the plan uses them). */
export const isIn = (column: AnyColumn | SQL, codes: readonly number[]) =>
  sql`${column} in (${sql.raw(codes.map((c) => String(Math.trunc(c))).join(", "))})`;

/** A timestamptz as epoch milliseconds (both drivers answer a float8 as a number). */
export const epochMs = (t: SQL) => sql`(extract(epoch from ${t}) * 1000)::float8`;
/** The ISO string of epoch milliseconds read with `epochMs`, or null. */
export const isoOf = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** `(select count(*) from table where …)` as an integer. */
export const countWhere = (table: unknown, where: SQL) =>
  sql`(select count(*)::int from ${table} where ${where})`;

/** Push traffic still on its way (status index). */
export const pushWaiting = isIn(pushTraffic.status, PUSH_WAITING_STATUSES);
/** How many push messages wait for delivery, however old. */
export const pushWaitingCount = countWhere(pushTraffic, pushWaiting);
/** Station messages the LES still moves on (partial index on next_step_at). */
export const stationWaitingCount = countWhere(
  stationMessages,
  isNotNull(stationMessages.nextStepAt),
);
/** Commands the LES still moves on (partial index on next_step_at). */
export const commandsDrivenCount = countWhere(commands, isNotNull(commands.nextStepAt));
