/**
 * Reading enids: one, a page of the list, the quick search, the highest id, an enid's teams and
 * the teams the dialogs offer. A client (scope of one company) reaches only its company's enids,
 * and sees only its company's teams among an enid's teams; anything else answers as missing.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, enids, enidTeams, ruls, teams } from "../../../db/schema/mod.ts";
import type {
  Enid,
  EnidFindRequest,
  EnidFindResponse,
  EnidTeam,
} from "../../../openapi/schemas/enids.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { notFound } from "../../errors.ts";
import { findPage } from "../paging.ts";
import { lastId } from "../last_id.ts";
import { contains, escapeLike, textSearch } from "../text_search.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { eqIf } from "../sql_filters.ts";

/**
 * 404 for an enid that is unknown or another company's. The message does not repeat the id: an
 * answer to a client never carries another company's identifiers, not even the one it asked for.
 */
export const enidNotFound = () => notFound("Enid");

const columns = {
  id: enids.id,
  rulLes: enids.rulLes,
  rulId: enids.rulId,
  companyId: companies.id,
  companyName: companies.name,
  rulCustomerName: ruls.customerName,
  comments: enids.comments,
  comments2: enids.comments2,
  createdAt: enids.createdAt,
  updatedAt: enids.updatedAt,
};

