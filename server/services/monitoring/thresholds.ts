/**
 * The watched queues against their thresholds (GET /rest/monitoring/tresholds and its update;
 * docs/decisions/0014 "Live figures"): every value counted now in one statement of indexed
 * subqueries; the maximum and alert an operator saved, else the built-in defaults.
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import {
  commandLists,
  monitoringThresholds,
  pushTraffic,
  robotTraffic,
} from "../../../db/schema/mod.ts";
import {
  gaugeBand,
  MONITORED_QUEUE_KEYS,
  MONITORED_QUEUES,
  type MonitoredQueue,
  PUSH_FAILED_STATUSES,
  ROBOT_FAILED_STATUSES,
  ROBOT_WAITING_STATUSES,
  type Thresholds,
  type ThresholdsUpdateRequest,
} from "../../../openapi/schemas/monitoring.ts";
import {
  countWhere,
  DAY_MS,
  isIn,
  pushWaitingCount,
  stationWaitingCount,
  within,
} from "./queries.ts";

/** Each queue's value now (see MONITORED_QUEUES for what each counts). */
function queueValues(db: Db, now: Date) {
  const r = robotTraffic;
  const values: Record<MonitoredQueue, SQL> = {
    pushWaiting: pushWaitingCount,
    // status index (status, les_c_stored_time): one range per failed status.
    pushErrors: countWhere(
      pushTraffic,
      sql`${isIn(pushTraffic.status, PUSH_FAILED_STATUSES)} and ${
        within(pushTraffic.lesCStoredTime, now, DAY_MS)
      }`,
    ),
    robotWaiting: countWhere(r, isIn(r.status, ROBOT_WAITING_STATUSES)),
    robotFailures: countWhere(
      r,
      sql`${isIn(r.status, ROBOT_FAILED_STATUSES)} and ${within(r.receivedTime, now, DAY_MS)}`,
    ),
    // A list is settled (terminated) once none of its commands is pending nor scheduled by the
    // station (services/command/cancel.ts); the lists page's "Unfinished" is the same rows.
    commandListsOpen: countWhere(commandLists, sql`${commandLists.terminated} = false`),
    stationWaiting: stationWaitingCount,
  };
  const columns = MONITORED_QUEUE_KEYS.map((k) => sql`${values[k]} as ${sql.identifier(k)}`);
  return executeRows<Record<MonitoredQueue, number>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
}

export async function readThresholds(db: Db, now = new Date()): Promise<Thresholds> {
  const [[values], saved] = await Promise.all([
    queueValues(db, now),
    db.select().from(monitoringThresholds),
  ]);
  const byQueue = new Map(saved.map((t) => [t.queue, t]));
  return {
    measuredAt: now.toISOString(),
    queues: MONITORED_QUEUE_KEYS.map((queue) => {
      const { label, description, maximum, alert } = MONITORED_QUEUES[queue];
      const set = byQueue.get(queue);
      const value = Number(values[queue]);
      const limits = set ?? { maximum, alert };
      return {
        queue,
        label,
        description,
        value,
        maximum: limits.maximum,
        alert: limits.alert,
        band: gaugeBand(value, limits.maximum),
        alerting: value >= limits.alert,
        configured: set !== undefined,
        updatedAt: set ? set.updatedAt.toISOString() : null,
      };
    }),
  };
}

/** Saves the listed queues' maximum and alert (one upsert); the others keep theirs. */
export async function updateThresholds(
  db: Db,
  userKey: number,
  req: ThresholdsUpdateRequest,
): Promise<Thresholds> {
  const now = new Date();
  await db.insert(monitoringThresholds).values(
    req.queues.map((q) => ({ ...q, updatedAt: now, updatedByKey: userKey })),
  ).onConflictDoUpdate({
    target: monitoringThresholds.queue,
    set: {
      maximum: sql`excluded.maximum`,
      alert: sql`excluded.alert`,
      updatedAt: sql`excluded.updated_at`,
      updatedByKey: sql`excluded.updated_by_key`,
    },
  });
  return readThresholds(db, now);
}
