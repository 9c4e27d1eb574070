import { createRoute } from "@hono/zod-openapi";
import { asc } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { SearchCompanyListSchema, SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies } from "../../../db/schema/mod.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/companies/search",
  tags: ["Companies"],
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

export const companiesRouter = createRouter().openapi(search, async (c) => {
  const { query } = c.req.valid("query");
  const match = textSearch(query, { contains: [companies.name] });
  const rows = await c.var.deps.db.select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(match.where)
    .orderBy(
      match.exactFirst,
      asc(companies.name),
      asc(companies.id),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(rows.map((r) => ({ id: r.id, name: r.name })), 200);
});
