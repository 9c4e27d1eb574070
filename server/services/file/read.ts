/** Stored files (GET /rest/file/get?name): public ones, and those of the caller's company. */
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { files } from "../../../db/schema/mod.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { notFound } from "../../errors.ts";

/** The file named `name` that the scope may read (a public file, or its company's); else 404. */
export async function fileByName(db: Db, scope: Scope, name: string) {
  const own = companyRows(scope, files.companyId);
  const [file] = await db.select().from(files).where(and(
    eq(files.name, name),
    own ? or(isNull(files.companyId), own) : undefined,
  )).limit(1);
  if (!file) throw notFound("File");
  return file;
}
