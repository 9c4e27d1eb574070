/**
 * The dnid status calls under /rest/dnids (management-routing §7): the status page's list, marking
 * a member active or inactive, a member's details, deleting a member (our addition for the status
 * menu's Delete), the oceans and every member routing exception.
 */
import { defineRoute, jsonBody, jsonResponse } from "../../define.ts";
import {
  DNID_STATUS_MESSAGES,
  DnidSetActiveSchema,
  DnidStatusDeletedSchema,
  DnidStatusDetailsSchema,
  DnidStatusFindRequestSchema,
  DnidStatusFindResponseSchema,
  DnidStatusKeyQuerySchema,
  DnidStatusKeySchema,
  DnidStatusRowSchema,
} from "../../../../openapi/schemas/dnids/dnid_status.ts";
import {
  OceansSchema,
  RoutingMemberRuleListSchema,
} from "../../../../openapi/schemas/tgid/routing_rules.ts";

export const getDnidStatuses = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/getDnidStatuses",
  paged: true,
  summary: "Find dnid statuses (the status page's list)",
  description: "The members of the dnids, one row per dnid, LES, member and device, with the " +
    "state of the status (negative: not authorized; below 3: active; 3 or more: inactive), the " +
    "default flag, the program, the dnid's tgid, the device's terminal and the member's count " +
    "of routing exceptions. `active` true keeps the active ones (status 0 to 2), false the " +
    "inactive ones (3 or more), absent or null all. Filter by dnid, LES, member, the start of " +
    "the device, a part of the serial, the state or the dnid's tgid; sort by dnid (the default, " +
    "then LES, member and device), member, device, status or updatedOn. The rows are under " +
    "`data`.",
  request: { body: jsonBody(DnidStatusFindRequestSchema) },
  responses: {
    200: jsonResponse(DnidStatusFindResponseSchema, "One page of dnid statuses, with the totals"),
  },
});

export const setdnidActive = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/setdnidActive",
  summary: "Mark a dnid member active or inactive",
  description: "`active` true sets the status to 0 (active), false to 3 (inactive). A member " +
    "that is not authorized (negative status) is refused with 409 and the message " +
    `'${DNID_STATUS_MESSAGES.notAuthorized}', and stays as it is. 404 for an unknown member ` +
    "(or another company's).",
  request: {
    body: jsonBody(DnidSetActiveSchema, {
      device: "423456789",
      dnid_id: 12,
      member: 1,
      les: 21,
      active: true,
    }),
  },
  responses: { 200: jsonResponse(DnidStatusRowSchema, "The member, as the list shows it") },
  errors: [404, 409],
});

export const getDnidStatusDetails = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/getDnidStatusDetails",
  summary: "A dnid member's details",
  description: "The status row (program fields and default flag included), its dnid (company, " +
    "tgid, comments) and the device's mtl (imn, serial, model, label, terminal and region). 404 " +
    "for an unknown member (or another company's).",
  request: { query: DnidStatusKeyQuerySchema },
  responses: { 200: jsonResponse(DnidStatusDetailsSchema, "The member's details") },
  errors: [404],
});

export const deleteDnidStatus = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/dnids/deleteDnidStatus",
  summary: "Delete a dnid member",
  description: "Deletes the status row with, in the same transaction, the terminal's default " +
    "when it points to this member and, when no other device of the member remains, the " +
    "member's routing exceptions. Not in the specification's call list: the status menu's " +
    "Delete. 404 for an unknown member.",
  request: {
    body: jsonBody(DnidStatusKeySchema, { dnid: 12, les: 21, member: 1, device: "423456789" }),
  },
  responses: { 200: jsonResponse(DnidStatusDeletedSchema, "What was deleted") },
  errors: [404],
});

export const getOceans = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/dnids/getOceans",
  summary: "The oceans",
  description: "The ocean regions a routing exception can name.",
  responses: { 200: jsonResponse(OceansSchema, "The oceans") },
});

export const getDnidRoutingData = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/dnids/getDnidRoutingData",
  summary: "Every member routing exception",
  description: "Each exception with its tgid, by dnid, LES, member, ocean and tgid.",
  responses: { 200: jsonResponse(RoutingMemberRuleListSchema, "The exceptions") },
});
