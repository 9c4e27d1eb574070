/** Reading teams: one with what it has, all, find, and the ports open for a team. */
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import {
  companies,
  dnids,
  enids,
  enidTeams,
  pushProcesses,
  teams,
  tgids,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import type {
  Team,
  TeamDetails,
  TeamFindRequest,
  TeamFindResponse,
  TeamRow,
} from "../../../openapi/schemas/teams.ts";
import { MULTISELECT_SEARCH_LIMIT, type Rights } from "../../../openapi/enums.ts";
import { notFound } from "../../errors.ts";
import { detailDnids, detailUserColumns, tgidLabel, toDetailUser } from "../detail_lists.ts";
import { findPage } from "../paging.ts";
import { contains, textSearch } from "../text_search.ts";
import { eqIf } from "../sql_filters.ts";

export const teamNotFound = (id: number) => notFound(`Team ${id}`);

const teamColumns = {
  id: teams.id,
  name: teams.name,
  rights: teams.rights,
  mtlInfoActive: teams.mtlInfoActive,
  mtlInfoFtp: teams.mtlInfoFtp,
  companyId: companies.id,
  companyName: companies.name,
};

interface TeamColumns {
  id: number;
  name: string;
  rights: Rights;
  mtlInfoActive: boolean;
  mtlInfoFtp: boolean;
  companyId: number;
  companyName: string;
}

const toTeam = (r: TeamColumns): Team => ({
  id: r.id,
  name: r.name,
  company: { id: r.companyId, name: r.companyName },
  rights: r.rights,
  mtlInfoActive: r.mtlInfoActive,
  mtlInfoFtp: r.mtlInfoFtp,
});

/** A team with its company, or 404. */
export async function getTeam(db: Db, id: number): Promise<Team> {
  const [row] = await db.select(teamColumns).from(teams)
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(eq(teams.id, id));
  if (!row) throw teamNotFound(id);
  return toTeam(row);
}

/** A team with its users, tgids (owned, then shared with it), enids and dnids; 404 if unknown. */
export async function teamDetails(db: Db, id: number): Promise<TeamDetails> {
  const team = await getTeam(db, id);
  const owner = alias(teams, "owner");
  const [userRows, ownedTgids, sharedTgids, enidRows, dnidList] = await Promise.all([
    db.select(detailUserColumns).from(users).where(eq(users.teamId, id)).orderBy(asc(users.id)),
    db.select({ id: tgids.id, label: tgids.label }).from(tgids).where(eq(tgids.teamId, id))
      .orderBy(asc(tgids.id)),
    db.select({ id: tgids.id, label: tgids.label, ownerId: owner.id, ownerName: owner.name })
      .from(tgidTeams)
      .innerJoin(tgids, eq(tgids.id, tgidTeams.tgidId))
      .innerJoin(owner, eq(owner.id, tgids.teamId))
      .where(and(eq(tgidTeams.teamId, id), ne(tgids.teamId, id)))
      .orderBy(asc(tgids.id)),
    db.select({ id: enids.id, rulLes: enids.rulLes, rulId: enids.rulId }).from(enidTeams)
      .innerJoin(enids, and(eq(enids.id, enidTeams.enidId), eq(enids.rulLes, enidTeams.rulLes)))
      .where(eq(enidTeams.teamId, id))
      .orderBy(asc(enids.id), asc(enids.rulLes)),
    detailDnids(db, eq(dnids.teamId, id)),
  ]);
  return {
    ...team,
    users: userRows.map(toDetailUser),
    tgids: [
      ...ownedTgids.map((t) => ({
        id: t.id,
        label: tgidLabel(t.id, t.label),
        shared: false,
        team: { id: team.id, name: team.name },
      })),
      ...sharedTgids.map((t) => ({
        id: t.id,
        label: tgidLabel(t.id, t.label),
        shared: true,
        team: { id: t.ownerId, name: t.ownerName },
      })),
    ],
    enids: enidRows,
    dnids: dnidList,
  };
}

const rowColumns = {
  ...teamColumns,
  // Written out: correlated subqueries must name the outer table themselves.
  userCount: sql<number>`(select count(*)::int from users u where u.team_id = teams.id)`,
  tgidCount: sql<number>`(select count(*)::int from tgids g where g.team_id = teams.id)`,
};

const toRow = (r: TeamColumns & { userCount: number; tgidCount: number }): TeamRow => ({
  ...toTeam(r),
  userCount: r.userCount,
  tgidCount: r.tgidCount,
});

/** Every team with its company, rights and counts; by name. */
export async function allTeams(db: Db): Promise<TeamRow[]> {
  const rows = await db.select(rowColumns).from(teams)
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .orderBy(asc(teams.name), asc(teams.id));
  return rows.map(toRow);
}

/** The team list page's query: filtered, sorted (default by name), paged, with totals. */
export async function findTeams(db: Db, req: TeamFindRequest): Promise<TeamFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select(rowColumns).from(teams)
      .innerJoin(companies, eq(companies.id, teams.companyId)).$dynamic(),
    count: (one) =>
      db.select(one).from(teams).innerJoin(companies, eq(companies.id, teams.companyId)),
    filters: [
      eqIf(teams.id, f.id),
      f.name ? contains(teams.name, f.name) : undefined,
      // Digits are the company's id (or a name of only those digits), else a part of its name.
      f.company
        ? /^\d{1,9}$/.test(f.company)
          ? or(eq(companies.id, Number(f.company)), eq(companies.name, f.company))
          : contains(companies.name, f.company)
        : undefined,
      eqIf(teams.rights, f.rights),
    ],
    sorts: { id: teams.id, name: teams.name, company: companies.name, rights: teams.rights },
    defaultSort: { field: "name", direction: "asc" },
    key: teams.id,
  });
  return { ...page, results: page.results.map(toRow) };
}

/** GET /rest/teams/search: names containing the text, with their company; exact names first. */
export async function searchTeams(db: Db, query: string) {
  const match = textSearch(query, { contains: [teams.name] });
  const rows = await db.select({
    id: teams.id,
    name: teams.name,
    rights: teams.rights,
    companyId: companies.id,
    companyName: companies.name,
  })
    .from(teams)
    .innerJoin(companies, eq(companies.id, teams.companyId))
    .where(match.where)
    .orderBy(match.exactFirst, asc(teams.name), asc(teams.id))
    .limit(MULTISELECT_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    rights: r.rights,
    company: { id: r.companyId, name: r.companyName },
  }));
}

/** The push processes assigned to the team (the ports open for it), by port; 404 if unknown. */
export async function openPorts(db: Db, teamId: number) {
  await getTeam(db, teamId);
  return await db.select({
    id: pushProcesses.id,
    hostname: pushProcesses.hostname,
    port: pushProcesses.port,
    mode: pushProcesses.mode,
    protocol: pushProcesses.protocol,
  }).from(pushProcesses).where(eq(pushProcesses.teamId, teamId))
    .orderBy(asc(pushProcesses.port), asc(pushProcesses.id));
}
