/** The /rest/teams calls (portal-shell §7), every one for administrators only. */
import { createRoute } from "@hono/zod-openapi";
import { AUTHED_ERRORS, errorResponses, jsonBody, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { SearchQuerySchema, SearchTeamListSchema } from "../../../openapi/schemas/search.ts";
import {
  AddMtlResultSchema,
  AddMtlSchema,
  MtlListSchema,
  OpenPortListSchema,
  OpenPortsQuerySchema,
  TeamCreateSchema,
  TeamDeletedSchema,
  TeamDeleteSchema,
  TeamDetailsSchema,
  TeamFindRequestSchema,
  TeamFindResponseSchema,
  TeamIdQuerySchema,
  TeamListSchema,
  TeamSchema,
  TeamUpdateSchema,
} from "../../../openapi/schemas/teams.ts";
import { DEFAULT_TEAM_RIGHTS, MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";

const tags = ["Teams"];

export const search = createRoute({
  method: "get",
  path: "/rest/teams/search",
  tags,
  summary: "Find teams by name",
  description:
    "Administrators only. Teams whose name contains the text (case-insensitive), with their " +
    `company, at most ${MULTISELECT_SEARCH_LIMIT}: exact names first, then by name.`,
  middleware: [requireAdmin] as const,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchTeamListSchema, "Matching teams"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const get = createRoute({
  method: "get",
  path: "/rest/teams/get",
  tags,
  summary: "A team with its users and identifiers",
  description: "Administrators only. The team with its company, rights, mtl flags, users, " +
    "tgids (owned, then shared with it), enids and dnids.",
  middleware: [requireAdmin] as const,
  request: { query: TeamIdQuerySchema },
  responses: {
    200: jsonResponse(TeamDetailsSchema, "The team"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const all = createRoute({
  method: "get",
  path: "/rest/teams/all",
  tags,
  summary: "Every team",
  description: "Administrators only. Every team with its company, rights, and how many users " +
    "and tgids it has; by name.",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(TeamListSchema, "Every team"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const find = createRoute({
  method: "post",
  path: "/rest/teams/find",
  tags,
  summary: "Find teams (the team list)",
  description: "Administrators only. The team list page's query in the find style: filter by " +
    "id, a part of the name, the company (its id or a part of its name) or rights; sort by id, " +
    "name, company or rights (default name); one page, with the totals. Not in the " +
    "specification's call list (docs/decisions/0007).",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(TeamFindRequestSchema) },
  responses: {
    200: jsonResponse(TeamFindResponseSchema, "One page of teams, with the totals"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const openPorts = createRoute({
  method: "get",
  path: "/rest/teams/openPorts",
  tags,
  summary: "The ports open for a team",
  description: "Administrators only. The push processes assigned to the team, by port.",
  middleware: [requireAdmin] as const,
  request: { query: OpenPortsQuerySchema },
  responses: {
    200: jsonResponse(OpenPortListSchema, "Its push processes"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const getMtls = createRoute({
  method: "get",
  path: "/rest/teams/getMtls",
  tags,
  summary: "The Inmarsat C mtls",
  description: "Administrators only. Every Inmarsat C mobile terminal (mtl), by imn.",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(MtlListSchema, "Every mtl"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const addMtl = createRoute({
  method: "post",
  path: "/rest/teams/addMtl",
  tags,
  summary: "Record an mtl's serial number",
  description: "Administrators only. Records serial number `sn` for the mtl `mtlId` (its " +
    "imn, digits): the mtl is created when unknown, else its serial number is replaced " +
    "(docs/decisions/0007).",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(AddMtlSchema) },
  responses: {
    200: jsonResponse(AddMtlResultSchema, "The mtl"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const create = createRoute({
  method: "post",
  path: "/rest/teams/create",
  tags,
  summary: "Create a team",
  description: "Administrators only. The company is required: missing, not an id or unknown, " +
    `the answer is 400 '${ADMIN_MESSAGES.selectCompany}'. Rights default to ` +
    `${DEFAULT_TEAM_RIGHTS}; nobody grants rights above their own (403). The name is unique ` +
    "within the company (409, code 23000).",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(TeamCreateSchema) },
  responses: {
    200: jsonResponse(TeamSchema, "The new team"),
    ...errorResponses(...AUTHED_ERRORS, 409),
  },
});

export const update = createRoute({
  method: "post",
  path: "/rest/teams/update",
  tags,
  summary: "Edit or move a team",
  description: "Administrators only. Same rules as create; 404 when the team is unknown. " +
    "Rights and the mtl flags left out keep their value. Moving the team to another company " +
    "moves its users with it, and drops its links to the old company's dnids and enids " +
    "(docs/decisions/0007). Your own team keeps administrator rights (409).",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(TeamUpdateSchema) },
  responses: {
    200: jsonResponse(TeamSchema, "The team as saved"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});

export const remove = createRoute({
  method: "post",
  path: "/rest/teams/delete",
  tags,
  summary: "Delete a team",
  description:
    `Administrators only. Refused (409) while it has users ('${ADMIN_MESSAGES.teamHasUsers}') ` +
    `or owns tgids ('${ADMIN_MESSAGES.teamHasTgids}'). Otherwise, in one transaction, its ` +
    "dnids and push processes lose their team and the team is deleted.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(TeamDeleteSchema) },
  responses: {
    200: jsonResponse(TeamDeletedSchema, "The deleted team"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});
