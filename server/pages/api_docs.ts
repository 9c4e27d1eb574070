import { Hono } from "hono";
import { fileURLToPath } from "node:url";
import type { AppEnv } from "../router.ts";

/** Swagger UI, served from the npm package's own files (never a CDN). */
const SWAGGER_VERSION = "5.35.0";
const SWAGGER_DIR = fileURLToPath(new URL("../../node_modules/swagger-ui-dist/", import.meta.url));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};
const BASE = `/docs/assets/${SWAGGER_VERSION}`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portal API — reference</title>
<link rel="icon" href="${BASE}/favicon-32x32.png">
<link rel="stylesheet" href="${BASE}/swagger-ui.css">
</head>
<body>
<noscript><p>The interactive reference needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<div id="swagger-ui"></div>
<script src="${BASE}/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  withCredentials: true,
  persistAuthorization: false,
});`;

const cache = new Map<string, Uint8Array>();

export const apiDocs = new Hono<AppEnv>()
  .use("/docs/*", async (c, next) => {
    await next();
    c.header(
      "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );
  })
  .get("/docs", (c) => c.html(PAGE))
  .get(
    "/docs/init.js",
    (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  )
  .get(`${BASE}/:file`, async (c) => {
    const file = c.req.param("file");
    const type = ASSETS[file];
    if (!type) return c.notFound();
    let body = cache.get(file);
    if (!body) {
      body = await Deno.readFile(SWAGGER_DIR + file);
      cache.set(file, body);
    }
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
