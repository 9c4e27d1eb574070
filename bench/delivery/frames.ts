/** What section 5 delivers (bench/delivery/), and how it is queued. */
import { and, count, eq, gte, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";
import { pushTraffic } from "../../db/schema/mod.ts";
import type { Sink } from "../../server/delivery/sinks/mod.ts";

/** The position report every frame carries. */
export const CONTENT = "DNID 10001 MEM 7 POS 43.1000N 005.2000W SPD 7.2 CRS 130 2026-11-23 10:15";

/** Stores `n` messages for the TCP route `routeId` of `tgidId`, due now, in one statement: their ids. */
export async function storeMessages(db: Db, tgidId: number, routeId: number, n: number) {
  const rows = await executeRows<{ id: number }>(
    db,
    sql`
    insert into push_traffic (tgid_id, dnid, les, les_c_stored_time, status, delivery_type,
      protocol, data_length, content, routage_push_id, routage_type, next_attempt_at)
    select ${tgidId}, 10001, 21, now(), 0, 0, 0, ${CONTENT.length}, ${CONTENT}, ${routeId}, 0,
      now()
    from generate_series(1, ${n})
    returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Polls `check` every 50 ms until it holds; throws after `limitMs`. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  limitMs: number,
  what: string,
) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A burst queued and delivered: its ids, and how long queueing them took (the insert). */
export interface Burst {
  ids: number[];
  insertMs: number;
}

/**
 * Stores `n` messages (as storeMessages; `inserted` hears when that ended) and waits until the
 * sink received as many frames and every one of them is recorded Delivered.
 */
export async function deliverAll(
  db: Db,
  sink: Sink,
  tgidId: number,
  routeId: number,
  n: number,
  inserted?: () => void,
): Promise<Burst> {
  const t0 = performance.now();
  const ids = await storeMessages(db, tgidId, routeId, n);
  const insertMs = performance.now() - t0;
  inserted?.();
  const first = Math.min(...ids);
  await waitFor(
    async () => {
      // The sink first: counting rows meanwhile would load the database being measured.
      if (sink.received.length < ids.length) return false;
      const [{ n }] = await db.select({ n: count() }).from(pushTraffic)
        .where(and(eq(pushTraffic.status, 4), gte(pushTraffic.id, first)));
      return n >= ids.length;
    },
    300_000,
    "every message delivered",
  );
  return { ids, insertMs };
}
