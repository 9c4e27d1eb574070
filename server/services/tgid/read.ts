/**
 * Reading tgids: the quick search, one tgid (with its teams, counts and audit), its details
 * (devices, dnids, users, routes), the list, and the ports open for it. Every read takes the
 * caller's scope: a client reaches the tgids owned by or shared with a team of its company, and
 * within them sees its own company's teams, users and dnids only.
 */
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import {
  companies,
  deviceTypes,
  dnids,
  teams,
  terminals,
  tgids,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import { MULTISELECT_SEARCH_LIMIT, TGID_SEARCH_MIN_CHARS } from "../../../openapi/enums.ts";
import type {
  Tgid,
  TgidDetails,
  TgidFindRequest,
  TgidFindResponse,
} from "../../../openapi/schemas/tgid/tgids.ts";
import { notFound } from "../../errors.ts";
import { companyRows, ownTgidRows, type Scope, scopedStatement, tgidRows } from "../tenancy.ts";
import { statement } from "../../../db/statements.ts";
import { textSearch } from "../text_search.ts";
import { detailUserColumns, tgidLabel, toDetailUser } from "../detail_lists.ts";
import { countsOf, preparedFind } from "../paging.ts";
import { allRoutesOf, routeCounts } from "./delivery_routes.ts";
import { openPortsOf } from "../dnids/read.ts";
import { containing, containsPattern, equalTo } from "../sql_filters.ts";

/** A tgid the caller may not see answers exactly like a missing one, naming nothing. */
export const tgidNotFound = () => notFound("Tgid");

/**
 * GET /rest/tgid/search: labels or numbers containing the text, exact matches first, then by
 * label; a client reaches the tgids of its company's teams (owned or shared), or with `owned` those
 * it may add a terminal to (its company's own: ownTgidRows). The label search starts at
 * TGID_SEARCH_MIN_CHARS characters: shorter text searches the numbers only.
 */
export async function searchTgids(db: Db, scope: Scope, query: string, owned = false) {
  const idText = sql<string>`cast(${tgids.id} as text)`;
  const label = sql<string>`coalesce(${tgids.label}, ${idText})`;
  const match = query.trim().length >= TGID_SEARCH_MIN_CHARS
    ? textSearch(query, { contains: [tgids.label, idText] })
    : textSearch(query, { contains: [idText] });
  const rows = await db.select({
    id: tgids.id,
    label: tgids.label,
    teamId: teams.id,
    teamName: teams.name,
  })
    .from(tgids)
    .innerJoin(teams, eq(teams.id, tgids.teamId))
    .where(and((owned ? ownTgidRows : tgidRows)(scope, tgids.id), match.where))
    .orderBy(match.exactFirst, asc(label), asc(tgids.id))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    label: tgidLabel(r.id, r.label),
    team: { id: r.teamId, name: r.teamName },
  }));
}

const creator = alias(users, "creator");
const editor = alias(users, "editor");

/** The columns of a tgid row; the dnids counted are those the caller may see. */
const tgidColumns = (scope: Scope) => ({
  id: tgids.id,
  label: tgids.label,
  teamId: teams.id,
  teamName: teams.name,
  companyId: companies.id,
  companyName: companies.name,
  createdBy: creator.id,
  createdOn: tgids.createdOn,
  updatedBy: editor.id,
  updatedOn: tgids.updatedOn,
  devices: sql<number>`(select count(*)::int from ${terminals}
    where ${terminals.tgidId} = ${tgids.id})`,
  dnids: sql<number>`(select count(*)::int from ${dnids} where ${dnids.tgidId} = ${tgids.id}
    and ${companyRows(scope, dnids.companyId) ?? sql`true`})`,
  ...routeCounts(tgids.id),
});
type TgidRow = Awaited<ReturnType<typeof tgidSelect>>[number];

/** `select … from tgids` joined with its owning team, company, creator and last editor. */
const tgidSelect = (db: Db, scope: Scope) =>
  db.select(tgidColumns(scope)).from(tgids)
    .innerJoin(teams, eq(teams.id, tgids.teamId))
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .leftJoin(creator, eq(creator.key, tgids.createdBy))
    .leftJoin(editor, eq(editor.key, tgids.updatedBy));

/** The label of a tgid the caller may see (its number when it has none), or 404. */
export async function visibleTgidLabel(db: Db, scope: Scope, id: number): Promise<string> {
  const [row] = await db.select({ label: tgids.label }).from(tgids)
    .where(and(eq(tgids.id, id), tgidRows(scope, tgids.id)));
  if (!row) throw tgidNotFound();
  return tgidLabel(id, row.label);
}

/**
 * The ids of the tgid's teams the caller may see (the owner, then the sharing teams; a client sees
 * its own company's only, as in `teamsOf`): what open ports needs, without the whole tgid.
 */
