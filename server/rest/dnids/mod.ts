import { createRoute } from "@hono/zod-openapi";
import { and, asc, eq, sql } from "drizzle-orm";
import { textSearch } from "../../services/text_search.ts";
import { AUTHED_ERRORS, createRouter, errorResponses, jsonResponse } from "../../router.ts";
import { companyScope } from "../../auth/middleware.ts";
import { SearchDnidListSchema, SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companies, dnids, tgids } from "../../../db/schema/mod.ts";

export const search = createRoute({
  method: "get",
  path: "/rest/dnids/search",
  tags: ["Dnids"],
  summary: "Find dnids",
  description: "Dnids whose number starts with the text, or whose tgid's label contains it " +
    `(case-insensitive), at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by ` +
    "number and LES. A client user finds only their own company's dnids.",
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchDnidListSchema, "Matching dnids"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const dnidsRouter = createRouter().openapi(search, async (c) => {
  const { query } = c.req.valid("query");
  const scope = companyScope(c.var.user);
  const idText = sql<string>`cast(${dnids.id} as text)`;
  const match = textSearch(query, { prefix: [idText], contains: [tgids.label] });
  const rows = await c.var.deps.db.select({
    id: dnids.id,
    les: dnids.les,
    companyId: companies.id,
    companyName: companies.name,
    tgidId: tgids.id,
    tgidLabel: tgids.label,
  })
    .from(dnids)
    .innerJoin(companies, eq(companies.id, dnids.companyId))
    .leftJoin(tgids, eq(tgids.id, dnids.tgidId))
    .where(and(
      scope === null ? undefined : eq(dnids.companyId, scope),
      match.where,
    ))
    .orderBy(
      match.exactFirst,
      asc(dnids.id),
      asc(dnids.les),
    )
    .limit(MULTISELECT_SEARCH_LIMIT);
  return c.json(
    rows.map((r) => ({
      id: r.id,
      les: r.les,
      company: { id: r.companyId, name: r.companyName },
      tgid: r.tgidId === null ? null : { id: r.tgidId, label: r.tgidLabel ?? String(r.tgidId) },
    })),
    200,
  );
});
