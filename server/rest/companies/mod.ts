import { createRoute } from "@hono/zod-openapi";
import { asc, ilike, sql } from "drizzle-orm";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import {
  escapeLike,
  SearchCompanyListSchema,
  SearchQuerySchema,
} from "../../../openapi/schemas/search.ts";
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
  const pattern = escapeLike(query);
  const rows = await c.var.deps.db.select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ilike(companies.name, `%${pattern}%`))
    .orderBy(
      sql`case when ${ilike(companies.name, pattern)} then 0 else 1 end`,
      asc(companies.name),
      asc(companies.id),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(rows.map((r) => ({ id: r.id, name: r.name })), 200);
});
