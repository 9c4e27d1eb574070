/** The /rest/push calls (management-routing §7) built so far: the push traffic overview's find. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { PushFindRequestSchema, PushFindResponseSchema } from "../../../openapi/schemas/push.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/push/find",
  summary: "Find push traffic",
  description: "The push traffic overview: messages pushed out to customers, filtered, sorted " +
    "(default: stored time, newest first) and paged.",
  request: { body: jsonBody(PushFindRequestSchema) },
  responses: { 200: jsonResponse(PushFindResponseSchema, "One page of rows, with the totals") },
});