async function teamIdsOf(db: Db, scope: Scope, id: number): Promise<number[]> {
  const [owner] = await db.select({ teamId: tgids.teamId, companyId: teams.companyId })
    .from(tgids).innerJoin(teams, eq(teams.id, tgids.teamId))
    .where(and(eq(tgids.id, id), tgidRows(scope, tgids.id)));
  if (!owner) throw tgidNotFound();
  const shared = await db.select({ id: tgidTeams.teamId }).from(tgidTeams)
    .innerJoin(teams, eq(teams.id, tgidTeams.teamId))
    .where(and(eq(tgidTeams.tgidId, id), companyRows(scope, teams.companyId)));
  const ownerVisible = scope.onlyCompany === null || scope.onlyCompany === owner.companyId;
  return [...(ownerVisible ? [owner.teamId] : []), ...shared.map((t) => t.id)];
}

/** The teams sharing the tgids of the array `tgidIds`, by name; a client sees its company's only. */
const sharingTeamsOf = scopedStatement((db, scope, name) =>
  db.select({
    tgidId: tgidTeams.tgidId,
    id: teams.id,
    name: teams.name,
    companyId: companies.id,
    companyName: companies.name,
  }).from(tgidTeams)
    .innerJoin(teams, eq(teams.id, tgidTeams.teamId))
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(and(
      sql`${tgidTeams.tgidId} = any(${sql.placeholder("tgidIds")})`,
      companyRows(scope, teams.companyId),
    ))
    .orderBy(asc(teams.name), asc(teams.id))
    .prepare(name)
);

/**
 * The teams of the tgids `rows`: each one's owner, then the teams sharing it, by name. A client
 * sees its own company's teams only.
 */
async function teamsOf(db: Db, scope: Scope, rows: TgidRow[]) {
  const byTgid = new Map<number, Tgid["teams"]>();
  const visible = (companyId: number) =>
    scope.onlyCompany === null || scope.onlyCompany === companyId;
  for (const r of rows) {
    byTgid.set(
      r.id,
      visible(r.companyId)
        ? [{
          id: r.teamId,
          name: r.teamName,
          company: { id: r.companyId, name: r.companyName },
          owner: true,
        }]
        : [],
    );
  }
  if (!rows.length) return byTgid;
  const shared = await sharingTeamsOf(db, scope, { tgidIds: rows.map((r) => r.id) });
  const owners = new Map(rows.map((r) => [r.id, r.teamId]));
  for (const s of shared) {
    if (owners.get(s.tgidId) === s.id) continue;
    byTgid.get(s.tgidId)!.push({
      id: s.id,
      name: s.name,
      company: { id: s.companyId, name: s.companyName },
      owner: false,
    });
  }
  return byTgid;
}

const toTgid = (r: TgidRow, teamList: Tgid["teams"]): Tgid => ({
  id: r.id,
  label: tgidLabel(r.id, r.label),
  team: { id: r.teamId, name: r.teamName },
  company: { id: r.companyId, name: r.companyName },
  teams: teamList,
  counts: {
    devices: Number(r.devices),
    dnids: Number(r.dnids),
    routes: { tcp: Number(r.tcp), smtp: Number(r.smtp), ftp: Number(r.ftp), ws: Number(r.ws) },
  },
  createdBy: r.createdBy,
  createdOn: new Date(r.createdOn).toISOString(),
  updatedBy: r.updatedBy,
  updatedOn: new Date(r.updatedOn).toISOString(),
});

async function toTgids(db: Db, scope: Scope, rows: TgidRow[]) {
  const teamLists = await teamsOf(db, scope, rows);
  return rows.map((r) => toTgid(r, teamLists.get(r.id)!));
}

/**
 * GET /rest/tgid/details (the push traffic details dialog), and what the writes answer: one tgid
 * the caller may see, with its teams, counts and audit; 404 otherwise.
 */
export async function getTgid(db: Db, scope: Scope, id: number): Promise<Tgid> {
  const rows = await tgidById(db, scope, { id });
  if (!rows.length) throw tgidNotFound();
  return (await toTgids(db, scope, rows))[0];
}

/** One tgid the caller may see (built once). */
const tgidById = scopedStatement((db, scope, name) =>
  tgidSelect(db, scope)
    .where(and(eq(tgids.id, sql.placeholder("id")), tgidRows(scope, tgids.id)))
    .prepare(name)
);

/** A tgid's terminals, by device id. */
const devicesOf = statement((db, name) =>
  db.select({
    deviceId: terminals.deviceId,
    typeId: deviceTypes.id,
    typeName: deviceTypes.name,
    label: terminals.deviceLabel,
    identifier: terminals.terminalSpecificIdentifier,
    updateDate: terminals.updateDate,
  }).from(terminals).innerJoin(deviceTypes, eq(deviceTypes.id, terminals.deviceTypeId))
    .where(eq(terminals.tgidId, sql.placeholder("id"))).orderBy(asc(terminals.deviceId))
    .prepare(name)
);

