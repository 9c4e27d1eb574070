/** Child server: a bare Hono app with one small JSON route — the baseline. */
import { Hono } from "hono";
import { serveForBench } from "./child.ts";

const app = new Hono();
app.get("/ping", (c) => c.json({ ok: true, service: "bare" }));
serveForBench(app.fetch);
