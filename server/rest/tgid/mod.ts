import { createRoute } from "@hono/zod-openapi";
import { and, asc, eq, sql } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { companyScope } from "../../auth/middleware.ts";
import { tgidVisibleTo } from "../../services/tenancy.ts";
import { SearchQuerySchema, SearchTgidListSchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { teams, tgids } from "../../../db/schema/mod.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/tgid/search",
  tags: ["Tgids"],
  summary: "Find tgids",
  description:
    "Tgids whose label or number contains the text (case-insensitive), with the owning team, " +
    `at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by label. A client user ` +
    "finds only tgids owned by a team of their company or shared with one.",
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchTgidListSchema, "Matching tgids"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const tgidRouter = createRouter().openapi(search, async (c) => {
  const { query } = c.req.valid("query");
  const scope = companyScope(c.var.user);
  const { db } = c.var.deps;
  const idText = sql<string>`cast(${tgids.id} as text)`;
  const label = sql<string>`coalesce(${tgids.label}, ${idText})`;
  const match = textSearch(query, { contains: [tgids.label, idText] });
  const rows = await db.select({
    id: tgids.id,
    label: tgids.label,
    teamId: teams.id,
    teamName: teams.name,
  })
    .from(tgids)
    .innerJoin(teams, eq(teams.id, tgids.teamId))
    .where(and(
      scope === null ? undefined : tgidVisibleTo(tgids.id, scope),
      match.where,
    ))
    .orderBy(
      match.exactFirst,
      asc(label),
      asc(tgids.id),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(
    rows.map((r) => ({
      id: r.id,
      label: r.label ?? String(r.id),
      team: { id: r.teamId, name: r.teamName },
    })),
    200,
  );
});
