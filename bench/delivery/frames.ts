/** What section 5 delivers (bench/delivery/), and how it is queued. */
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";

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
