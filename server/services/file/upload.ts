/**
 * Chunked uploads (POST /rest/file/upload). The server keeps no state of its own: chunks wait in
 * `upload_chunks` (any instance may take the next one), and the chunk that completes the set
 * assembles them into a company-scoped row of `files`. Re-sending a chunk (the client's retry)
 * replaces it; only the uploader may add chunks to an upload.
 */
import { and, asc, eq, like, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { files, uploadChunks } from "../../../db/schema/mod.ts";
import type { SessionUser } from "../../auth/sessions.ts";
import { ApiError, notFound } from "../../errors.ts";
import {
  CHUNK_TOO_LARGE,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_CHUNKS,
  UPLOAD_TOO_LARGE,
  uploadedFileName,
  type UploadResult,
} from "../../../openapi/schemas/file/file.ts";

interface ChunkQuery {
  uploadId: string;
  index: number;
  chunks: number;
  name: string;
  contentType?: string;
}

const DEFAULT_TYPE = "application/octet-stream";

/** What an upload may be: its size, its media types; /rest/file/upload's by default. */
export interface UploadLimits {
  /** Largest file, in bytes. */
  maxBytes: number;
  /** The 413 message for a file over `maxBytes`. */
  tooLarge: string;
  /** Media types accepted (without parameters); undefined: any. */
  types?: readonly string[];
  /** The 400 message for a type not in `types`. */
  typeRefused?: (type: string) => string;
}

const FILE_UPLOAD_LIMITS: UploadLimits = {
  maxBytes: UPLOAD_MAX_BYTES,
  tooLarge: UPLOAD_TOO_LARGE,
};

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file an upload was assembled into, if it is complete already. */
async function assembled(db: Pick<Db, "select">, uploadId: string) {
  const [file] = await db.select({
    name: files.name,
    size: files.size,
    contentType: files.contentType,
    companyId: files.companyId,
  }).from(files).where(like(files.name, uploadedFileName(uploadId, "%"))).limit(1);
  return file;
}

/**
 * Stores one chunk; assembles the file when it was the last one missing. `limits` narrows the
 * size and the media types (checked before anything is stored; an upload that grows past the
 * size is discarded whole).
 */
export async function storeChunk(
  db: Db,
  user: Pick<SessionUser, "key" | "companyId">,
  q: ChunkQuery,
  data: Uint8Array,
  limits: UploadLimits = FILE_UPLOAD_LIMITS,
): Promise<UploadResult> {
  const maxBytes = Math.min(limits.maxBytes, UPLOAD_MAX_BYTES);
  if (data.byteLength > UPLOAD_CHUNK_BYTES) throw new ApiError(413, CHUNK_TOO_LARGE);
  const maxChunks = Math.min(UPLOAD_MAX_CHUNKS, Math.ceil(maxBytes / UPLOAD_CHUNK_BYTES));
  if (q.chunks > maxChunks || data.byteLength > maxBytes) {
    await db.delete(uploadChunks).where(and(
      eq(uploadChunks.uploadId, q.uploadId),
      eq(uploadChunks.userKey, user.key),
    ));
    throw new ApiError(413, limits.tooLarge);
  }
  const name = uploadedFileName(q.uploadId, q.name);
  const contentType = q.contentType ?? DEFAULT_TYPE;
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (limits.types && !limits.types.includes(mediaType)) {
    throw new ApiError(400, limits.typeRefused?.(mediaType) ?? `Type ${mediaType} not allowed`);
  }

  // A chunk re-sent after the upload completed (its answer was lost): the same answer again.
  const done = await assembled(db, q.uploadId);
  if (done) {
    if (done.name !== name || done.companyId !== user.companyId) throw notFound("Upload");
    return { complete: true, name, size: done.size, contentType: done.contentType };
  }
  const [owner] = await db.select({ userKey: uploadChunks.userKey }).from(uploadChunks)
    .where(eq(uploadChunks.uploadId, q.uploadId)).limit(1);
  if (owner && owner.userKey !== user.key) throw notFound("Upload");

  const stored = await db.insert(uploadChunks).values({
    uploadId: q.uploadId,
    index: q.index,
    userKey: user.key,
    companyId: user.companyId,
    data,
  }).onConflictDoUpdate({
    target: [uploadChunks.uploadId, uploadChunks.index],
    set: { data, createdAt: sql`now()` },
    setWhere: eq(uploadChunks.userKey, user.key),
  }).returning({ index: uploadChunks.index });
  if (!stored.length) throw notFound("Upload");

  const [{ received, bytes }] = await db.select({
    received: sql<number>`(count(*) filter (where ${uploadChunks.index} < ${q.chunks}))::int`,
    bytes: sql<number>`coalesce(sum(octet_length(${uploadChunks.data})), 0)::float8`,
  }).from(uploadChunks).where(eq(uploadChunks.uploadId, q.uploadId));
  if (Number(bytes) > maxBytes) {
    await db.delete(uploadChunks).where(eq(uploadChunks.uploadId, q.uploadId));
    throw new ApiError(413, limits.tooLarge);
  }
  if (Number(received) < q.chunks) return { complete: false, received: Number(received) };

  return await db.transaction(async (tx) => {
    const parts = await tx.select({ data: uploadChunks.data }).from(uploadChunks)
      .where(and(eq(uploadChunks.uploadId, q.uploadId), lt(uploadChunks.index, q.chunks)))
      .orderBy(asc(uploadChunks.index)).for("update");
    if (parts.length < q.chunks) {
      // Another request assembled it meanwhile.
      const file = await assembled(tx, q.uploadId);
      if (!file || file.name !== name) throw notFound("Upload");
      return { complete: true, name, size: file.size, contentType: file.contentType } as const;
    }
    const content = new Uint8Array(parts.reduce((n, p) => n + p.data.byteLength, 0));
    let at = 0;
    for (const p of parts) {
      content.set(p.data, at);
      at += p.data.byteLength;
    }
    await tx.insert(files).values({
      name,
      companyId: user.companyId,
      contentType,
      content,
      size: content.byteLength,
      etag: await sha256Hex(content),
    }).onConflictDoNothing();
    await tx.delete(uploadChunks).where(eq(uploadChunks.uploadId, q.uploadId));
    return { complete: true, name, size: content.byteLength, contentType } as const;
  });
}
