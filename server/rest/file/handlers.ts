/** The /rest/file handlers: the download (with its caching headers) and the chunk upload. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { fileByName } from "../../services/file/read.ts";
import { storeChunk } from "../../services/file/upload.ts";

/** The name a browser saves the file under: its last path part, plain characters only. */
const downloadName = (name: string) =>
  name.slice(name.lastIndexOf("/") + 1).replace(/[^\w.-]/g, "_");

export const handlers: Handlers<typeof routes> = {
  get: async (c) => {
    const file = await fileByName(c.var.deps.db, c.var.scope, c.req.valid("query").name);
    const etag = `"${file.etag}"`;
    const headers = { "ETag": etag, "Cache-Control": "private, no-cache" };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${downloadName(file.name)}"`,
      ...headers,
      "Last-Modified": file.updatedAt.toUTCString(),
    });
  },
  upload: async (c) => {
    const data = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await storeChunk(c.var.deps.db, c.var.user, c.req.valid("query"), data), 200);
  },
};
