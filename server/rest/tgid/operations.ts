/**
 * The /rest/tgid calls (management-routing §7): reads for every user on the tgids its company's
 * teams own or share (another's answers 404, naming nothing); the writes and every routing
 * exception call for administrators (the tgid page and routing exceptions are theirs).
 */
import { unknownTeam } from "../../../openapi/schemas/messages.ts";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  SearchTgidListSchema,
  TGID_MESSAGES,
  TgidCreateSchema,
  TgidDeletedSchema,
  TgidDeleteQuerySchema,
  TgidDetailsSchema,
  TgidFindRequestSchema,
  TgidFindResponseSchema,
  TgidIdQuerySchema,
  TgidOpenPortsQuerySchema,
  TgidQuerySchema,
  TgidSchema,
  TgidSearchQuerySchema,
  TgidTeamKeySchema,
  TgidTeamsUpdateSchema,
  TgidUpdateSchema,
} from "../../../openapi/schemas/tgid/tgids.ts";
import {
  DnidOpenPortListSchema,
  DnidOpenPortsQuerySchema,
} from "../../../openapi/schemas/dnids/dnids.ts";
import { MULTISELECT_SEARCH_LIMIT, TGID_SEARCH_MIN_CHARS } from "../../../openapi/enums.ts";
import {
  DnidRoutingRuleSchema,
  MtlRoutingRuleSchema,
  ROUTING_RULE_MESSAGES,
  RoutingMemberRuleListSchema,
  RoutingMemberRuleSchema,
  RoutingMtlRuleListSchema,
  RoutingMtlRuleSchema,
  RoutingRulesByDnidQuerySchema,
  RoutingRulesByMtlQuerySchema,
  TgidRoutingRulesSchema,
} from "../../../openapi/schemas/tgid/routing_rules.ts";

export const search = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/search",
  summary: "Find tgids",
  description: "Tgids whose label or number contains the text (case-insensitive), with the " +
    `owning team, at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by label. The ` +
    `label search starts at ${TGID_SEARCH_MIN_CHARS} characters; shorter text searches the numbers. ` +
    "With owned=true, only the tgids the caller may add a terminal to (a client: its company's own).",
  request: { query: TgidSearchQuerySchema },
  responses: { 200: jsonResponse(SearchTgidListSchema, "Matching tgids") },
});

// ---- reads (every user, the tgids of its company's teams) ----

export const get = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/get",
  summary: "A tgid with its devices, dnids, users, teams and routes",
  description: "The tgid (label, else its id), its owning team and company, its teams (the " +
    "owner, then those sharing it), counts, audit (created and updated by whom, when), its " +
    "terminals, the dnids routed to it, the users of its teams and its routes by protocol. A " +
    "client sees its own company's teams, users and dnids. 404 when unknown or not reachable.",
  request: { query: TgidIdQuerySchema },
  responses: { 200: jsonResponse(TgidDetailsSchema, "The tgid") },
  errors: [404],
});

export const details = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/details",
  summary: "A tgid's details (the push traffic details dialog)",
  description: "The tgid's label, owning team and company, teams and how many terminals, " +
    "dnids and routes per protocol it has. The spec leaves this lookup's path open " +
    "(docs/decisions/0011). 404 when unknown or not reachable.",
  request: { query: TgidQuerySchema },
  responses: { 200: jsonResponse(TgidSchema, "The tgid") },
  errors: [404],
});

export const openPorts = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/openPorts",
  summary: "The ports open for a tgid",
  description: "The push processes (host, port, mode) of the teams that reach the tgid (its " +
    "owner and the teams sharing it, as for a dnid's open ports), or of `team` alone, by port. " +
    "A client sees its own company's teams' ports. 404 when the tgid is not reachable or " +
    "`team` is not one of its teams.",
  request: { query: TgidOpenPortsQuerySchema },
  responses: { 200: jsonResponse(DnidOpenPortListSchema, "Its open ports") },
  errors: [404],
});

export const find = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/tgid/find",
  paged: true,
  summary: "Find tgids (the tgid list)",
  description: "Filter by id, a part of the label, of a team's name (owning or sharing) or of " +
    "the owning company's name; sort by id, label, team, company or updatedOn (default id); " +
    "one page (10 rows by default), with the totals.",
  request: { body: jsonBody(TgidFindRequestSchema) },
  responses: { 200: jsonResponse(TgidFindResponseSchema, "One page of tgids, with the totals") },
});

// ---- changes (administrators) ----

export const create = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/create",
  rules: [unknownTeam(12)],
  summary: "Create a tgid",
  description: "A tgid owned by `team` (required, an existing team: " +
    `'${TGID_MESSAGES.teamRequired}'), labelled \`label\` (optional: without one it shows its ` +
    "id). The caller is its creator and last editor.",
  request: { body: jsonBody(TgidCreateSchema, { label: "Fleet Bay of Biscay", team: 12 }) },
  responses: { 200: jsonResponse(TgidSchema, "The new tgid") },
});

export const update = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/update",
  summary: "Change a tgid's label",
  description: "Empty clears it (the tgid shows its id). Records the caller and the time as " +
    "its last update. 404 when unknown.",
  request: { body: jsonBody(TgidUpdateSchema, { tgidId: 12, label: "Fleet North Atlantic" }) },
  responses: { 200: jsonResponse(TgidSchema, "The tgid, changed") },
  errors: [404],
});

