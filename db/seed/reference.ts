import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { deviceTypes, errorCodes, files } from "../schema/mod.ts";
import { DEVICE_TYPES } from "../../openapi/enums.ts";
import { ERROR_CODES } from "./error_codes.ts";
import { USER_GUIDE_FILE_NAME, userGuideMarkdown, userGuidePdf } from "./user_guide.ts";

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
  await ensureUserGuide(db, version);
}

const sha256 = async (text: string) =>
  Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");

/** Renders the guide only when its source or the version changed since the stored copy. */
async function ensureUserGuide(db: Db, version: string) {
  const etag = await sha256(`${version}\n${await userGuideMarkdown()}`);
  const [stored] = await db.select({ etag: files.etag }).from(files)
    .where(eq(files.name, USER_GUIDE_FILE_NAME));
  if (stored?.etag === etag) return;
  const pdf = await userGuidePdf(version);
  const row = { contentType: "application/pdf", content: pdf, size: pdf.byteLength, etag };
  await db.insert(files).values({ name: USER_GUIDE_FILE_NAME, ...row })
    .onConflictDoUpdate({ target: files.name, set: { ...row, updatedAt: new Date() } });
}
