/** The /rest/companies calls (portal-shell §7), every one for administrators only. */
import { createRoute } from "@hono/zod-openapi";
import { AUTHED_ERRORS, errorResponses, jsonBody, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { SearchCompanyListSchema, SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  COMPANY_NAME_MAX,
  CompanyAddSchema,
  CompanyDeletedSchema,
  CompanyDetailsSchema,
  CompanyFindRequestSchema,
  CompanyFindResponseSchema,
  CompanyHierarchySchema,
  CompanyIdQuerySchema,
  CompanyListSchema,
  CompanySchema,
  CompanyUpdateSchema,
} from "../../../openapi/schemas/companies.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

const tags = ["Companies"];

export const search = createRoute({
  method: "get",
  path: "/rest/companies/search",
  tags,
  summary: "Find companies by name",
  description:
    "Administrators only. Companies whose name contains the text (case-insensitive), at most " +
    `${MULTISELECT_SEARCH_LIMIT}: an exact name first, then by name.`,
  middleware: [requireAdmin] as const,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchCompanyListSchema, "Matching companies"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const get = createRoute({
  method: "get",
  path: "/rest/companies/get",
  tags,
  summary: "A company",
  description: "Administrators only. The company with its team and user counts.",
  middleware: [requireAdmin] as const,
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanySchema, "The company"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const getDetails = createRoute({
  method: "get",
  path: "/rest/companies/getDetails",
  tags,
  summary: "A company with its teams, identifiers, terminals and users",
  description: "Administrators only. The company detail page's data: its teams (with user " +
    "counts), the tgids its teams own, its enids and dnids, the terminals of those tgids and " +
    "its users.",
  middleware: [requireAdmin] as const,
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanyDetailsSchema, "The company and what it has"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const hierarchy = createRoute({
  method: "get",
  path: "/rest/companies/hierarchy",
  tags,
  summary: "Every company with its teams",
  description: "Administrators only. The company → team choice of the user and team dialogs: " +
    "every company (by name) with its teams (id, name, rights; by name).",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(CompanyHierarchySchema, "Companies and their teams"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const all = createRoute({
  method: "get",
  path: "/rest/companies/all",
  tags,
  summary: "Every company",
  description: "Administrators only. Every company with its team and user counts, by name.",
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonResponse(CompanyListSchema, "Every company"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const find = createRoute({
  method: "post",
  path: "/rest/companies/find",
  tags,
  summary: "Find companies (the company list)",
  description: "Administrators only. The company list page's query in the find style: " +
    "filter by id or a part of the name, sort by id or name (default name), one page, with " +
    "the totals. Not in the specification's call list (docs/decisions/0007).",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(CompanyFindRequestSchema) },
  responses: {
    200: jsonResponse(CompanyFindResponseSchema, "One page of companies, with the totals"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const add = createRoute({
  method: "post",
  path: "/rest/companies/add",
  tags,
  summary: "Add a company",
  description: `Administrators only. The name is trimmed, required, at most ${COMPANY_NAME_MAX} ` +
    "characters and unique (409, code 23000). An explicit id (a positive integer) keeps a " +
    "legacy id: 409 (code 23000) when taken; later companies added without an id get ids " +
    "above it.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(CompanyAddSchema) },
  responses: {
    200: jsonResponse(CompanySchema, "The new company"),
    ...errorResponses(...AUTHED_ERRORS, 409),
  },
});

export const update = createRoute({
  method: "post",
  path: "/rest/companies/update",
  tags,
  summary: "Rename a company",
  description: "Administrators only. 404 when the company is unknown; 409 (code 23000) when " +
    "another company has the name.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(CompanyUpdateSchema) },
  responses: {
    200: jsonResponse(CompanySchema, "The company, renamed"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});

export const remove = createRoute({
  method: "get",
  path: "/rest/companies/delete",
  tags,
  summary: "Delete a company",
  description: "Administrators only. Deletes the company with its users, teams and files in " +
    "one transaction. Refused (409, naming what blocks it, e.g. 'Unable to delete company: " +
    "the company has 2 dnids and 1 tgid') while it has dnids, tgids, enids, terminals, push " +
    "processes or command lists, and for the caller's own company (docs/decisions/0007).",
  middleware: [requireAdmin] as const,
  request: { query: CompanyIdQuerySchema },
  responses: {
    200: jsonResponse(CompanyDeletedSchema, "The deleted company, with what went with it"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});
