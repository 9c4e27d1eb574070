import { defineRoute, jsonResponse } from "../define.ts";
import { HealthSchema } from "../../../openapi/schemas/health.ts";

export const health = defineRoute({
  access: "public",
  method: "get",
  path: "/health",
  summary: "Liveness and database reachability",
  description: "Answers 503 when the database does not answer. For load balancers and monitoring.",
  responses: { 200: jsonResponse(HealthSchema, "The server and its database answer") },
  errors: [503],
});
