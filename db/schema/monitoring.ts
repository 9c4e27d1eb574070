/**
 * Monitoring (issue 16): the hourly traffic rollup the statistics read, the thresholds an
 * operator set for the watched queues, and the heartbeats of the portal's own services.
 *
 * Statement-level triggers on push_traffic, robot_traffic, station_messages and commands
 * (migration 0007) append every insert's, update's and delete's count changes per (series, hour,
 * status, dimension) to `traffic_hourly_delta`, in the same transaction — append only, so writers
 * never wait on each other; a truncate forgets its series in both tables. A fold every minute
 * (server/services/monitoring/rollup.ts) sums the deltas into `traffic_hourly`. The statistics
 * read both, so a chart over 400 days reads at most 9,600 hours × a few statuses (plus the
 * minute's deltas) and never scans the traffic itself.
 */
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { users } from "./admin.ts";

/**
 * Traffic counts per UTC hour. series: 'push' (push_traffic by lesCStoredTime; dimension = its
 * deliveryType), 'robot' (robot_traffic by receivedTime; dimension = the robot's name),
 * 'message' (station_messages by createdAt; dimension = ''), 'command' (commands by createdAt;
 * dimension = '').
 */
export const trafficHourly = pgTable("traffic_hourly", {
  series: text().notNull(),
  /** The start of the UTC hour. */
  hour: tstz().notNull(),
  status: integer().notNull(),
  dimension: text().notNull(),
  count: bigint({ mode: "number" }).notNull(),
}, (t) => [primaryKey({ columns: [t.series, t.hour, t.status, t.dimension] })]);

/**
 * Count changes not yet folded into `traffic_hourly`: one row per (series, hour, status,
 * dimension) a statement changed, with its net delta. No unique key, so concurrent writers only
 * append; the fold deletes what it sums.
 */
export const trafficHourlyDelta = pgTable("traffic_hourly_delta", {
  series: text().notNull(),
  hour: tstz().notNull(),
  status: integer().notNull(),
  dimension: text().notNull(),
  delta: bigint({ mode: "number" }).notNull(),
}, (t) => [index("traffic_hourly_delta_series_hour_idx").on(t.series, t.hour)]);

/** An operator's maximum and alert value for a watched queue (openapi/monitoring.ts). */
export const monitoringThresholds = pgTable("monitoring_thresholds", {
  /** The queue's key (MONITORED_QUEUES). */
  queue: text().primaryKey(),
  maximum: integer().notNull(),
  alert: integer().notNull(),
  updatedAt: tstz().notNull().defaultNow(),
  updatedByKey: integer().references(() => users.key, { onDelete: "set null" }),
});

/**
 * The last signs of life of a portal service (the LES adapter's clock, the delivery engine): one
 * row per service name, written by the running instance at most every few seconds.
 */
export const serviceHeartbeats = pgTable("service_heartbeats", {
  service: text().primaryKey(),
  /** Which adapter or engine runs it (e.g. 'simulated' for the built-in LES). */
  implementation: text().notNull(),
  /** The host and process that wrote the last beat. */
  instance: text().notNull(),
  startedAt: tstz().notNull(),
  /** The last tick of its loop, with or without work. */
  lastBeatAt: tstz().notNull(),
  /** The last tick that moved something on; null: none yet since it started. */
  lastWorkAt: tstz(),
  /** Items moved on since the instance started. */
  processed: bigint({ mode: "number" }).notNull().default(0),
  lastError: text(),
  lastErrorAt: tstz(),
});
