/**
 * The audit trail's retention: entries older than AUDIT_RETENTION_DAYS go, through the database's
 * `audit_purge` (the only delete its append-only trigger lets through). Run with the hourly
 * pruning; idempotent, so any number of instances may run it at once.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

/** Drops the entries older than `days`; answers how many went. */
export async function pruneAudit(db: Db, days: number): Promise<number> {
  const [row] = await db.select({ n: sql`audit_purge(${days})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row.n;
}
