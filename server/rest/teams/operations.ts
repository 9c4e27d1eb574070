/** The /rest/teams calls (portal-shell §7), every one for administrators only. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  AddMtlResultSchema,
  AddMtlSchema,
  MtlListSchema,
  OpenPortListSchema,
  OpenPortsQuerySchema,
  SearchTeamListSchema,
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

export const search = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/teams/search",
  summary: "Find teams by name",
  description: "Teams whose name contains the text (case-insensitive), with their " +
    `company, at most ${MULTISELECT_SEARCH_LIMIT}: exact names first, then by name.`,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchTeamListSchema, "Matching teams"),
  },
});

export const get = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/teams/get",
  summary: "A team with its users and identifiers",
  description: "The team with its company, rights, mtl flags, users, " +
    "tgids (owned, then shared with it), enids and dnids.",
  request: { query: TeamIdQuerySchema },
  responses: {
    200: jsonResponse(TeamDetailsSchema, "The team"),
  },
  errors: [404],
});

export const all = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/teams/all",
  summary: "Every team",
  description: "Every team with its company, rights, and how many users " +
    "and tgids it has; by name.",
  responses: {
    200: jsonResponse(TeamListSchema, "Every team"),
  },
});

export const find = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/teams/find",
  paged: true,
  summary: "Find teams (the team list)",
  description: "The team list page's query in the find style: filter by " +
    "id, a part of the name, the company (its id or a part of its name) or rights; sort by id, " +
    "name, company or rights (default name); one page, with the totals. Not in the " +
    "specification's call list (docs/decisions/0007).",
  request: { body: jsonBody(TeamFindRequestSchema) },
  responses: {
    200: jsonResponse(TeamFindResponseSchema, "One page of teams, with the totals"),
  },
});

export const openPorts = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/teams/openPorts",
  summary: "The ports open for a team",
  description: "The push processes assigned to the team, by port.",
  request: { query: OpenPortsQuerySchema },
  responses: {
    200: jsonResponse(OpenPortListSchema, "Its push processes"),
  },
  errors: [404],
});

export const getMtls = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/teams/getMtls",
  summary: "The Inmarsat C mtls",
  description: "Every Inmarsat C mobile terminal (mtl), by imn.",
  responses: {
    200: jsonResponse(MtlListSchema, "Every mtl"),
  },
});

export const addMtl = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/teams/addMtl",
  summary: "Record an mtl's serial number",
  description: "Records serial number `sn` for the mtl `mtlId` (its " +
    "imn, digits): the mtl is created when unknown, else its serial number is replaced " +
    "(docs/decisions/0007).",
  request: { body: jsonBody(AddMtlSchema) },
  responses: {
    200: jsonResponse(AddMtlResultSchema, "The mtl"),
  },
});

export const create = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/teams/create",
  rules: [ADMIN_MESSAGES.rightsAboveOwn],
  summary: "Create a team",
  description: "The company is required: missing, not an id or unknown, " +
    `the answer is 400 '${ADMIN_MESSAGES.selectCompany}'. Rights default to ` +
    `${DEFAULT_TEAM_RIGHTS}; nobody grants rights above their own (403). The name is unique ` +
    "within the company (409, code 23000).",
  request: {
    body: jsonBody(TeamCreateSchema, {
      team: { name: "VMS Compliance", company: 12, rights: 100 },
    }),
  },
  responses: {
    200: jsonResponse(TeamSchema, "The new team"),
  },
  errors: [409],
});

export const update = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/teams/update",
  rules: [ADMIN_MESSAGES.selectCompany, ADMIN_MESSAGES.rightsAboveOwn],
  summary: "Edit or move a team",
  description: "Same rules as create; 404 when the team is unknown. " +
    "Rights and the mtl flags left out keep their value. Moving the team to another company " +
    "moves its users with it, and drops its links to the old company's dnids and enids " +
    "(docs/decisions/0007). Your own team keeps administrator rights (409).",
  request: {
    body: jsonBody(TeamUpdateSchema, {
      team: { id: 12, name: "Fleet Operations", company: 12, rights: 100, mtlInfoActive: true },
    }),
  },
  responses: {
    200: jsonResponse(TeamSchema, "The team as saved"),
  },
  errors: [404, 409],
});

export const remove = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/teams/delete",
  rules: [ADMIN_MESSAGES.rightsAboveOwn],
  summary: "Delete a team",
  description: `Refused (409) while it has users ('${ADMIN_MESSAGES.teamHasUsers}') ` +
    `or owns tgids ('${ADMIN_MESSAGES.teamHasTgids}'). Otherwise, in one transaction, its ` +
    "dnids and push processes lose their team and the team is deleted.",
  request: { body: jsonBody(TeamDeleteSchema, { teamId: 14 }) },
  responses: {
    200: jsonResponse(TeamDeletedSchema, "The deleted team"),
  },
  errors: [404, 409],
});
