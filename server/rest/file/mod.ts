import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull, or } from "drizzle-orm";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { FileQuerySchema } from "../../../openapi/schemas/system.ts";
import {
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MAX_BYTES,
  UploadQuerySchema,
  UploadResultSchema,
} from "../../../openapi/schemas/upload.ts";
import { storeChunk } from "./upload.ts";
import { files } from "../../../db/schema/mod.ts";
import { companyScope } from "../../auth/middleware.ts";
import { notFound } from "../../errors.ts";

export const get = createRoute({
  method: "get",
  path: "/rest/file/get",
  tags: ["System"],
  summary: "Download a stored file",
  description:
    "Serves a stored document, such as `user-guide.pdf`. A client user only reaches files that are public or belong " +
    "to their own company; any other name answers 404.",
  request: { query: FileQuerySchema },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } },
    },
    304: { description: "Not modified: the `If-None-Match` ETag is current" },
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const upload = createRoute({
  method: "post",
  path: "/rest/file/upload",
  tags: ["System"],
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
        "application/octet-stream": { schema: z.string().meta({ format: "binary" }) },
      },
    },
  },
  responses: {
    200: jsonResponse(UploadResultSchema, "The chunk is stored (and the file, after the last)"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const fileRouter = createRouter().openapi(get, async (c) => {
  const { name } = c.req.valid("query");
  const scope = companyScope(c.var.user);
  const [file] = await c.var.deps.db.select().from(files).where(and(
    eq(files.name, name),
    scope === null ? undefined : or(isNull(files.companyId), eq(files.companyId, scope)),
  )).limit(1);
  if (!file) throw notFound("File");
  const etag = `"${file.etag}"`;
  const headers = { "ETag": etag, "Cache-Control": "private, no-cache" };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Content-Disposition": `attachment; filename="${
      file.name.slice(file.name.lastIndexOf("/") + 1).replace(/[^\w.-]/g, "_")
    }"`,
    ...headers,
    "Last-Modified": file.updatedAt.toUTCString(),
  });
}).openapi(upload, async (c) => {
  const query = c.req.valid("query");
  const data = new Uint8Array(await c.req.arrayBuffer());
  return c.json(await storeChunk(c.var.deps.db, c.var.user, query, data), 200);
});
