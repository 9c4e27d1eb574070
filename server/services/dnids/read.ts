/** Reading dnids: the quick search. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, dnids, tgids } from "../../../db/schema/mod.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { textSearch } from "../text_search.ts";
import { tgidLabel } from "../detail_lists.ts";

/**
 * GET /rest/dnids/search: numbers starting with the text or tgid labels containing it, exact
 * matches first, then by number and LES; a client's own company's dnids only.
 */
export async function searchDnids(db: Db, scope: Scope, query: string) {
  const idText = sql<string>`cast(${dnids.id} as text)`;
  const match = textSearch(query, { prefix: [idText], contains: [tgids.label] });
  const rows = await db.select({
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
    .where(and(companyRows(scope, dnids.companyId), match.where))
    .orderBy(match.exactFirst, asc(dnids.id), asc(dnids.les))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    les: r.les,
    company: { id: r.companyId, name: r.companyName },
    tgid: r.tgidId === null ? null : { id: r.tgidId, label: tgidLabel(r.tgidId, r.tgidLabel) },
  }));
}
