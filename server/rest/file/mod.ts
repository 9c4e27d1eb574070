import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull, or } from "drizzle-orm";
import { AUTHED_ERRORS, createRouter, errorResponses } from "../../router.ts";
import { FileQuerySchema } from "../../../openapi/schemas/system.ts";
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
    "Content-Disposition": `attachment; filename="${file.name.replace(/[^\w.-]/g, "_")}"`,
    ...headers,
    "Last-Modified": file.updatedAt.toUTCString(),
  });
});
