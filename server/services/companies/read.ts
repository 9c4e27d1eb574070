/** Reading companies: one, all, the company → team hierarchy, a company's details, find. */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  companies,
  deviceTypes,
  dnids,
  enids,
  mtls,
  teams,
  terminals,
  tgids,
  users,
} from "../../../db/schema/mod.ts";
import type {
  Company,
  CompanyDetails,
  CompanyFindRequest,
  CompanyFindResponse,
  CompanyHierarchyEntry,
} from "../../../openapi/schemas/companies/companies.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { notFound } from "../../errors.ts";
import { detailDnids, detailUserColumns, tgidLabel, toDetailUser } from "../detail_lists.ts";
import { findPage } from "../paging.ts";
import { contains, textSearch } from "../text_search.ts";
import { eqIf } from "../sql_filters.ts";

export const companyNotFound = (id: number) => notFound(`Company ${id}`);

/**
 * The company's counts, as columns of a query on `companies`. Written out: in a one-table
 * select drizzle leaves column names unqualified, which a correlated subquery would misread.
 */
const counts = {
  teamCount: sql<number>`(select count(*)::int from teams t where t.company_id = companies.id)`,
  userCount: sql<number>`(select count(*)::int from users u where u.company_id = companies.id)`,
};

const summary = { id: companies.id, name: companies.name, ...counts };

/** A company with its counts, or 404. */
export async function getCompany(db: Db, id: number): Promise<Company> {
  const [row] = await db.select(summary).from(companies).where(eq(companies.id, id));
  if (!row) throw companyNotFound(id);
  return row;
}

/** Every company with its counts, by name. */
export async function allCompanies(db: Db): Promise<Company[]> {
  return await db.select(summary).from(companies).orderBy(asc(companies.name), asc(companies.id));
}

/** Every company with its teams (id, name, rights); companies by name, teams by name. */
export async function companyHierarchy(db: Db): Promise<CompanyHierarchyEntry[]> {
  const [companyRows, teamRows] = await Promise.all([
    db.select({ id: companies.id, name: companies.name }).from(companies)
      .orderBy(asc(companies.name), asc(companies.id)),
    db.select({
      id: teams.id,
      name: teams.name,
      rights: teams.rights,
      companyId: teams.companyId,
    }).from(teams).orderBy(asc(teams.name), asc(teams.id)),
  ]);
  const byCompany = new Map<number, CompanyHierarchyEntry>(
    companyRows.map((c) => [c.id, { id: c.id, name: c.name, teams: [] }]),
  );
  for (const t of teamRows) {
    byCompany.get(t.companyId)?.teams.push({ id: t.id, name: t.name, rights: t.rights });
  }
  return [...byCompany.values()];
}

/** The company's name, or 404 (its page's heading). */
export async function companyName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies)
    .where(eq(companies.id, id));
  if (!row) throw companyNotFound(id);
  return row.name;
}

/** A company with its teams, tgids, enids, dnids, terminals and users; 404 when unknown. */
export async function companyDetails(db: Db, id: number): Promise<CompanyDetails> {
  const company = { id, name: await companyName(db, id) };
  const companyTeams = db.select({ id: teams.id }).from(teams).where(eq(teams.companyId, id));
  const [teamRows, tgidRows, enidRows, dnidList, deviceRows, userRows] = await Promise.all([
    db.select({
      id: teams.id,
      name: teams.name,
      rights: teams.rights,
      userCount: sql<number>`(select count(*)::int from users u where u.team_id = teams.id)`,
    }).from(teams).where(eq(teams.companyId, id)).orderBy(asc(teams.name), asc(teams.id)),
    db.select({
      id: tgids.id,
      label: tgids.label,
      teamId: teams.id,
      teamName: teams.name,
    }).from(tgids).innerJoin(teams, eq(teams.id, tgids.teamId))
      .where(eq(teams.companyId, id)).orderBy(asc(tgids.id)),
    db.select({ id: enids.id, rulLes: enids.rulLes, rulId: enids.rulId }).from(enids)
      .where(eq(enids.companyId, id)).orderBy(asc(enids.id), asc(enids.rulLes)),
    detailDnids(db, eq(dnids.companyId, id)),
    db.select({
      deviceId: terminals.deviceId,
      typeId: deviceTypes.id,
      typeName: deviceTypes.name,
      label: terminals.deviceLabel,
      serial: mtls.serial,
      imn: mtls.imn,
      tgidId: tgids.id,
      tgidLabel: tgids.label,
    }).from(terminals)
      .innerJoin(tgids, eq(tgids.id, terminals.tgidId))
      .innerJoin(deviceTypes, eq(deviceTypes.id, terminals.deviceTypeId))
      .leftJoin(mtls, eq(mtls.deviceId, terminals.deviceId))
      .where(inArray(tgids.teamId, companyTeams))
      .orderBy(asc(terminals.deviceId)),
    db.select({ ...detailUserColumns, teamId: teams.id, teamName: teams.name }).from(users)
      .innerJoin(teams, eq(teams.id, users.teamId))
      .where(eq(users.companyId, id)).orderBy(asc(users.id)),
  ]);
  return {
    ...company,
    teams: teamRows,
    tgids: tgidRows.map((t) => ({
      id: t.id,
      label: tgidLabel(t.id, t.label),
      team: { id: t.teamId, name: t.teamName },
    })),
    enids: enidRows,
    dnids: dnidList,
    devices: deviceRows.map((d) => ({
      deviceId: d.deviceId,
      deviceType: { id: d.typeId, name: d.typeName },
      label: d.label,
      serial: d.serial,
      imn: d.imn,
      tgid: { id: d.tgidId, label: tgidLabel(d.tgidId, d.tgidLabel) },
    })),
    users: userRows.map((u) => ({ ...toDetailUser(u), team: { id: u.teamId, name: u.teamName } })),
  };
}

/** The company list page's query: filtered, sorted (default by name), paged, with totals. */
export function findCompanies(db: Db, req: CompanyFindRequest): Promise<CompanyFindResponse> {
  const f = req.filter;
  return findPage(db, req, {
    rows: db.select(summary).from(companies).$dynamic(),
    count: (one) => db.select(one).from(companies),
    filters: [
      eqIf(companies.id, f.id),
      f.name ? contains(companies.name, f.name) : undefined,
    ],
    sorts: { id: companies.id, name: companies.name },
    defaultSort: { field: "name", direction: "asc" },
    key: companies.id,
  });
}

/** GET /rest/companies/search: names containing the text, an exact name first. */
export async function searchCompanies(db: Db, query: string) {
  const match = textSearch(query, { contains: [companies.name] });
  return await db.select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(match.where)
    .orderBy(match.exactFirst, asc(companies.name), asc(companies.id))
    .limit(MULTISELECT_SEARCH_LIMIT);
}
