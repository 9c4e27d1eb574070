/**
 * The /rest/tgid calls (management-routing §7) built so far: the quick search and the member
 * routing exceptions.
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import { SearchTgidListSchema } from "../../../openapi/schemas/tgids.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import {
  DnidRoutingRuleSchema,
  ROUTING_RULE_MESSAGES,
  RoutingMemberRuleListSchema,
  RoutingMemberRuleSchema,
  RoutingRulesByDnidQuerySchema,
} from "../../../openapi/schemas/routing_rules.ts";

export const search = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/search",
  summary: "Find tgids",
  description: "Tgids whose label or number contains the text (case-insensitive), with the " +
    `owning team, at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by label.`,
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchTgidListSchema, "Matching tgids") },
});

// ---- member routing exceptions (administrators) ----

export const listRoutingRulesByDnid = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/tgid/listRoutingRulesByDnid",
  summary: "A dnid member's routing exceptions",
  description: "The exceptions of the member (dnid, LES, member), each with its tgid and ocean, " +
    "by ocean and tgid. 404 for an unknown dnid.",
  request: { query: RoutingRulesByDnidQuerySchema },
  responses: { 200: jsonResponse(RoutingMemberRuleListSchema, "The member's exceptions") },
  errors: [404],
});

export const addDnidRoutingRules = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/addDnidRoutingRules",
  summary: "Add a member routing exception",
  description: "Routes the member's data for the ocean to the tgid. 404 for an unknown tgid or " +
    `dnid; 409 (code 23000, '${ROUTING_RULE_MESSAGES.duplicate}') when it is already there.`,
  request: { body: jsonBody(DnidRoutingRuleSchema) },
  responses: { 200: jsonResponse(RoutingMemberRuleSchema, "The new exception") },
  errors: [404, 409],
});

export const removeDnidRoutingRules = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/removeDnidRoutingRules",
  summary: "Remove a member routing exception",
  description: "404 when there is no such exception.",
  request: { body: jsonBody(DnidRoutingRuleSchema) },
  responses: { 200: jsonResponse(RoutingMemberRuleSchema, "The removed exception") },
  errors: [404],
});
