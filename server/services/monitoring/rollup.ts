/**
 * The fold of the hourly traffic rollup (docs/decisions/0014 "Statistics"): the triggers of
 * migration 0007 only append count changes to `traffic_hourly_delta`, so writers never wait on
 * each other; this moves them into `traffic_hourly`, summed per bucket, in one transaction.
 * The statistics read both tables, so their figures are exact before and after a fold.
 */
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";

/** How often the portal folds (server/start.ts). */
const FOLD_EVERY_MS = 60_000;
/** The transaction-level advisory lock of a fold: one instance folds at a time. */
const FOLD_LOCK = 7_271_003;

/**
 * Moves every delta into the rollup; answers how many delta rows it folded, or 0 when another
 * instance is folding right now (its fold takes them).
 */
export function foldTrafficDeltas(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await executeRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`,
    );
    if (!lock?.ok) return 0;
    // A delta appended after this statement's snapshot stays for the next fold. One folder at a
    // time, and buckets in key order, so the upsert never deadlocks with another fold.
    const [row] = await executeRows<{ n: number }>(
      tx,
      sql`with moved as (
          delete from traffic_hourly_delta returning series, hour, status, dimension, delta
        ), folded as (
          insert into traffic_hourly as h (series, hour, status, dimension, count)
          select series, hour, status, dimension, sum(delta) from moved
          group by series, hour, status, dimension having sum(delta) <> 0
          order by series, hour, status, dimension
          on conflict (series, hour, status, dimension)
          do update set count = h.count + excluded.count
        )
        select count(*)::int as n from moved`,
    );
    return Number(row?.n ?? 0);
  });
}

/**
 * Folds every `everyMs` (the timer does not keep the process alive; a failure is logged). Answers
 * the stopper, which waits for a fold under way.
 */
export function scheduleFolding(db: Db, everyMs = FOLD_EVERY_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = foldTrafficDeltas(db).catch((e) =>
      console.error("monitoring: folding the traffic failed:", e)
    );
  }, everyMs);
  Deno.unrefTimer(timer);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