type EnidColumns = {
  id: number;
  rulLes: number;
  rulId: number;
  companyId: number;
  companyName: string;
  rulCustomerName: string;
  comments: string | null;
  comments2: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The enids with their company and rul. */
function base(db: Db) {
  return db.select(columns).from(enids)
    .innerJoin(companies, eq(companies.id, enids.companyId))
    .innerJoin(ruls, and(eq(ruls.id, enids.rulId), eq(ruls.les, enids.rulLes)));
}

const toEnid = (r: EnidColumns, teamList: EnidTeam[]): Enid => ({
  id: r.id,
  rul_les: r.rulLes,
  company: { id: r.companyId, name: r.companyName },
  rul_id: r.rulId,
  rul: { id: r.rulId, les: r.rulLes, customerName: r.rulCustomerName },
  comments: r.comments,
  comments2: r.comments2,
  teams: teamList,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The teams a caller may see: every team for an administrator, its company's for a client. */
const visibleTeams = (scope: Scope) => companyRows(scope, teams.companyId);

/** The teams of the enids `ids` that the caller may see, by enid id; each list by name. */
async function teamsOf(db: Db, scope: Scope, ids: number[]): Promise<Map<number, EnidTeam[]>> {
  const out = new Map<number, EnidTeam[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.select({
    enidId: enidTeams.enidId,
    id: teams.id,
    name: teams.name,
    companyId: companies.id,
    companyName: companies.name,
  }).from(enidTeams)
    .innerJoin(enids, and(eq(enids.id, enidTeams.enidId), eq(enids.rulLes, enidTeams.rulLes)))
    .innerJoin(teams, eq(teams.id, enidTeams.teamId))
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(and(inArray(enidTeams.enidId, ids), visibleTeams(scope)))
    .orderBy(asc(teams.name), asc(teams.id));
  for (const r of rows) {
    out.get(r.enidId)?.push({
      id: r.id,
      name: r.name,
      company: { id: r.companyId, name: r.companyName },
    });
  }
  return out;
}

/** The enid's row (company and rul), if the caller may see it. */
export async function enidRow(db: Db, scope: Scope, id: number): Promise<EnidColumns | undefined> {
  const [row] = await base(db).where(and(eq(enids.id, id), companyRows(scope, enids.companyId)));
  return row;
}

/** GET /rest/enids/get: the enid with its company, rul and teams; 404 when unknown or not ours. */
export async function getEnid(db: Db, scope: Scope, id: number): Promise<Enid> {
  const row = await enidRow(db, scope, id);
  if (!row) throw enidNotFound();
  return toEnid(row, (await teamsOf(db, scope, [id])).get(id)!);
}

/** GET /rest/enids/getTeams: the enid's teams (a client: its company's), by name; 404 if not ours. */
export async function getEnidTeams(db: Db, scope: Scope, enidId: number): Promise<EnidTeam[]> {
  if (!await enidRow(db, scope, enidId)) throw enidNotFound();
  return (await teamsOf(db, scope, [enidId])).get(enidId)!;
}

/** A company given by its id (digits; or a name of only those digits), else a part of its name. */
const companyMatch = (text: string) =>
  /^\d{1,9}$/.test(text)
    ? or(eq(companies.id, Number(text)), eq(companies.name, text))
    : contains(companies.name, text);

/** An enid used by a team matching `text` (its id, else a part of its name) that `scope` sees. */
function usedByTeam(scope: Scope, text: string): SQL {
  const match = /^\d{1,9}$/.test(text)
    ? sql`(t.id = ${Number(text)} or t.name = ${text})`
    : sql`t.name ilike ${`%${escapeLike(text)}%`}`;
  const own = scope.onlyCompany === null ? sql`` : sql` and t.company_id = ${scope.onlyCompany}`;
  // Written out: the subquery names the outer table itself (drizzle would leave it unqualified).
  return sql`exists (select 1 from enid_teams et join teams t on t.id = et.team_id
    where et.enid_id = enids.id and et.rul_les = enids.rul_les and ${match}${own})`;
}

/** POST /rest/enids/find: filtered, sorted (default by id), paged, with totals. */
export async function findEnids(
  db: Db,
  scope: Scope,
  req: EnidFindRequest,
): Promise<EnidFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: base(db).$dynamic(),
    count: (one) =>
      db.select(one).from(enids)
        .innerJoin(companies, eq(companies.id, enids.companyId))
        .innerJoin(ruls, and(eq(ruls.id, enids.rulId), eq(ruls.les, enids.rulLes))),
    scope: companyRows(scope, enids.companyId),
    filters: [
      eqIf(enids.id, f.id),
      eqIf(enids.rulId, f.rul_id),
      eqIf(enids.rulLes, f.rul_les),
      f.company ? companyMatch(f.company) : undefined,
      f.comments
        ? or(contains(enids.comments, f.comments), contains(enids.comments2, f.comments))
        : undefined,
      f.team ? usedByTeam(scope, f.team) : undefined,
    ],
    sorts: {
      id: enids.id,
      rul_id: [enids.rulId, enids.rulLes],
      company: companies.name,
      updated: enids.updatedAt,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: [enids.id, enids.rulLes],
  });
  const byEnid = await teamsOf(db, scope, page.results.map((r) => r.id));
  return { ...page, results: page.results.map((r) => toEnid(r, byEnid.get(r.id)!)) };
}

/**
 * GET /rest/enids/search: ids starting with the text, or comments or company names containing
 * it; exact matches first, then by id.
 */
export async function searchEnids(db: Db, scope: Scope, query: string) {
  const idText = sql<string>`cast(${enids.id} as text)`;
  const match = textSearch(query, {
    prefix: [idText],
    contains: [enids.comments, enids.comments2, companies.name],
  });
  const rows = await db.select({
    id: enids.id,
    rulLes: enids.rulLes,
    rulId: enids.rulId,
    companyId: companies.id,
    companyName: companies.name,
    comments: enids.comments,
  }).from(enids)
    .innerJoin(companies, eq(companies.id, enids.companyId))
    .where(and(companyRows(scope, enids.companyId), match.where))
    .orderBy(match.exactFirst, asc(enids.id), asc(enids.rulLes))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    rul_les: r.rulLes,
    rul_id: r.rulId,
    company: { id: r.companyId, name: r.companyName },
    comments: r.comments,
  }));
}

/** GET /rest/enids/lastEnid: the highest enid id the caller can see (0 when none). */
export const lastEnid = (db: Db, scope: Scope) =>
  lastId(db, enids.id, companyRows(scope, enids.companyId));

/**
 * GET /rest/enids/teamChoices: the teams the dialogs offer — every company's for an
 * administrator, its own company's for a client — whose name contains the text (all when
 * empty); exact names first, then by name.
 */
export async function teamChoices(db: Db, scope: Scope, query: string): Promise<EnidTeam[]> {
  const match = query ? textSearch(query, { contains: [teams.name] }) : null;
  const rows = await db.select({
    id: teams.id,
    name: teams.name,
    companyId: companies.id,
    companyName: companies.name,
  }).from(teams)
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(and(visibleTeams(scope), match?.where))
    .orderBy(...(match ? [match.exactFirst] : []), asc(teams.name), asc(teams.id))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    company: { id: r.companyId, name: r.companyName },
  }));
}