export const updateTeams = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/updateTeams",
  rules: [unknownTeam(12)],
  summary: "Change a tgid's team list",
  description: "Adds `addedTeams` (each must exist, else 400; one already there is no " +
    "matter) and takes off `removedTeams` (one not there is no matter), on the list as it is " +
    "when the change is made: send only what the editor changed, and two editors' changes " +
    `merge. 409 '${TGID_MESSAGES.teamRequired}' when no team would be left. When the owning team ` +
    "is taken off, the first team left (by name) owns the tgid. 404 when the tgid is unknown.",
  request: {
    body: jsonBody(TgidTeamsUpdateSchema, { tgid: 12, addedTeams: [14], removedTeams: [] }),
  },
  responses: { 200: jsonResponse(TgidSchema, "The tgid with its new team list") },
  errors: [404, 409],
});

export const deleteTeamTgid = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/deleteTeamTgid",
  summary: "Take a team off a tgid",
  description: `409 '${TGID_MESSAGES.teamRequired}' for its last team. Taking off the owning ` +
    "team hands the tgid to the first team left (by name). 404 when the tgid is unknown or " +
    "the team is not one of its teams.",
  request: { body: jsonBody(TgidTeamKeySchema, { tgidId: 12, teamId: 12 }) },
  responses: { 200: jsonResponse(TgidSchema, "The tgid with its new team list") },
  errors: [404, 409],
});

export const remove = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/tgid/delete",
  summary: "Delete a tgid",
  description: "Deletes the tgid with its team shares and routing exceptions (push and robot " +
    "traffic keep their rows: history). Refused with 409 " +
    `'${TGID_MESSAGES.deleteBlocked}' while dnids, terminals or routes use it (GET ` +
    "/rest/tgid/get lists them). 404 when unknown.",
  request: { query: TgidDeleteQuerySchema },
  responses: { 200: jsonResponse(TgidDeletedSchema, "The deleted tgid's id") },
  errors: [404, 409],
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

/** The member routing exception examples' member: member 1 of dnid 12 (LES 21), to tgid 12. */
const MEMBER_RULE = { tgidid: 12, dnidid: 12, dnidles: 21, member: 1 };

export const addDnidRoutingRules = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/addDnidRoutingRules",
  rules: [ROUTING_RULE_MESSAGES.notAMember(1, 12, 21)],
  summary: "Add a member routing exception",
  description: "Routes the member's data for the ocean to the tgid. 404 for an unknown tgid or " +
    "dnid; 400 when the member is not one of the dnid's (it has no status row); 409 (code " +
    `23000, '${ROUTING_RULE_MESSAGES.duplicate}') when it is already there.`,
  request: {
    body: jsonBody(DnidRoutingRuleSchema, { ...MEMBER_RULE, ocean: "AORE" }),
  },
  responses: { 200: jsonResponse(RoutingMemberRuleSchema, "The new exception") },
  errors: [404, 409],
});

export const removeDnidRoutingRules = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/removeDnidRoutingRules",
  rules: [ROUTING_RULE_MESSAGES.notAMember(1, 12, 21)],
  summary: "Remove a member routing exception",
  description: "404 when there is no such exception.",
  request: {
    body: jsonBody(DnidRoutingRuleSchema, { ...MEMBER_RULE, ocean: "IOR" }),
  },
  responses: { 200: jsonResponse(RoutingMemberRuleSchema, "The removed exception") },
  errors: [404],
});

// ---- mtl routing exceptions, and a tgid's (administrators) ----

export const listRoutingRulesByTgid = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/tgid/listRoutingRulesByTgid",
  summary: "A tgid's routing exceptions",
  description: "The member exceptions (dnid, LES, member, ocean) and the mtl exceptions that " +
    "route data to the tgid. 404 for an unknown tgid.",
  request: { query: TgidQuerySchema },
  responses: { 200: jsonResponse(TgidRoutingRulesSchema, "Its exceptions, by kind") },
  errors: [404],
});

export const listRoutingRulesByMtl = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/tgid/listRoutingRulesByMtl",
  summary: "An mtl's routing exceptions",
  description: "The tgids the mtl's data is routed to, by tgid. 404 for an unknown mtl.",
  request: { query: RoutingRulesByMtlQuerySchema },
  responses: { 200: jsonResponse(RoutingMtlRuleListSchema, "The mtl's exceptions") },
  errors: [404],
});

export const addMtlRoutingRules = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/addMtlRoutingRules",
  summary: "Add an mtl routing exception",
  description: "Routes the mtl's data to the tgid. 404 for an unknown tgid or mtl; 409 (code " +
    `23000, '${ROUTING_RULE_MESSAGES.duplicate}') when it is already there.`,
  request: { body: jsonBody(MtlRoutingRuleSchema, { tgidid: 12, mtlid: "436912345" }) },
  responses: { 200: jsonResponse(RoutingMtlRuleSchema, "The new exception") },
  errors: [404, 409],
});

export const removeMtlRoutingRule = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/tgid/removeMtlRoutingRule",
  summary: "Remove an mtl routing exception",
  description: "404 when there is no such exception.",
  request: { body: jsonBody(MtlRoutingRuleSchema, { tgidid: 13, mtlid: "436912345" }) },
  responses: { 200: jsonResponse(RoutingMtlRuleSchema, "The removed exception") },
  errors: [404],
});

export const dnidOpenPorts = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/tgid/dnidOpenPorts",
  summary: "The ports open for a dnid",
  description: "The push processes (host, port, mode) of the teams that reach the dnid's " +
    "tgid, by port. 404 when the dnid is unknown or another company's.",
  request: { query: DnidOpenPortsQuerySchema },
  responses: { 200: jsonResponse(DnidOpenPortListSchema, "Its open ports") },
  errors: [404],
});
