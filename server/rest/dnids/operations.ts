/**
 * The /rest/dnids calls (management-routing §7). Reads are for every user, scoped to the caller's company; add, update, toggle monitoring and delete are
 * offered to administrators only (§6) and refused to anyone else. The member status calls are in
 * ./status, the programs and on-demand commands in ./commands.
 */
import { ADMIN_MESSAGES, SELECT_COMPANY_TGID } from "../../../openapi/schemas/messages.ts";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  ALLOCATION_MESSAGES,
  ALLOCATION_SPAN_MAX,
  DNID_MESSAGES,
  DnidAllocationQuerySchema,
  DnidAllocationSchema,
  DnidDeletedSchema,
  DnidDetailsSchema,
  DnidFindRequestSchema,
  DnidFindResponseSchema,
  DnidKeyQuerySchema,
  DnidKeySchema,
  DnidKeysSchema,
  DnidMonitoringSchema,
  DnidSchema,
  DnidToggleMonitoringSchema,
  DnidWriteSchema,
  LastIdSchema,
  LesDetailsSchema,
  SearchDnidListSchema,
  StoreNPushHostSchema,
} from "../../../openapi/schemas/dnids/dnids.ts";
import { DEFAULT_LES, MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const search = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/search",
  summary: "Find dnids",
  description: "Dnids whose number starts with the text, or whose tgid's label contains it " +
    `(case-insensitive), at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by ` +
    "number and LES.",
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchDnidListSchema, "Matching dnids") },
});

export const get = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/get",
  summary: "A dnid with its users, status, teams and routes",
  description: `The dnid (id, les; les defaults to ${DEFAULT_LES}) with its rul, the users ` +
    "and teams that reach its tgid, its members (status) and its tgid's routes by protocol. " +
    "404 when unknown or another company's.",
  request: { query: DnidKeyQuerySchema },
  responses: { 200: jsonResponse(DnidDetailsSchema, "The dnid") },
  errors: [404],
});

export const getDnidsKeys = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/getDnidsKeys",
  summary: "Every dnid's number and LES",
  description: "The (id, les) of every dnid the caller may see, by number and LES.",
  responses: { 200: jsonResponse(DnidKeysSchema, "The keys, under `dnids`") },
});

export const lastDnid = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/dnids/lastDnid",
  summary: "The highest dnid number",
  description: "The add dialog proposes this plus one.",
  responses: { 200: jsonResponse(LastIdSchema, "The highest number") },
});

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/dnids/find",
  paged: true,
  summary: "Find dnids (the dnid overview)",
  description: "Filter by number (prefix), company, team, tgid (label or number), comments, " +
    "monitoring (All, 1 Monitored, 0 Not Monitored) or rul; sort by any column (default " +
    "number); one page, with the totals. The rows are under `dnids`.",
  request: { body: jsonBody(DnidFindRequestSchema) },
  responses: { 200: jsonResponse(DnidFindResponseSchema, "One page of dnids, with the totals") },
});

/** What a dnid's add or update can be refused for beyond its schema: its links. */
const DNID_WRITE_RULES = [
  ADMIN_MESSAGES.selectCompany,
  DNID_MESSAGES.selectTeam,
  DNID_MESSAGES.rulMissing(1, DEFAULT_LES),
  SELECT_COMPANY_TGID,
  DNID_MESSAGES.tgidLabel,
];

const WRITE_RULES = `les is always ${DEFAULT_LES} (400 otherwise); ${DNID_MESSAGES.forbidden} ` +
  "(400); a team of the company is required ('Please select a team'); the tgid is an " +
  "existing one that a team of the company owns or shares, or, with `opts.isNewTgid`, a new " +
  "one labelled `opts.tgidLabel` for that team, created in the same transaction; a rul, when " +
  `given, must exist on LES ${DEFAULT_LES}.`;