/** A tgid's dnids the caller may see. */
const dnidsOf = scopedStatement((db, scope, name) =>
  db.select({
    id: dnids.id,
    les: dnids.les,
    companyId: companies.id,
    companyName: companies.name,
  }).from(dnids).innerJoin(companies, eq(companies.id, dnids.companyId))
    .where(and(eq(dnids.tgidId, sql.placeholder("id")), companyRows(scope, dnids.companyId)))
    .orderBy(asc(dnids.id), asc(dnids.les))
    .prepare(name)
);

/**
 * The users of a tgid's teams the caller may see (`teamsOf`'s: the owner and the sharing teams,
 * of the client's own company only), by id.
 */
const usersOf = scopedStatement((db, scope, name) => {
  const id = sql.placeholder("id");
  return db.select({ ...detailUserColumns, teamId: teams.id, teamName: teams.name }).from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(
      or(
        eq(teams.id, db.select({ id: tgids.teamId }).from(tgids).where(eq(tgids.id, id))),
        inArray(
          teams.id,
          db.select({ id: tgidTeams.teamId }).from(tgidTeams).where(eq(tgidTeams.tgidId, id)),
        ),
      ),
      companyRows(scope, teams.companyId),
    ))
    .orderBy(asc(users.id))
    .prepare(name);
});

/** GET /rest/tgid/get: the tgid with its devices, dnids, users (of its teams) and routes. */
export async function tgidDetails(db: Db, scope: Scope, id: number): Promise<TgidDetails> {
  const tgid = await getTgid(db, scope, id);
  const [devices, dnidRows, userRows, routes] = await Promise.all([
    devicesOf(db).execute({ id }),
    dnidsOf(db, scope, { id }),
    usersOf(db, scope, { id }),
    allRoutesOf(db, id),
  ]);
  return {
    ...tgid,
    devices: devices.map((d) => ({
      deviceId: d.deviceId,
      deviceType: { id: d.typeId, name: d.typeName },
      label: d.label,
      identifier: d.identifier,
      updateDate: new Date(d.updateDate).toISOString(),
    })),
    dnids: dnidRows.map((d) => ({
      id: d.id,
      les: d.les,
      company: { id: d.companyId, name: d.companyName },
    })),
    users: userRows.map((u) => ({ ...toDetailUser(u), team: { id: u.teamId, name: u.teamName } })),
    routes,
  };
}

const sharer = alias(teams, "sharer");

/** The tgid list, built once per shape: its filter fields' conditions. */
const findTgidPage = preparedFind({
  id: equalTo(tgids.id),
  label: containing(tgids.label),
  // The owning team's name, or a sharing team's (a client matches its own company's only).
  team: (name, scope, db) =>
    or(
      ilike(teams.name, name),
      inArray(
        tgids.id,
        db.select({ id: tgidTeams.tgidId }).from(tgidTeams)
          .innerJoin(sharer, eq(sharer.id, tgidTeams.teamId))
          .where(and(ilike(sharer.name, name), companyRows(scope, sharer.companyId))),
      ),
    )!,
  company: containing(companies.name),
}, (db, scope) => ({
  rows: tgidSelect(db, scope).$dynamic(),
  count: (one) =>
    db.select(one).from(tgids)
      .innerJoin(teams, eq(teams.id, tgids.teamId))
      .innerJoin(companies, eq(companies.id, teams.companyId)),
  scope: tgidRows(scope, tgids.id),
  sorts: {
    id: tgids.id,
    label: sql`coalesce(${tgids.label}, cast(${tgids.id} as text))`,
    team: teams.name,
    company: companies.name,
    updatedOn: tgids.updatedOn,
  },
  defaultSort: { field: "id", direction: "asc" },
  key: tgids.id,
}));

/** POST /rest/tgid/find: one page of the tgids the caller may see, with the totals. */
export async function findTgids(
  db: Db,
  scope: Scope,
  req: TgidFindRequest,
): Promise<TgidFindResponse> {
  const f = req.filter;
  const page = await findTgidPage(db, scope, req, {
    id: f.id,
    label: containsPattern(f.label),
    team: containsPattern(f.team),
    company: containsPattern(f.company),
  });
  return {
    results: await toTgids(db, scope, page.results),
    ...countsOf(page),
  };
}

/**
 * GET /rest/tgid/openPorts: the ports open for the tgid — the push processes of the teams that
 * reach it (its owner and the teams sharing it, as for a dnid's open ports), or of `team` alone,
 * which must be one of them (404 otherwise). A client sees its own company's teams' ports.
 */
export async function tgidOpenPorts(db: Db, scope: Scope, id: number, team?: number) {
  const teamIds = await teamIdsOf(db, scope, id);
  if (team !== undefined && !teamIds.includes(team)) throw notFound("Team");
  return await openPortsOf(db, team === undefined ? teamIds : [team]);
}
