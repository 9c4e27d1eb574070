import { createRoute } from "@hono/zod-openapi";
import { asc } from "drizzle-orm";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { ErrorCodeListSchema } from "../../../openapi/schemas/system.ts";
import { errorCodes } from "../../../db/schema/mod.ts";

export const all = createRoute({
  method: "get",
  path: "/rest/error/all",
  tags: ["System"],
  summary: "The error code list",
  description: "Every error code the portal can show, with its message (the /error page).",
  responses: {
    200: jsonResponse(ErrorCodeListSchema, "All error codes, ascending"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const errorRouter = createRouter().openapi(all, async (c) => {
  const rows = await c.var.deps.db.select({ code: errorCodes.code, message: errorCodes.message })
    .from(errorCodes).orderBy(asc(errorCodes.code));
  return c.json(rows, 200);
});
