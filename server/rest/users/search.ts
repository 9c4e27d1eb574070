import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import { asc, eq } from "drizzle-orm";
import { type AppEnv, AUTHED_ERRORS, errorResponses, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import { textSearch } from "../../services/text_search.ts";
import { SearchQuerySchema, SearchUserListSchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies, teams, users } from "../../../db/schema/mod.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/users/search",
  tags: ["Users"],
  summary: "Find users",
  description:
    "Administrators only. Users whose login, mail, first or last name contains the text " +
    `(case-insensitive), with their company and team, at most ${MULTISELECT_SEARCH_LIMIT}: ` +
    "exact matches first, then by login.",
  middleware: [requireAdmin] as const,
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchUserListSchema, "Matching users"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

const SEARCHED = [users.id, users.mail, users.firstName, users.lastName];

export const searchHandler: RouteHandler<typeof search, AppEnv> = async (c) => {
  const { query } = c.req.valid("query");
  const match = textSearch(query, { contains: SEARCHED });
  const rows = await c.var.deps.db.select({
    id: users.id,
    mail: users.mail,
    firstName: users.firstName,
    lastName: users.lastName,
    active: users.active,
    companyId: companies.id,
    companyName: companies.name,
    teamId: teams.id,
    teamName: teams.name,
  })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(match.where)
    .orderBy(
      match.exactFirst,
      asc(users.id),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(
    rows.map((r) => ({
      id: r.id,
      mail: r.mail,
      firstName: r.firstName,
      lastName: r.lastName,
      active: r.active,
      company: { id: r.companyId, name: r.companyName },
      team: { id: r.teamId, name: r.teamName },
    })),
    200,
  );
};
