/**
 * The /rest/ruls calls (management-routing §7): remote user-logins, for administrators, except
 * `filter`, the enid dialog's rul choice, which a client may call for its own company's ruls.
 */
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  LastRulSchema,
  RUL_FILTER_EMPTY_COUNT,
  RUL_PASSWORD_MAX,
  RulChoiceListSchema,
  RulCreateSchema,
  RulFilterQuerySchema,
  RulFindRequestSchema,
  RulFindResponseSchema,
  RulIdQuerySchema,
  RulKeySchema,
  RulListSchema,
  RulSchema,
  RulUpdateSchema,
} from "../../../openapi/schemas/ruls/ruls.ts";
import { DEFAULT_LES, MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const filter = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/ruls/filter",
  summary: "Choose a rul",
  description: "The enid dialog's rul choice: ruls whose id starts with the text, or whose " +
    "customer name or company name contains it (case-insensitive), at most " +
    `${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by id. Without text, the first ` +
    `${RUL_FILTER_EMPTY_COUNT} by id. A client gets only the ruls of its own company.`,
  request: { query: RulFilterQuerySchema },
  responses: { 200: jsonResponse(RulChoiceListSchema, "Matching ruls") },
});

export const get = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/ruls/get",
  summary: "A rul",
  description: "The rul with this id (an id names one rul whatever its LES), with its " +
    "customer company.",
  request: { query: RulIdQuerySchema },
  responses: { 200: jsonResponse(RulSchema, "The rul") },
  errors: [404],
});

export const all = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/ruls/all",
  summary: "Every rul",
  description: "Every rul with its customer company, by id.",
  responses: { 200: jsonResponse(RulListSchema, "Every rul") },
});

export const find = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/ruls/find",
  paged: true,
  summary: "Find ruls (the rul list)",
  description: "The rul list page's query: filter by id, LES, customer company, or a part of " +
    "the customer name, company name or requester name; sort by id (default), LES, customer " +
    "name, company name or last change; one page, with the totals.",
  request: { body: jsonBody(RulFindRequestSchema) },
  responses: { 200: jsonResponse(RulFindResponseSchema, "One page of ruls, with the totals") },
});

export const create = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/ruls/create",
  rules: [USER_MESSAGES.unknownCompany],
  summary: "Create a rul",
  description: `The LES defaults to ${DEFAULT_LES}. The password (at most ${RUL_PASSWORD_MAX} ` +
    "characters) and the customer name are required; the mail contact must be an e-mail " +
    "address. An id already taken, on any LES, answers 409 (code 23000) 'The RUL with id {id} " +
    "already exists'; an unknown company 400.",
  request: {
    body: jsonBody(RulCreateSchema, {
      id: 1202,
      les: 21,
      password: "s3cret-21",
      customerName: "Oceanic Ltd",
      mailContact: "ops@oceanic-fisheries.example",
      company: 12,
    }),
  },
  responses: { 200: jsonResponse(RulSchema, "The new rul") },
  errors: [409],
});

export const update = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/ruls/update",
  rules: [USER_MESSAGES.unknownCompany],
  summary: "Update a rul",
  description: "The rul (id, les) keeps its id and LES: 404 when unknown. The password and the " +
    "customer name are required; an optional field left out keeps its value, an empty one or " +
    "null clears it.",
  request: {
    body: jsonBody(RulUpdateSchema, {
      id: 12,
      les: 21,
      password: "s3cret-21",
      customerName: "Oceanic Ltd",
      company: 12,
    }),
  },
  responses: { 200: jsonResponse(RulSchema, "The rul, updated") },
  errors: [404],
});

export const remove = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/ruls/delete",
  summary: "Delete a rul",
  description: "Deletes the rul (id, les): 404 when unknown. Refused (409) while dnids or " +
    "enids use it: 'Rul {id} is used by N dnid(s) and M enid(s); delete or move them first'.",
  request: { body: jsonBody(RulKeySchema, { id: 12, les: 21 }) },
  responses: { 200: jsonResponse(RulSchema, "The deleted rul") },
  errors: [404, 409],
});

export const lastRul = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/ruls/lastRul",
  summary: "The highest rul id",
  description: "The highest rul id (0 when there is none); the create dialog proposes the " +
    "next one.",
  responses: { 200: jsonResponse(LastRulSchema, "The highest rul id") },
});
