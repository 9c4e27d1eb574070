/**
 * The /rest/enids calls (management-routing §7), for every signed-in user: a client reaches only
 * its own company's enids, ruls and teams.
 */
import { unknownTeam } from "../../../openapi/schemas/messages.ts";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  ENID_MESSAGES,
  EnidCreateSchema,
  EnidFindRequestSchema,
  EnidFindResponseSchema,
  EnidIdQuerySchema,
  EnidKeySchema,
  EnidSchema,
  EnidTeamListSchema,
  EnidTeamsQuerySchema,
  EnidTeamsUpdateSchema,
  EnidUpdateSchema,
  LastEnidSchema,
  SearchEnidListSchema,
  TeamChoiceQuerySchema,
} from "../../../openapi/schemas/enids.ts";
import { DEFAULT_LES, MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

const RULES = `The rul (\`rul_id\`, \`rul_les\`; LES default ${DEFAULT_LES}) must exist: ` +
  `400 '${ENID_MESSAGES.selectRul}' otherwise. The teams must exist (400). A client may only ` +
  "use its own company (else 404 'Company not found'), its company's ruls (else " +
  `'${ENID_MESSAGES.selectRul}') and its company's teams (else 400).`;

/** How a team list saved with the list its editor started from is merged (our addition). */
const MERGED_TEAMS = (teams: string, base: string) =>
  `With \`${base}\` (the list the editor started from), only the teams added to and taken off ` +
  `it in \`${teams}\` change, on the list as it is now: another editor's changes since are ` +
  `kept, and 409 '${ENID_MESSAGES.teamRequired}' when no team would be left.`;

export const get = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/enids/get",
  summary: "An enid",
  description: "The enid with its company, rul and teams (by name). 404 when unknown.",
  request: { query: EnidIdQuerySchema },
  responses: { 200: jsonResponse(EnidSchema, "The enid") },
  errors: [404],
});

export const create = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/enids/create",
  rules: [unknownTeam(12)],
  summary: "Create an enid",
  description: `${RULES} At least one team ('${ENID_MESSAGES.teamRequired}'). An id that ` +
    `exists (whatever its LES) answers 409, code 23000, '${ENID_MESSAGES.exists("{id}")}'.`,
  request: {
    body: jsonBody(EnidCreateSchema, {
      id: 4712,
      rul_les: 21,
      company: 12,
      rul_id: 1201,
      opts: { comments: "Fleet broadcasts", teams: [12] },
    }),
  },
  responses: { 200: jsonResponse(EnidSchema, "The new enid") },
  errors: [404, 409],
});

export const update = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/enids/update",
  rules: [unknownTeam(12)],
  summary: "Edit an enid",
  description: "Keyed by (`id`, `rul_les`): 404 when unknown. Sets its company, rul (of the " +
    "same LES) and comments (left out: kept); `opts.teams`, when given, replaces the team list " +
    `(at least one team). ${RULES} A client's list replaces its own company's teams only. ` +
    `${MERGED_TEAMS("opts.teams", "opts.baseTeams")}`,
  request: {
    body: jsonBody(EnidUpdateSchema, {
      id: 12,
      rul_les: 21,
      company: 13,
      rul_id: 1201,
      opts: { comments: "Convoy broadcasts", teams: [13] },
    }),
  },
  responses: { 200: jsonResponse(EnidSchema, "The enid as saved") },
  errors: [404, 409],
});

export const remove = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/enids/delete",
  summary: "Delete an enid",
  description: "Deletes the enid (`id`, `rul_les`) and its team links in one transaction; 404 " +
    "when unknown.",
  request: { body: jsonBody(EnidKeySchema, { id: 12, rul_les: 21 }) },
  responses: { 200: jsonResponse(EnidSchema, "The deleted enid, as it was") },
  errors: [404],
});

export const search = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/enids/search",
  summary: "Find enids",
  description: "Enids whose id starts with the text, or whose comments or company name " +
    `contain it (case-insensitive), at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, ` +
    "then by id.",
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchEnidListSchema, "Matching enids") },
});

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/enids/find",
  paged: true,
  summary: "Find enids (the enid list)",
  description: "Filter by id, rul, LES, company (its id or a part of its name), a part of the " +
    "comments or a team (its id or a part of its name); sort by id (default), rul, company " +
    "name or last update; one page, with the totals.",
  request: { body: jsonBody(EnidFindRequestSchema) },
  responses: { 200: jsonResponse(EnidFindResponseSchema, "One page of enids, with the totals") },
});

export const lastEnid = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/enids/lastEnid",
  summary: "The highest enid id",
  description: "The highest id among the enids the caller can see (0 when none); the add " +
    "dialog proposes the next one.",
  responses: { 200: jsonResponse(LastEnidSchema, "The highest id") },
});

export const getTeams = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/enids/getTeams",
  summary: "An enid's teams",
  description: "The teams that use the enid, by name (a client sees its own company's); 404 " +
    "when the enid is unknown.",
  request: { query: EnidTeamsQuerySchema },
  responses: { 200: jsonResponse(EnidTeamListSchema, "Its teams") },
  errors: [404],
});

export const updateTeams = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/enids/updateTeams",
  rules: [unknownTeam(12)],
  summary: "Replace an enid's teams",
  description: `The new list: at least one team ('${ENID_MESSAGES.teamRequired}'), each ` +
    "existing (400); a client's only of its company, and it replaces its company's teams " +
    `only. 404 when the enid is unknown. ${MERGED_TEAMS("enidTeams", "baseTeams")}`,
  request: { body: jsonBody(EnidTeamsUpdateSchema, { enidId: 12, enidTeams: [12, 13] }) },
  responses: { 200: jsonResponse(EnidTeamListSchema, "The enid's teams, by name") },
  errors: [404, 409],
});

export const teamChoices = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/enids/teamChoices",
  summary: "The teams an enid may be given",
  description: "The enid dialogs' team choice (our addition): teams whose name contains the " +
    "text (every team when empty) — every company's for an administrator, its own company's " +
    `for a client — at most ${MULTISELECT_SEARCH_LIMIT}, exact names first, then by name.`,
  request: { query: TeamChoiceQuerySchema },
  responses: { 200: jsonResponse(EnidTeamListSchema, "Matching teams") },
});
