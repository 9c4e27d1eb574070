/**
 * Messaging C attachments: the chunked upload's limits (32 KB, an allow-list of media types; the
 * upload itself is server/services/file/upload.ts) and the content of a sent message's
 * attachment, for the sender's company (administrators: any).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { files, stationMessages } from "../../../db/schema/mod.ts";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "../../../openapi/enums.ts";
import {
  type AttachmentContent,
  MESSAGING_C_MESSAGES as M,
} from "../../../openapi/schemas/inmarsat/messaging_c.ts";
import { ApiError } from "../../errors.ts";
import type { UploadLimits } from "../file/upload.ts";
import { companyRows, type Scope } from "../tenancy.ts";

/** Base64 of `bytes`, 8 KB at a time (no argument list too long). */
function base64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return btoa(text);
}

export const ATTACHMENT_LIMITS: UploadLimits = {
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: M.attachmentLarge(ATTACHMENT_MAX_BYTES),
  types: ATTACHMENT_TYPES,
  typeRefused: M.attachmentType,
};

/** GET /rest/inmarsat/getAttachmentContent: 404 when none, or not the caller's to see. */
export async function attachmentContent(
  db: Db,
  scope: Scope,
  refNum: number,
): Promise<AttachmentContent> {
  const [row] = await db.select({
    name: stationMessages.attachmentName,
    contentType: files.contentType,
    size: files.size,
    content: files.content,
  }).from(stationMessages)
    .innerJoin(files, eq(files.name, stationMessages.attachmentFile))
    .where(and(eq(stationMessages.refNum, refNum), companyRows(scope, stationMessages.companyId)));
  if (!row) throw new ApiError(404, M.attachmentNotFound);
  return {
    refNum,
    name: row.name ?? "attachment",
    contentType: row.contentType,
    size: row.size,
    content: base64(row.content as Uint8Array),
  };
}
