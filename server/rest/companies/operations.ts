/** The /rest/companies calls (portal-shell §7), every one for administrators only. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  COMPANY_NAME_MAX,
  CompanyAddSchema,
  CompanyDeletedSchema,
  CompanyDeleteImpactSchema,
  CompanyDeleteQuerySchema,
  CompanyDetailsSchema,
  CompanyFindRequestSchema,
  CompanyFindResponseSchema,
  CompanyHierarchySchema,
  CompanyIdQuerySchema,
  CompanyListSchema,
  CompanySchema,
  CompanyUpdateSchema,
  SearchCompanyListSchema,
} from "../../../openapi/schemas/companies/companies.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const search = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/search",
  summary: "Find companies by name",
  description: "Companies whose name contains the text (case-insensitive), at most " +
    `${MULTISELECT_SEARCH_LIMIT}: an exact name first, then by name.`,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchCompanyListSchema, "Matching companies"),
  },
});

export const get = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/get",
  summary: "A company",
  description: "The company with its team and user counts.",
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanySchema, "The company"),
  },
  errors: [404],
});

export const getDetails = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/getDetails",
  summary: "A company with its teams, identifiers, terminals and users",
  description: "The company detail page's data: its teams (with user " +
    "counts), the tgids its teams own, its enids and dnids, the terminals of those tgids and " +
    "its users.",
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanyDetailsSchema, "The company and what it has"),
  },
  errors: [404],
});

export const hierarchy = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/hierarchy",
  summary: "Every company with its teams",
  description: "The company → team choice of the user and team dialogs: " +
    "every company (by name) with its teams (id, name, rights; by name).",
  responses: {
    200: jsonResponse(CompanyHierarchySchema, "Companies and their teams"),
  },
});

export const all = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/all",
  summary: "Every company",
  description: "Every company with its team and user counts, by name.",
  responses: {
    200: jsonResponse(CompanyListSchema, "Every company"),
  },
});

export const find = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/companies/find",
  paged: true,
  summary: "Find companies (the company list)",
  description: "The company list page's query in the find style: " +
    "filter by id or a part of the name, sort by id or name (default name), one page, with " +
    "the totals. Not in the specification's call list (docs/decisions/0007).",
  request: { body: jsonBody(CompanyFindRequestSchema) },
  responses: {
    200: jsonResponse(CompanyFindResponseSchema, "One page of companies, with the totals"),
  },
});

export const add = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/companies/add",
  summary: "Add a company",
  description: `The name is trimmed, required, at most ${COMPANY_NAME_MAX} ` +
    "characters and unique (409, code 23000). An explicit id (a positive integer) keeps a " +
    "legacy id: 409 (code 23000) when taken; later companies added without an id get ids " +
    "above it.",
  request: { body: jsonBody(CompanyAddSchema) },
  responses: {
    200: jsonResponse(CompanySchema, "The new company"),
  },
  errors: [409],
});

export const update = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/companies/update",
  summary: "Rename a company",
  description: "404 when the company is unknown; 409 (code 23000) when " +
    "another company has the name.",
  request: { body: jsonBody(CompanyUpdateSchema, { id: 12, name: "Oceanic Fisheries Ltd" }) },
  responses: {
    200: jsonResponse(CompanySchema, "The company, renamed"),
  },
  errors: [404, 409],
});

export const deleteImpact = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/companies/deleteImpact",
  summary: "What deleting a company would do",
  description: "Counts, as `delete` would act now: what goes with the company (teams, users, " +
    "files), what stays without it (other companies' dnids allocated to its teams, tgid and " +
    "enid shares with its teams, its ruls), what refuses the delete (its dnids, tgids, enids, " +
    "terminals, push processes, command lists) and whether it is the caller's own company. " +
    "The delete dialog shows it before asking for the company's name. Not in the " +
    "specification's call list (docs/decisions/0007).",
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanyDeleteImpactSchema, "What the delete would remove and why not"),
  },
  errors: [404],
});

export const remove = defineRoute({
  writes: true,
  access: "admin",
  refreshesSessions: true,
  method: "get",
  path: "/rest/companies/delete",
  summary: "Delete a company",
  description: "Deletes the company with its users, teams and files in " +
    "one transaction. Refused (409, naming what blocks it, e.g. 'Unable to delete company: " +
    "the company has 2 dnids and 1 tgid') while it has dnids, tgids, enids, terminals, push " +
    "processes or command lists, and for the caller's own company (docs/decisions/0007). " +
    "`name`, optional (the specification's call is `delete?id`), confirms: when given and not " +
    "the company's name, 409 and nothing is deleted.",
  request: { query: CompanyDeleteQuerySchema },
  responses: {
    200: jsonResponse(CompanyDeletedSchema, "The deleted company, with what went with it"),
  },
  errors: [404, 409],
});
