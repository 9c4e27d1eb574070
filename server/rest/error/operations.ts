/** GET /rest/error/all (portal-shell §7, Session and shell). */
import { defineRoute, jsonResponse } from "../define.ts";
import { ErrorCodeListSchema } from "../../../openapi/schemas/error.ts";

export const all = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/error/all",
  summary: "The error code list",
  description: "Every error code the portal can show, with its message (the /error page).",
  responses: { 200: jsonResponse(ErrorCodeListSchema, "All error codes, ascending") },
});
