/** The /rest/defaultMtl calls (management-routing §7): a terminal's default member. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  DefaultMtlDeleteSchema,
  DefaultMtlSchema,
} from "../../../openapi/schemas/dnids/dnid_status.ts";

export const update = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/defaultMtl/update",
  summary: "Set a terminal's default member",
  description: "Makes the status row (dnid, les, member, deviceId) the terminal's default, " +
    "replacing its previous one. 404 when that row is missing (or another company's); 409 when " +
    "a client's terminal has its default on another company's dnid.",
  request: {
    body: jsonBody(DefaultMtlSchema, { deviceId: "423456789", dnid: 12, les: 21, member: 1 }),
  },
  responses: { 200: jsonResponse(DefaultMtlSchema, "The terminal's default") },
  errors: [404, 409],
});

export const remove = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/defaultMtl/delete",
  summary: "Remove a terminal's default member",
  description: "404 when the terminal has no default (or it is on another company's dnid).",
  request: { body: jsonBody(DefaultMtlDeleteSchema) },
  responses: { 200: jsonResponse(DefaultMtlSchema, "The removed default") },
  errors: [404],
});
