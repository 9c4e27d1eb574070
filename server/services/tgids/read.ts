/** Reading tgids: the quick search. */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { teams, tgids } from "../../../db/schema/mod.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { type Scope, tgidRows } from "../tenancy.ts";
import { textSearch } from "../text_search.ts";
import { tgidLabel } from "../detail_lists.ts";

/**
 * GET /rest/tgid/search: labels or numbers containing the text, exact matches first, then by
 * label; a client reaches the tgids of its company's teams (owned or shared).
 */
export async function searchTgids(db: Db, scope: Scope, query: string) {
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
    .where(and(tgidRows(scope, tgids.id), match.where))
    .orderBy(match.exactFirst, asc(label), asc(tgids.id))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    label: tgidLabel(r.id, r.label),
    team: { id: r.teamId, name: r.teamName },
  }));
}
