import { createRoute } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { SearchQuerySchema, SearchTeamListSchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies, teams } from "../../../db/schema/mod.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/teams/search",
  tags: ["Teams"],
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

export const teamsRouter = createRouter().openapi(search, async (c) => {
  const { query } = c.req.valid("query");
  const match = textSearch(query, { contains: [teams.name] });
  const rows = await c.var.deps.db.select({
    id: teams.id,
    name: teams.name,
    rights: teams.rights,
    companyId: companies.id,
    companyName: companies.name,
  })
    .from(teams)
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(match.where)
    .orderBy(
      match.exactFirst,
      asc(teams.name),
      asc(teams.id),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      rights: r.rights,
      company: { id: r.companyId, name: r.companyName },
    })),
    200,
  );
});
