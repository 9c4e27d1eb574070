import { createRoute } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { HealthSchema } from "../../../openapi/schemas/system.ts";
import { ApiError } from "../../errors.ts";

export const health = createRoute({
  method: "get",
  path: "/health",
  tags: ["System"],
  summary: "Liveness and database reachability",
  description:
    "Public; answers 503 when the database does not answer. For load balancers and monitoring.",
  security: [],
  responses: {
    200: jsonResponse(HealthSchema, "The server and its database answer"),
    ...errorResponses(500, 503),
  },
});

export const healthRouter = createRouter().openapi(health, async (c) => {
  const { db, dbKind, version, startedAt } = c.var.deps;
  try {
    await db.execute(sql`select 1`);
  } catch (e) {
    console.error("[health] database check failed", e);
    throw new ApiError(503, "Database unreachable");
  }
  c.header("Cache-Control", "no-store");
  return c.json({
    status: "ok" as const,
    database: dbKind,
    version,
    uptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
  }, 200);
});
