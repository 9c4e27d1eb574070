/** Whether the database answers (GET /health). */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch (e) {
    console.error("[health] database check failed", e);
    return false;
  }
}
