/**
 * Reading dnids: the quick search, one dnid with its sub-lists, the keys, find, the last number,
 * the ports open for it, the allocation of a range and the LES's record of it. Every read takes
 * the caller's scope: a client reaches its own company's dnids only.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  max,
  min,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  companies,
  defaultMtls,
  dnids,
  dnidStatuses,
  pushProcesses,
  ruls,
  teams,
  tgids,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import {
  DEFAULT_LES,
  dnidStatusState,
  FORBIDDEN_DNID,
  LES,
  MULTISELECT_SEARCH_LIMIT,
} from "../../../openapi/enums.ts";
import type {
  Dnid,
  DnidAllocation,
  DnidDetails,
  DnidFindRequest,
  DnidFindResponse,
  LesDetails,
} from "../../../openapi/schemas/dnids/dnids.ts";
import { notFound } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { contains, escapeLike, textSearch } from "../text_search.ts";
import {
  detailUserColumns,
  selectCompanyDnids,
  tgidRef,
  toCompanyDnid,
  toDetailUser,
} from "../detail_lists.ts";
import { countsOf, findPage } from "../paging.ts";
import { allRoutesOf } from "../tgid/delivery_routes.ts";
import { lastId } from "../last_id.ts";
import { isDefault, isDefaultEntry } from "./status/default_flag.ts";
import { eqIf } from "../sql_filters.ts";

/**
 * A dnid the caller may not see answers exactly like a missing one, naming nothing (not even
 * the number asked for, so no answer to one company carries another's).
 */
export const dnidNotFound = (_id: number, _les: number) => notFound("Dnid");

const teamRef = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? "" };

/** The members of a dnid, counted in the row's query. */
const memberCount = sql<number>`(select count(*)::int from dnid_statuses s
  where s.dnid_id = ${dnids.id} and s.les = ${dnids.les})`;

/** The columns of a dnid row (joined with its company, team and tgid). */
const dnidColumns = {
  id: dnids.id,
  les: dnids.les,
  companyId: companies.id,
  companyName: companies.name,
  teamId: teams.id,
  teamName: teams.name,
  tgidId: tgids.id,
  tgidLabel: tgids.label,
  rulId: dnids.rulId,
  carbonCopy: dnids.carbonCopy,
  comments: dnids.comments,
  comments2: dnids.comments2,
  immediateDelivery: dnids.immediateDelivery,
  vms: dnids.vms,
  color: dnids.color,
  members: memberCount,
  updatedAt: dnids.updatedAt,
};
interface DnidRow {
  id: number;
  les: number;
  companyId: number;
  companyName: string;
  teamId: number | null;
  teamName: string | null;
  tgidId: number | null;
  tgidLabel: string | null;
  rulId: number | null;
  carbonCopy: string | null;
  comments: string | null;
  comments2: string | null;
  immediateDelivery: boolean;
  vms: number;
  color: string | null;
  members: number;
  updatedAt: Date;
}

