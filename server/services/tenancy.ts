/**
 * The tenant rule for tgid-owned data: a client sees a tgid (and its traffic, routes, ...)
 * when the tgid's team is in the client's company, or the tgid is shared with one of its teams.
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { teams, tgids, tgidTeams } from "../../db/schema/mod.ts";

export const tgidVisibleTo = (tgidColumn: AnyColumn, companyId: number): SQL =>
  sql`(${tgidColumn} in (select ${tgids.id} from ${tgids} join ${teams} on ${teams.id} = ${tgids.teamId} where ${teams.companyId} = ${companyId})
    or ${tgidColumn} in (select ${tgidTeams.tgidId} from ${tgidTeams} join ${teams} on ${teams.id} = ${tgidTeams.teamId} where ${teams.companyId} = ${companyId}))`;
