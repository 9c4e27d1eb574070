/** Stored files: download (portal-shell §7) and the chunked upload of the UI kit. */
import { z } from "@hono/zod-openapi";
import { defineRoute, jsonResponse, requiredHeader } from "../define.ts";
import {
  FileQuerySchema,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_EXAMPLE,
  UPLOAD_MAX_BYTES,
  UPLOAD_TOO_LARGE,
  UploadQuerySchema,
  UploadResultSchema,
  uploadRules,
} from "../../../openapi/schemas/file/file.ts";

export const get = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/file/get",
  summary: "Download a stored file",
  description:
    "Serves a stored document, such as `user-guide.pdf`: public files, and those of the " +
    "caller's company (any other name answers 404).",
  request: { query: FileQuerySchema },
  responses: {
    200: {
      description: "The file, as an attachment, in its own type (by its name: " +
        "`application/pdf`, `text/csv`…; `application/octet-stream` when the name says none)",
      content: { "*/*": { schema: z.string().meta({ format: "binary" }) } },
      headers: {
        "ETag": requiredHeader("The file's version, for `If-None-Match`"),
        "Content-Disposition": requiredHeader('`attachment; filename="…"`: the file\'s name'),
      },
    },
    304: {
      description: "Not modified: the `If-None-Match` ETag is current",
      headers: { "ETag": requiredHeader("The file's version") },
    },
  },
  errors: [404],
});

export const upload = defineRoute({
  access: "user",
  tenancy: "caller",
  method: "post",
  path: "/rest/file/upload",
  rules: uploadRules(UPLOAD_TOO_LARGE),
  summary: "Upload a file in chunks",
  description:
    `The client cuts the file into chunks of ${UPLOAD_CHUNK_BYTES / 1024} KB (the last may be ` +
    "shorter), names the upload with a UUID of its own and posts each chunk's bytes with its " +
    "index. Earlier chunks answer `{complete: false, received}`; the chunk that completes the " +
    "set answers `{complete: true, name, size, contentType}`, and the file is then downloadable " +
    "with GET /rest/file/get?name by the uploader's company. Re-sending a chunk replaces it " +
    `(retries are safe). At most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB in all (413); an upload ` +
    "begun by another user answers 404. Unfinished uploads are discarded after a day.",
  request: {
    query: UploadQuerySchema,
    body: {
      required: true,
      description: `The chunk's bytes (at most ${UPLOAD_CHUNK_BYTES / 1024} KB)`,
      content: {
        "application/octet-stream": {
          schema: z.string().meta({ format: "binary" }),
          example: UPLOAD_EXAMPLE,
        },
      },
    },
  },
  responses: {
    200: jsonResponse(UploadResultSchema, "The chunk is stored (and the file, after the last)"),
  },
  errors: [404],
});