const toDnid = (r: DnidRow): Dnid => ({
  id: r.id,
  les: r.les,
  company: { id: r.companyId, name: r.companyName },
  team: teamRef(r.teamId, r.teamName),
  tgid: tgidRef(r.tgidId, r.tgidLabel),
  rulId: r.rulId,
  carbonCopy: r.carbonCopy,
  comments: r.comments,
  comments2: r.comments2,
  immediateDelivery: r.immediateDelivery ? 1 : 0,
  vms: r.vms ? 1 : 0,
  color: r.color,
  members: Number(r.members),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** `select … from dnids` joined with what a dnid row shows. */
const dnidSelect = (db: Db) =>
  db.select(dnidColumns).from(dnids)
    .innerJoin(companies, eq(companies.id, dnids.companyId))
    .leftJoin(teams, eq(teams.id, dnids.teamId))
    .leftJoin(tgids, eq(tgids.id, dnids.tgidId));

const keyIs = (id: number, les: number) => and(eq(dnids.id, id), eq(dnids.les, les));

/** One dnid the caller may see, or 404. */
export async function getDnid(db: Db, scope: Scope, id: number, les = DEFAULT_LES) {
  const [row] = await dnidSelect(db).where(
    and(keyIs(id, les), companyRows(scope, dnids.companyId)),
  );
  if (!row) throw dnidNotFound(id, les);
  return toDnid(row);
}

/**
 * The teams that reach the dnid: its tgid's owner, then the teams the tgid is shared with (by
 * name); without a tgid, the team it is allocated to.
 */
async function dnidTeams(db: Db, dnid: Dnid): Promise<DnidDetails["teams"]> {
  if (!dnid.tgid) return dnid.team ? [{ ...dnid.team, owner: true }] : [];
  const tgidId = dnid.tgid.id;
  const rows = await db.select({
    id: teams.id,
    name: teams.name,
    owner: sql<boolean>`(${teams.id} = ${tgids.teamId})`,
  }).from(teams).innerJoin(tgids, eq(tgids.id, tgidId)).where(or(
    eq(teams.id, tgids.teamId),
    inArray(
      teams.id,
      db.select({ id: tgidTeams.teamId }).from(tgidTeams).where(eq(tgidTeams.tgidId, tgidId)),
    ),
  )).orderBy(desc(sql`(${teams.id} = ${tgids.teamId})`), asc(teams.name), asc(teams.id));
  return rows.map((t) => ({ ...t, owner: Boolean(t.owner) }));
}

/** GET /rest/dnids/get: the dnid with its rul, users, members, teams and routes. */
export async function dnidDetails(
  db: Db,
  scope: Scope,
  id: number,
  les = DEFAULT_LES,
): Promise<DnidDetails> {
  const dnid = await getDnid(db, scope, id, les);
  const tgidId = dnid.tgid?.id ?? null;
  const teamList = await dnidTeams(db, dnid);
  const teamIds = teamList.map((t) => t.id);
  const [rul, userRows, statusRows, routes] = await Promise.all([
    dnid.rulId === null ? [] : db.select({
      id: ruls.id,
      les: ruls.les,
      customerName: ruls.customerName,
    }).from(ruls).where(and(eq(ruls.id, dnid.rulId), eq(ruls.les, les))),
    teamIds.length
      ? db.select({ ...detailUserColumns, teamId: teams.id, teamName: teams.name }).from(users)
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(inArray(users.teamId, teamIds)).orderBy(asc(users.id))
      : [],
    db.select({
      member: dnidStatuses.member,
      device: dnidStatuses.device,
      serial: dnidStatuses.serial,
      status: dnidStatuses.status,
      isDefault,
      updatedOn: dnidStatuses.updatedOn,
    }).from(dnidStatuses).leftJoin(defaultMtls, isDefaultEntry).where(
      and(eq(dnidStatuses.dnidId, id), eq(dnidStatuses.les, les)),
    )
      .orderBy(asc(dnidStatuses.member), asc(dnidStatuses.device)),
    allRoutesOf(db, tgidId),
  ]);
  return {
    ...dnid,
    rul: rul[0] ?? null,
    users: userRows.map((u) => ({ ...toDetailUser(u), team: { id: u.teamId, name: u.teamName } })),
    status: statusRows.map((s) => ({
      ...s,
      isDefault: Boolean(s.isDefault),
      updatedOn: new Date(s.updatedOn).toISOString(),
    })),
    teams: teamList,
    routes,
  };
}

/** GET /rest/dnids/getDnidsKeys: every (id, les) the caller may see, by id and LES. */
export async function dnidKeys(db: Db, scope: Scope) {
  const rows = await db.select({ id: dnids.id, les: dnids.les }).from(dnids)
    .where(companyRows(scope, dnids.companyId)).orderBy(asc(dnids.id), asc(dnids.les));
  return { dnids: rows };
}

/** GET /rest/dnids/lastDnid: the highest dnid number (0 when none). */
export const lastDnid = (db: Db) => lastId(db, dnids.id);

/** A tgid's label contains the text, or the text is its number. */
function tgidMatches(text: string): SQL {
  const n = /^\d{1,9}$/.test(text) ? Number(text) : null;
  return n === null
    ? contains(tgids.label, text)
    : or(contains(tgids.label, text), eq(tgids.id, n))!;
}

/** POST /rest/dnids/find: one page of the caller's dnids, with the totals. */
export async function findDnids(
  db: Db,
  scope: Scope,
  req: DnidFindRequest,
): Promise<DnidFindResponse> {
  const f = req.filter;
  const idText = sql<string>`cast(${dnids.id} as text)`;
  const monitoring = f.monitoring === undefined || f.monitoring === ""
    ? null
    : Number(f.monitoring);
  const page = await findPage(db, req, {
    rows: dnidSelect(db).$dynamic(),
    count: (one) =>
      db.select(one).from(dnids)
        .innerJoin(companies, eq(companies.id, dnids.companyId))
        .leftJoin(teams, eq(teams.id, dnids.teamId))
        .leftJoin(tgids, eq(tgids.id, dnids.tgidId)),
    scope: companyRows(scope, dnids.companyId),
    filters: [
      f.id ? sql`${idText} like ${escapeLike(f.id) + "%"}` : undefined,
      f.company ? contains(companies.name, f.company) : undefined,
      f.team ? contains(teams.name, f.team) : undefined,
      f.tgid ? tgidMatches(f.tgid) : undefined,
      f.comments
        ? or(contains(dnids.comments, f.comments), contains(dnids.comments2, f.comments))
        : undefined,
      monitoring === null ? undefined : eq(dnids.immediateDelivery, monitoring === 1),
      eqIf(dnids.rulId, f.rulId),
    ],
    sorts: {
      id: dnids.id,
      les: dnids.les,
      company: companies.name,
      team: teams.name,
      tgid: sql`coalesce(${tgids.label}, cast(${tgids.id} as text))`,
      monitoring: dnids.immediateDelivery,
      members: memberCount,
      updatedAt: dnids.updatedAt,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: [dnids.id, dnids.les],
  });
  return {
    dnids: page.results.map((r) => toDnid(r)),
    ...countsOf(page),
  };
}

/**
 * GET /rest/tgid/dnidOpenPorts: the push processes (ports open on the store-and-push hosts) of
 * the teams that reach the dnid's tgid, by port.
 */
export async function dnidOpenPorts(db: Db, scope: Scope, id: number, les = DEFAULT_LES) {
  const dnid = await getDnid(db, scope, id, les);
  return openPortsOf(db, (await dnidTeams(db, dnid)).map((t) => t.id));
}

/** The push processes of `teamIds` with their team, by port (the dnid page's open ports). */
export async function openPortsOf(db: Db, teamIds: number[]) {
  if (!teamIds.length) return [];
  const rows = await db.select({
    id: pushProcesses.id,
    hostname: pushProcesses.hostname,
    port: pushProcesses.port,
    mode: pushProcesses.mode,
    protocol: pushProcesses.protocol,
    teamId: teams.id,
    teamName: teams.name,
  }).from(pushProcesses).innerJoin(teams, eq(teams.id, pushProcesses.teamId))
    .where(inArray(pushProcesses.teamId, teamIds))
    .orderBy(asc(pushProcesses.port), asc(pushProcesses.id));
  return rows.map(({ teamId, teamName, ...p }) => ({ ...p, team: { id: teamId, name: teamName } }));
}

/** The lowest dnid number of the caller's company (0 when it has none): a client's first range. */
export async function firstOwnDnid(db: Db, scope: Scope): Promise<number> {
  const [row] = await db.select({ id: min(dnids.id) }).from(dnids)
    .where(companyRows(scope, dnids.companyId));
  return Number(row?.id ?? 0);
}

/**
 * GET /rest/dnids/allocation: the dnids allocated in [from, to] that the caller may see, with
 * their company, team and tgid. An administrator also gets how many numbers of the range are
 * still free on LES 21 and the last dnid; a client gets its own company's dnids only, and neither
 * figure (both count other companies' numbers: docs/decisions/0010).
 */
export async function dnidAllocation(
  db: Db,
  scope: Scope,
  from: number,
  to: number,
): Promise<DnidAllocation> {
  const inRange = and(gte(dnids.id, from), lte(dnids.id, to));
  const rows = await dnidSelect(db).where(and(inRange, companyRows(scope, dnids.companyId)))
    .orderBy(asc(dnids.id), asc(dnids.les));
  const allocated = rows.map((r) => {
    const d = toDnid(r);
    return { id: d.id, les: d.les, company: d.company, team: d.team, tgid: d.tgid };
  });
  if (scope.onlyCompany !== null) return { from, to, allocated, free: null, lastDnid: null };
  const [[last], [taken]] = await Promise.all([
    db.select({ id: max(dnids.id) }).from(dnids),
    db.select({ n: count() }).from(dnids).where(and(inRange, eq(dnids.les, DEFAULT_LES))),
  ]);
  const forbidden = from <= FORBIDDEN_DNID && FORBIDDEN_DNID <= to ? 1 : 0;
  return {
    from,
    to,
    allocated,
    free: to - from + 1 - Number(taken?.n ?? 0) - forbidden,
    lastDnid: last?.id ?? 0,
  };
}

/**
 * GET /rest/dnids/getLesDetails: the land earth station's record of the dnid (stationDnid). The
 * built-in simulated station keeps its registrations in our own tables, so its record is read
 * from them: the rul the dnid is registered under, and each member with its terminal and state.
 */
export async function lesDetails(
  db: Db,
  scope: Scope,
  storeNPushHost: string,
  id: number,
  les = DEFAULT_LES,
): Promise<LesDetails> {
  const [dnid] = await db.select({
    id: dnids.id,
    les: dnids.les,
    rulId: dnids.rulId,
    createdAt: dnids.createdAt,
  }).from(dnids).where(and(keyIs(id, les), companyRows(scope, dnids.companyId)));
  if (!dnid) throw dnidNotFound(id, les);
  const [rul, members] = await Promise.all([
    dnid.rulId === null ? [] : db.select({ id: ruls.id, customerName: ruls.customerName })
      .from(ruls).where(and(eq(ruls.id, dnid.rulId), eq(ruls.les, les))),
    db.select({
      member: dnidStatuses.member,
      mtl: dnidStatuses.device,
      status: dnidStatuses.status,
      defaultDnid: isDefault,
    }).from(dnidStatuses).leftJoin(defaultMtls, isDefaultEntry).where(
      and(eq(dnidStatuses.dnidId, id), eq(dnidStatuses.les, les)),
    )
      .orderBy(asc(dnidStatuses.member), asc(dnidStatuses.device)),
  ]);
  return {
    stationDnid: {
      dnid: dnid.id,
      les: dnid.les,
      lesName: (LES as Record<number, string>)[dnid.les] ?? `LES ${dnid.les}`,
      rul: rul[0] ?? null,
      storeNPushHost,
      registeredOn: new Date(dnid.createdAt).toISOString(),
      members: members.map((m) => ({
        member: m.member,
        mtl: m.mtl,
        state: dnidStatusState(m.status),
        defaultDnid: Boolean(m.defaultDnid),
      })),
    },
  };
}

/**
 * GET /rest/dnids/search: numbers starting with the text or tgid labels containing it, exact
 * matches first, then by number and LES; a client's own company's dnids only.
 */
export async function searchDnids(db: Db, scope: Scope, query: string) {
  const idText = sql<string>`cast(${dnids.id} as text)`;
  const match = textSearch(query, { prefix: [idText], contains: [tgids.label] });
  const rows = await selectCompanyDnids(db)
    .where(and(companyRows(scope, dnids.companyId), match.where))
    .orderBy(match.exactFirst, asc(dnids.id), asc(dnids.les))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map(toCompanyDnid);
}
