/**
 * A tenant's rows, read back for the mass-assignment test: what it owns and what refers to it
 * (rows of other companies pointing at its teams, tgids, dnids or users count too), and the
 * fields of a row that must never take another tenant's ids or a forged audit value.
 */
import { eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  commandLists,
  companies,
  defaultMtls,
  dnids,
  dnidStatuses,
  enids,
  enidTeams,
  files,
  pushProcesses,
  pushTraffic,
  recipientHistory,
  routingMemberRules,
  routingMtlRules,
  ruls,
  stationMessages,
  teams,
  terminals,
  tgids,
  tgidTeams,
  userAliases,
  users,
} from "../../db/schema/mod.ts";
import type { Tenant } from "./tenant.ts";

export type Snapshot = Record<string, Record<string, unknown>[]>;

/** Every row of the tenant's, by table (rows in a stable order). */
export async function snapshotOf(db: Db, t: Tenant): Promise<Snapshot> {
  const c = t.company.id;
  const teamIds = db.select({ id: teams.id }).from(teams).where(eq(teams.companyId, c));
  const userKeys = db.select({ key: users.key }).from(users).where(eq(users.companyId, c));
  const tgidIds = db.select({ id: tgids.id }).from(tgids).where(inArray(tgids.teamId, teamIds));
  const queries = {
    companies: db.select().from(companies).where(eq(companies.id, c)),
    teams: db.select().from(teams).where(eq(teams.companyId, c)),
    users: db.select().from(users).where(eq(users.companyId, c)),
    userAliases: db.select().from(userAliases).where(inArray(userAliases.userKey, userKeys)),
    recipientHistory: db.select().from(recipientHistory)
      .where(inArray(recipientHistory.userKey, userKeys)),
    tgids: db.select().from(tgids).where(inArray(tgids.teamId, teamIds)),
    tgidTeams: db.select().from(tgidTeams)
      .where(or(inArray(tgidTeams.teamId, teamIds), inArray(tgidTeams.tgidId, tgidIds))),
    dnids: db.select().from(dnids).where(or(
      eq(dnids.companyId, c),
      inArray(dnids.teamId, teamIds),
      inArray(dnids.tgidId, tgidIds),
    )),
    dnidStatuses: db.select().from(dnidStatuses).where(eq(dnidStatuses.dnidId, t.dnid.id)),
    defaultMtls: db.select().from(defaultMtls).where(eq(defaultMtls.dnidId, t.dnid.id)),
    ruls: db.select().from(ruls).where(eq(ruls.companyId, c)),
    enids: db.select().from(enids).where(or(eq(enids.companyId, c), eq(enids.rulId, t.rul.id))),
    enidTeams: db.select().from(enidTeams).where(inArray(enidTeams.teamId, teamIds)),
    terminals: db.select().from(terminals).where(inArray(terminals.tgidId, tgidIds)),
    commandLists: db.select().from(commandLists)
      .where(or(eq(commandLists.companyId, c), inArray(commandLists.userKey, userKeys))),
    stationMessages: db.select().from(stationMessages)
      .where(or(eq(stationMessages.companyId, c), inArray(stationMessages.userKey, userKeys))),
    files: db.select({ name: files.name, companyId: files.companyId, size: files.size })
      .from(files).where(eq(files.companyId, c)),
    pushTraffic: db.select().from(pushTraffic).where(inArray(pushTraffic.tgidId, tgidIds)),
    routingMemberRules: db.select().from(routingMemberRules).where(or(
      inArray(routingMemberRules.tgidId, tgidIds),
      eq(routingMemberRules.dnidId, t.dnid.id),
    )),
    routingMtlRules: db.select().from(routingMtlRules)
      .where(inArray(routingMtlRules.tgidId, tgidIds)),
    pushProcesses: db.select().from(pushProcesses).where(inArray(pushProcesses.teamId, teamIds)),
  };
  const snapshot: Snapshot = {};
  await Promise.all(
    Object.entries(queries).map(async ([table, query]) => {
      const rows = (await query) as Record<string, unknown>[];
      snapshot[table] = rows.map((r) => JSON.stringify(r)).sort().map((s) => JSON.parse(s));
    }),
  );
  return snapshot;
}

/** The date every forged audit field carries. */
export const FORGED_DATE = "2000-01-02T03:04:05.000Z";

/**
 * What a row of `mine` must never hold: the other tenant's ids in its reference fields, a forged
 * audit date. Answers `table.field = value` for each offending value.
 */
export function taints(mine: Snapshot, other: Tenant): string[] {
  const foreign: Record<string, unknown> = {
    companyId: other.company.id,
    teamId: other.team.id,
    tgidId: other.tgid.id,
    rulId: other.rul.id,
    dnidId: other.dnid.id,
    userKey: other.user.key,
    createdByKey: other.user.key,
  };
  const found: string[] = [];
  for (const [table, rows] of Object.entries(mine)) {
    for (const row of rows) {
      for (const [field, value] of Object.entries(row)) {
        const forged = (field === "createdAt" || field === "updatedAt") && value === FORGED_DATE;
        if (forged || (field in foreign && value === foreign[field])) {
          found.push(`${table}.${field} = ${value}`);
        }
      }
    }
  }
  return found;
}
