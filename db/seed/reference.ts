import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { deviceTypes, errorCodes, files } from "../schema/mod.ts";
import { DEVICE_TYPES } from "../../openapi/enums.ts";
import { ERROR_CODES } from "./error_codes.ts";
import { USER_GUIDE_FILE_NAME, userGuidePdf } from "./user_guide.ts";

/**
 * Reference data the product needs whatever SEED says: the error code list, the device types and
 * the user guide. Upserted at every start, so a new release's list replaces the old one.
 */
export async function ensureReferenceData(db: Db, version: string): Promise<void> {
  await db.insert(errorCodes).values([...ERROR_CODES]).onConflictDoUpdate({
    target: errorCodes.code,
    set: { message: sql`excluded.message` },
  });
  await db.insert(deviceTypes).values(DEVICE_TYPES.map((t) => ({ ...t }))).onConflictDoUpdate({
    target: deviceTypes.id,
    set: {
      name: sql`excluded.name`,
      handler: sql`excluded.handler`,
      deletable: sql`excluded.deletable`,
      addForm: sql`excluded.add_form`,
    },
  });
  const pdf = await userGuidePdf(version);
  await db.insert(files).values({
    name: USER_GUIDE_FILE_NAME,
    contentType: "application/pdf",
    content: pdf,
    size: pdf.byteLength,
  }).onConflictDoUpdate({
    target: files.name,
    set: { content: pdf, size: pdf.byteLength, updatedAt: new Date() },
    where: sql`${files.content} is distinct from excluded.content`,
  });
}
