/**
 * Traffic counts over time (GET /rest/monitoring/statistics; docs/decisions/0014 "Statistics"),
 * read from the hourly rollup `traffic_hourly` and its unfolded changes `traffic_hourly_delta`
 * only — never from the traffic tables — so a 400-day chart reads a few thousand rows of the
 * rollup's primary key (series, hour, …) plus the last minute's changes.
 */
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import {
  COMMAND_STATUS,
  PUSH_STATUS,
  ROBOT_STATUS,
  STATION_MESSAGE_STATUS,
} from "../../../openapi/enums.ts";
import {
  DEFAULT_RANGE_DAYS,
  HOURLY_MAX_HOURS,
  MAX_RANGE_DAYS,
  MONITORING_MESSAGES,
  type Statistics,
  STATISTICS_DIMENSIONS,
  type StatisticsQuery,
  type StatisticsSeries,
  type StatisticsType,
} from "../../../openapi/schemas/monitoring.ts";
import { LAST_TIME } from "../../../openapi/schemas/time_bounds.ts";
import { DAY_MS, HOUR_MS } from "../../../openapi/time_units.ts";
import { validationError } from "../../errors.ts";

/** The status labels of each type's traffic. */
const STATUS_LABELS: Record<StatisticsType, Record<number, string>> = {
  message: STATION_MESSAGE_STATUS,
  command: COMMAND_STATUS,
  push: PUSH_STATUS,
  robot: ROBOT_STATUS,
};

/**
 * The range asked for with the defaults applied (end: now; start: 30 days before the end),
 * checked as the query schema checks two given bounds, and rounded out to its buckets.
 */
function statisticsRange(query: StatisticsQuery, now: Date) {
  const end = query.end ?? now;
  const start = query.start ?? new Date(end.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  const span = end.getTime() - start.getTime();
  // The schema's 400 (path "end") for a bound given alone, e.g. a start in the future.
  const refuse = (message: string) => validationError([{ path: ["end"], message }]);
  if (span <= 0) throw refuse(MONITORING_MESSAGES.rangeOrder);
  if (span > MAX_RANGE_DAYS * DAY_MS) throw refuse(MONITORING_MESSAGES.rangeTooLong);
  const bucket: Statistics["bucket"] = span <= HOURLY_MAX_HOURS * HOUR_MS ? "hour" : "day";
  // Epoch milliseconds count whole UTC hours and days, so plain arithmetic rounds to a bucket.
  const size = bucket === "hour" ? HOUR_MS : DAY_MS;
  const last = Math.ceil(end.getTime() / size) * size;
  return {
    bucket,
    size,
    start: Math.floor(start.getTime() / size) * size,
    /** Whole buckets: the last one ends here. */
    end: last,
    /**
     * The end as reported and read: the last a time bound may name (9999-12-31T23:59:59.999)
     * rounds up to year 10000, which has no ISO 8601 date-time; the last bucket ends there.
     */
    shownEnd: Math.min(last, LAST_TIME),
  };
}

interface Row {
  /** The bucket's start, epoch seconds. */
  t: number;
  /** Null in the rows summed by dimension. */
  status: number | null;
  /** Null in the rows summed by status. */
  dimension: string | null;
  n: number;
}

/** The series of `keys` with a nonzero total, in that order. */
function seriesOf(
  counts: Map<string, number[]>,
  keys: string[],
  label: (key: string) => string,
): StatisticsSeries[] {
  return keys.flatMap((key) => {
    const values = counts.get(key)!;
    const total = values.reduce((a, b) => a + b, 0);
    return total === 0 ? [] : [{ key, label: label(key), values, total }];
  });
}

const numeric = (a: string, b: string) => Number(a) - Number(b);

export async function readStatistics(
  db: Db,
  query: StatisticsQuery,
  now = new Date(),
): Promise<Statistics> {
  const type = query.type;
  const range = statisticsRange(query, now);
  const buckets = (range.end - range.start) / range.size;
  const bucketOf = range.bucket === "hour" ? sql`hour` : sql`date_trunc('day', hour, 'UTC')`;
  const dimensioned = type === "push" || type === "robot";
  const inRange = sql`series = ${type}
    and hour >= ${new Date(range.start).toISOString()}::timestamptz
    and hour < ${new Date(range.shownEnd).toISOString()}::timestamptz`;
  // One pass over the range of the rollup's primary key plus the changes not folded into it yet
  // (rollup.ts; one snapshot, so a fold meanwhile neither loses nor doubles them), summed per
  // bucket by status and by dimension.
  const rows = await executeRows<Row>(
    db,
    sql`select extract(epoch from t)::float8 as t, status,
          ${dimensioned ? sql`dimension` : sql`null::text`} as dimension, sum(count)::float8 as n
        from (
          select ${bucketOf} as t, status, dimension, count from traffic_hourly where ${inRange}
          union all
          select ${bucketOf}, status, dimension, delta from traffic_hourly_delta where ${inRange}
        ) h
        group by grouping sets ((t, status)${dimensioned ? sql`, (t, dimension)` : sql``})`,
  );

  const byStatus = new Map<string, number[]>();
  const byDimension = new Map<string, number[]>();
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n);
    const i = Math.round((Number(row.t) * 1000 - range.start) / range.size);
    const statusRow = row.status !== null;
    const map = statusRow ? byStatus : byDimension;
    const key = String(statusRow ? row.status : row.dimension);
    let values = map.get(key);
    if (!values) map.set(key, values = new Array(buckets).fill(0));
    values[i] += n;
    if (statusRow) total += n;
  }

  const statusLabels = STATUS_LABELS[type];
  let dimension: Statistics["byDimension"] = null;
  if (dimensioned) {
    const { name, label, labels } = STATISTICS_DIMENSIONS[type];
    // Delivery types by code, labelled from DELIVERY_TYPES; robots by name, labelled by it.
    const keys = [...byDimension.keys()].sort(labels ? numeric : undefined);
    const labelOf = (k: string) =>
      labels ? labels[Number(k) as keyof typeof labels] ?? `Type ${k}` : k;
    dimension = { name, label, series: seriesOf(byDimension, keys, labelOf) };
  }
  return {
    type,
    start: new Date(range.start).toISOString(),
    end: new Date(range.shownEnd).toISOString(),
    bucket: range.bucket,
    times: Array.from(
      { length: buckets },
      (_, i) => new Date(range.start + i * range.size).toISOString(),
    ),
    total,
    byStatus: seriesOf(
      byStatus,
      [...byStatus.keys()].sort(numeric),
      (k) => statusLabels[Number(k)] ?? `Status ${k}`,
    ),
    byDimension: dimension,
  };
}
