/**
 * Stored files: downloading one (GET /rest/file/get?name) and the chunked upload (POST
 * /rest/file/upload), shared by the routes and islands/kit/FileUpload.
 */
import { z } from "zod";
import { CONTROL_RANGES, line, matching, queryInteger, withPattern } from "../common.ts";
import {
  CHUNK_TOO_LARGE,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_CHUNKS,
  UPLOAD_NAME_MAX,
} from "./file_limits.ts";

export const FileQuerySchema = z.object({
  name: line("Name").min(1).max(255).meta({
    example: "user-guide.pdf",
    param: { in: "query" },
  }),
});

export {
  CHUNK_TOO_LARGE,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_CHUNKS,
  UPLOAD_NAME_MAX,
  UPLOAD_TOO_LARGE,
} from "./file_limits.ts";

/** Where an upload is stored in `files` (and downloaded from with GET /rest/file/get?name). */
export const uploadedFileName = (uploadId: string, name: string) => `uploads/${uploadId}/${name}`;

const INDEX_BELOW_CHUNKS = "index must be below chunks";

/** A whole number in the query string (a missing or empty value is refused, never read as 0). */
const count = (description: string, example: number, min: number, max: number) =>
  queryInteger("A count", z.coerce.number<string>().int().min(min).max(max), {
    description,
    example,
    digits: 9,
    message: "must be a whole number",
  });

/**
 * A plain file name: no folder separator (/ or \\) or control character, and not "." or "..".
 * Its first one to three characters say the rest may be anything allowed.
 */
const NAME_CHAR = String.raw`[^/\\${CONTROL_RANGES}]`;
const NAME_START = String.raw`[^./\\${CONTROL_RANGES}]`;
const PLAIN_FILE_NAME = new RegExp(
  String.raw`^(?:${NAME_START}|\.${NAME_START}|\.\.${NAME_CHAR})${NAME_CHAR}*$`,
);

/** A media type: type/subtype, then any parameters after a ';'. */
const MEDIA_TYPE = new RegExp(String.raw`^[\w.+-]+\/[\w.+-]+(;[^${CONTROL_RANGES}]*)?$`);

/** The upload examples' id, and where that upload is stored (what its last chunk answers). */
const EXAMPLE_UPLOAD_ID = "0b5f7c1e-8d6a-4c1b-9a43-2f0e6c2d9a10";
export const EXAMPLE_ATTACHMENT_NAME = `uploads/${EXAMPLE_UPLOAD_ID}/report.csv`;
/**
 * The upload examples' file: `report.csv` (text/csv) in one chunk, small enough for a Messaging C
 * attachment too.
 */
export const UPLOAD_EXAMPLE = "imn,label,latitude,longitude\n436912345,Atlantic Dawn,47.38,-4.97\n";

export const UploadQuerySchema = z.object({
  uploadId: withPattern(z.uuid()).meta({
    description: "Made by the client (a UUID) for one file; the same for each of its chunks",
    example: EXAMPLE_UPLOAD_ID,
    param: { in: "query" },
  }),
  index: count("0-based position of this chunk: below chunks", 0, 0, 100_000 - 1),
  chunks: count(
    `How many chunks the file has (each ${UPLOAD_CHUNK_BYTES / 1024} KB, the last may be ` +
      `shorter; at most ${UPLOAD_MAX_CHUNKS}, i.e. ${UPLOAD_MAX_BYTES / 1024 / 1024} MB)`,
    1,
    1,
    100_000,
  ),
  name: matching(
    line("name").min(1).max(UPLOAD_NAME_MAX),
    PLAIN_FILE_NAME,
    "name must be a plain file name",
  ).meta({ description: "The original file name", example: "report.csv", param: { in: "query" } }),
  contentType: matching(line("contentType").min(1).max(255), MEDIA_TYPE).optional().meta({
    description: "The file's media type (default application/octet-stream)",
    example: "text/csv",
    param: { in: "query" },
  }),
}).refine((q) => q.index < q.chunks, { message: INDEX_BELOW_CHUNKS, path: ["index"] });

/**
 * An upload's rules beyond its schemas (an upload of at most `tooLarge`'s size): the index within
 * the chunks, a chunk's bytes and the whole file's (what the chunks add up to: 413).
 */
export const uploadRules = (tooLarge: string) => [INDEX_BELOW_CHUNKS, CHUNK_TOO_LARGE, tooLarge];

export const UploadResultSchema = z.union([
  z.object({
    complete: z.literal(true),
    name: z.string().meta({ description: "The stored name, for GET /rest/file/get?name" }),
    size: z.number().int(),
    contentType: z.string(),
  }),
  z.object({
    complete: z.literal(false),
    received: z.number().int().meta({ description: "How many chunks are stored so far" }),
  }),
]).meta({ id: "UploadResult" });
export type UploadResult = z.infer<typeof UploadResultSchema>;
