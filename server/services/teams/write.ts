/**
 * Creating, editing (and moving) and deleting teams, each in one transaction
 * (docs/decisions/0007-companies-and-teams.md).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import {
  companies,
  dnids,
  enids,
  enidTeams,
  pushProcesses,
  teams,
  tgids,
  users,
} from "../../../db/schema/mod.ts";
import { isAdminRights } from "../../../openapi/enums.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import type { Team, TeamCreateFields, TeamUpdateFields } from "../../../openapi/schemas/teams.ts";
import { ApiError, DUPLICATE_CODE } from "../../errors.ts";
import { assertMayGrant } from "../rights.ts";
import { getTeam, teamNotFound } from "./read.ts";
import { neIf } from "../sql_filters.ts";

/** Who is acting: their own team and rights limit what they may grant. */
export interface Actor {
  teamId: number;
  rights: number;
}

const selectCompany = (path: string) =>
  new ApiError(400, ADMIN_MESSAGES.selectCompany, {
    fields: [{ path, message: ADMIN_MESSAGES.selectCompany }],
  });

const duplicateTeam = (name: string, company: string) =>
  new ApiError(409, `${company} already has a team named "${name}"`, { code: DUPLICATE_CODE });

/** The company (locked against deletion meanwhile), or 'Please select a company'. */
async function companyFor(tx: Tx, id: number) {
  const [row] = await tx.select({ id: companies.id, name: companies.name }).from(companies)
    .where(eq(companies.id, id)).for("key share");
  if (!row) throw selectCompany("team.company");
  return row;
}

async function assertNameFree(
  tx: Tx,
  company: { id: number; name: string },
  name: string,
  exceptId?: number,
) {
  const [other] = await tx.select({ id: teams.id }).from(teams).where(and(
    eq(teams.companyId, company.id),
    eq(teams.name, name),
    neIf(teams.id, exceptId),
  ));
  if (other) throw duplicateTeam(name, company.name);
}

/** A new team of an existing company; rights default to 100 (Client). */
export async function createTeam(db: Db, input: TeamCreateFields, actor: Actor): Promise<Team> {
  assertMayGrant(actor, input.rights);
  return await db.transaction(async (tx) => {
    const company = await companyFor(tx, input.company);
    await assertNameFree(tx, company, input.name);
    const [row] = await tx.insert(teams).values({
      name: input.name,
      companyId: company.id,
      rights: input.rights,
      mtlInfoActive: input.mtlInfoActive,
      mtlInfoFtp: input.mtlInfoFtp,
    }).returning();
    return {
      id: row.id,
      name: row.name,
      company,
      rights: row.rights,
      mtlInfoActive: row.mtlInfoActive,
      mtlInfoFtp: row.mtlInfoFtp,
    };
  });
}

/**
 * Edits a team. Moving it to another company moves its users with it; the old company's dnids
 * and enids stay with the old company, so the team's links to them are dropped (dnids lose
 * their team, enid shares are removed). The tgids it owns move with it.
 */
export async function updateTeam(db: Db, input: TeamUpdateFields, actor: Actor): Promise<Team> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(teams).where(eq(teams.id, input.id)).for("update");
    if (!current) throw teamNotFound(input.id);
    const rights = input.rights ?? current.rights;
    assertMayGrant(actor, current.rights);
    assertMayGrant(actor, rights);
    if (current.id === actor.teamId && !isAdminRights(rights)) {
      throw new ApiError(409, "You cannot take the administrator rights from your own team");
    }
    const company = await companyFor(tx, input.company);
    await assertNameFree(tx, company, input.name, input.id);
    await tx.update(teams).set({
      name: input.name,
      companyId: company.id,
      rights,
      mtlInfoActive: input.mtlInfoActive ?? current.mtlInfoActive,
      mtlInfoFtp: input.mtlInfoFtp ?? current.mtlInfoFtp,
      updatedAt: new Date(),
    }).where(eq(teams.id, input.id));
    if (company.id !== current.companyId) {
      await tx.update(users).set({ companyId: company.id, updatedAt: new Date() })
        .where(eq(users.teamId, input.id));
      await tx.update(dnids).set({ teamId: null, updatedAt: new Date() })
        .where(and(eq(dnids.teamId, input.id), ne(dnids.companyId, company.id)));
      const otherEnids = tx.select({ id: enids.id }).from(enids).where(and(
        eq(enids.id, enidTeams.enidId),
        eq(enids.rulLes, enidTeams.rulLes),
        ne(enids.companyId, company.id),
      ));
      await tx.delete(enidTeams)
        .where(and(eq(enidTeams.teamId, input.id), sql`exists (${otherEnids})`));
    }
  });
  return await getTeam(db, input.id);
}

/**
 * Deletes a team: refused while it has users or owns tgids (the spec's messages); otherwise its
 * dnids and push processes lose their team, and its tgid and enid shares go with it.
 */
export async function deleteTeam(db: Db, teamId: number, actor: Actor) {
  return await db.transaction(async (tx) => {
    const [team] = await tx.select({ id: teams.id, name: teams.name, rights: teams.rights })
      .from(teams).where(eq(teams.id, teamId)).for("update");
    if (!team) throw teamNotFound(teamId);
    assertMayGrant(actor, team.rights);
    const [user] = await tx.select({ key: users.key }).from(users)
      .where(eq(users.teamId, teamId)).limit(1);
    if (user) throw new ApiError(409, ADMIN_MESSAGES.teamHasUsers);
    const [tgid] = await tx.select({ id: tgids.id }).from(tgids)
      .where(eq(tgids.teamId, teamId)).limit(1);
    if (tgid) throw new ApiError(409, ADMIN_MESSAGES.teamHasTgids);
    await tx.update(dnids).set({ teamId: null, updatedAt: new Date() })
      .where(eq(dnids.teamId, teamId));
    await tx.update(pushProcesses).set({ teamId: null, updatedAt: new Date() })
      .where(eq(pushProcesses.teamId, teamId));
    await tx.delete(teams).where(eq(teams.id, teamId));
    return { id: team.id, name: team.name };
  });
}
