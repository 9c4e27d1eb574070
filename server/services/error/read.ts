/** The error code list (the /error pages and GET /rest/error/all). */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { errorCodes } from "../../../db/schema/mod.ts";
import type { ErrorCode } from "../../../openapi/schemas/error.ts";

/** Every error code, ascending. */
export async function allErrorCodes(db: Db): Promise<ErrorCode[]> {
  return await db.select({ code: errorCodes.code, message: errorCodes.message })
    .from(errorCodes).orderBy(asc(errorCodes.code));
}

/** One code's message, or null when the list has no such code. */
export async function errorMessage(db: Db, code: number): Promise<string | null> {
  const [row] = await db.select({ message: errorCodes.message }).from(errorCodes)
    .where(eq(errorCodes.code, code));
  return row?.message ?? null;
}
