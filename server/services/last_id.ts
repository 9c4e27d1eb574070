/** The highest id of a table (0 when it has none): what an add dialog proposes plus one. */
import { max, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";

export async function lastId(db: Db, id: PgColumn, where?: SQL): Promise<{ id: number }> {
  const [row] = await db.select({ id: max(id) }).from(id.table).where(where);
  return { id: Number(row?.id ?? 0) };
}
