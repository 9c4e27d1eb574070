import { createRoute } from "@hono/zod-openapi";
import {
  AUTHED_ERRORS,
  createRouter,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "../../router.ts";
import { PushFindRequestSchema, PushFindResponseSchema } from "../../../openapi/schemas/push.ts";
import { findPushTraffic } from "../../services/push/traffic.ts";

export const find = createRoute({
  method: "post",
  path: "/rest/push/find",
  tags: ["Push"],
  summary: "Find push traffic",
  description: "The push traffic overview: messages pushed out to customers, filtered, sorted " +
    "(default: stored time, newest first) and paged. A client sees only its company's tgids.",
  request: { body: jsonBody(PushFindRequestSchema) },
  responses: {
    200: jsonResponse(PushFindResponseSchema, "One page of rows, with the totals"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const pushRouter = createRouter().openapi(
  find,
  async (c) => c.json(await findPushTraffic(c.var.deps.db, c.var.user, c.req.valid("json")), 200),
);