export const add = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/dnids/add",
  rules: DNID_WRITE_RULES,
  summary: "Add a dnid",
  description: `${WRITE_RULES} A taken number answers 409 (code 23000) 'Dnid {id} already ` +
    "exists' and creates nothing (not the new tgid either). The add dialog sends immediate " +
    "delivery 0, vms 0 and color null.",
  request: {
    body: jsonBody(DnidWriteSchema, {
      id: 13,
      les: 21,
      company: 13,
      tgid: 12,
      opts: {
        team: 13,
        rulId: 1201,
        comments: "Fleet North Atlantic",
        immediateDelivery: 0,
        vms: 0,
      },
    }),
  },
  responses: { 200: jsonResponse(DnidSchema, "The new dnid") },
  errors: [409],
});

export const update = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/dnids/update",
  rules: DNID_WRITE_RULES,
  summary: "Change a dnid",
  description: `${WRITE_RULES} 404 when the dnid does not exist. Immediate delivery, vms and ` +
    "color change only when sent.",
  request: {
    body: jsonBody(DnidWriteSchema, {
      id: 12,
      les: 21,
      company: 13,
      tgid: 13,
      opts: { team: 13, rulId: 1201, comments: "Trucks Maghreb", immediateDelivery: 1 },
    }),
  },
  responses: { 200: jsonResponse(DnidSchema, "The dnid, changed") },
  errors: [404],
});

export const toggleMonitoring = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/dnids/toggleMonitoring",
  summary: "Turn a dnid's monitoring on or off",
  description: "Sets immediateDelivery (the monitoring flag) to the value sent, or flips it " +
    "when none is sent. 404 when the dnid does not exist.",
  request: {
    body: jsonBody(DnidToggleMonitoringSchema, { id: 12, les: 21, immediateDelivery: true }),
  },
  responses: { 200: jsonResponse(DnidMonitoringSchema, "The new flag") },
  errors: [404],
});

export const getLesDetails = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/getLesDetails",
  summary: "The land earth station's record of a dnid",
  description: "What the LES holds for the dnid (`stationDnid`): its rul, the store-and-push " +
    "host and each member's terminal and state. 404 when unknown or another company's.",
  request: { query: DnidKeyQuerySchema },
  responses: { 200: jsonResponse(LesDetailsSchema, "The station's record") },
  errors: [404],
});

export const getStoreNPushHostName = defineRoute({
  access: "user",
  tenancy: "none",
  method: "get",
  path: "/rest/dnids/getStoreNPushHostName",
  summary: "The store-and-push host name",
  description: "The host customers' systems connect to for the open ports (STORE_N_PUSH_HOST).",
  responses: { 200: jsonResponse(StoreNPushHostSchema, "The host name") },
});

export const remove = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/dnids/delete",
  summary: "Delete a dnid",
  description: "Deletes the dnid with its member statuses, default-terminal entries and " +
    "routing exceptions, in one transaction (push traffic keeps the number: it is history). " +
    "404 when it does not exist.",
  request: { body: jsonBody(DnidKeySchema, { id: 12, les: 21 }) },
  responses: { 200: jsonResponse(DnidDeletedSchema, "What was deleted") },
  errors: [404],
});

export const allocation = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/allocation",
  rules: Object.values(ALLOCATION_MESSAGES),
  summary: "Dnid allocation of a range of numbers",
  description: `The dnids allocated in [from, to] (at most ${ALLOCATION_SPAN_MAX} numbers) with ` +
    `their company, team and tgid, and how many numbers are free on LES ${DEFAULT_LES} and the ` +
    "last dnid. A client gets its own company's dnids only, and `free` and `lastDnid` null " +
    "(they count other companies' numbers). Not in the specification's call list (the " +
    "allocation page: docs/decisions/0010).",
  request: { query: DnidAllocationQuerySchema },
  responses: { 200: jsonResponse(DnidAllocationSchema, "The range's allocation") },
});
