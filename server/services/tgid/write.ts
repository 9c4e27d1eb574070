/**
 * Creating, relabelling and deleting tgids and changing their team lists (administrators), each
 * in one transaction. The team list is the owning team (`tgids.teamId`) and the teams sharing the
 * tgid (tgid_teams); it never becomes empty ('A Tgid must have at least one team'). When the
 * owning team leaves the list, the first team left (by name) owns the tgid.
 */
import { unknownTeam } from "../../../openapi/schemas/messages.ts";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import {
  dnids,
  ftpRoutes,
  smtpRoutes,
  tcpRoutes,
  teams,
  terminals,
  tgids,
  tgidTeams,
  wsRoutes,
} from "../../../db/schema/mod.ts";
import {
  type Tgid,
  TGID_MESSAGES,
  type TgidCreate,
  type TgidTeamsUpdate,
} from "../../../openapi/schemas/tgid/tgids.ts";
import { applyTeamListChange } from "../../../openapi/schemas/team_list_change.ts";
import { ApiError } from "../../errors.ts";
import { EVERY_COMPANY } from "../tenancy.ts";
import { getTgid, tgidNotFound } from "./read.ts";

const atLeastOneTeam = () => new ApiError(409, TGID_MESSAGES.teamRequired);

/** Every team exists; else 400 naming the first unknown one. */
async function assertTeams(tx: Tx, ids: number[], path: string) {
  if (!ids.length) return;
  const found = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids))
    .for("key share");
  const known = new Set(found.map((t) => t.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) {
    const message = unknownTeam(missing);
    throw new ApiError(400, message, { fields: [{ path, message }] });
  }
}

/** The tgid's owner and sharing teams, the row locked for the change; 404 when unknown. */
async function lockTeams(tx: Tx, tgidId: number) {
  const [row] = await tx.select({ owner: tgids.teamId }).from(tgids).where(eq(tgids.id, tgidId))
    .for("update");
  if (!row) throw tgidNotFound();
  const shared = await tx.select({ id: tgidTeams.teamId }).from(tgidTeams)
    .where(eq(tgidTeams.tgidId, tgidId));
  return { owner: row.owner, ids: [...new Set([row.owner, ...shared.map((s) => s.id)])] };
}

/** POST /rest/tgid/create: a tgid owned by `team`; the caller is its creator and editor. */
export async function createTgid(db: Db, userKey: number, req: TgidCreate): Promise<Tgid> {
  const id = await db.transaction(async (tx) => {
    await assertTeams(tx, [req.team], "team");
    const [row] = await tx.insert(tgids).values({
      label: req.label || null,
      teamId: req.team,
      createdBy: userKey,
      updatedBy: userKey,
    }).returning({ id: tgids.id });
    return row.id;
  });
  return await getTgid(db, EVERY_COMPANY, id);
}

/** POST /rest/tgid/update: a new label (empty: none, the tgid shows its id). */
export async function updateTgid(
  db: Db,
  userKey: number,
  req: { tgidId: number; label?: string },
): Promise<Tgid> {
  const changed = await db.update(tgids).set({
    label: req.label || null,
    updatedBy: userKey,
    updatedOn: sql`now()`,
  }).where(eq(tgids.id, req.tgidId)).returning({ id: tgids.id });
  if (!changed.length) throw tgidNotFound();
  return await getTgid(db, EVERY_COMPANY, req.tgidId);
}

/**
 * The team list becomes `next` (in the transaction of `lockTeams`): the owner stays if it is
 * still there, else the first team of `next` by name owns the tgid.
 */
async function setTeams(tx: Tx, userKey: number, tgidId: number, owner: number, next: number[]) {
  if (!next.length) throw atLeastOneTeam();
  let newOwner = owner;
  if (!next.includes(owner)) {
    const [first] = await tx.select({ id: teams.id }).from(teams).where(inArray(teams.id, next))
      .orderBy(asc(teams.name), asc(teams.id)).limit(1);
    newOwner = first.id;
  }
  await tx.update(tgids).set({ teamId: newOwner, updatedBy: userKey, updatedOn: sql`now()` })
    .where(eq(tgids.id, tgidId));
  await tx.delete(tgidTeams).where(eq(tgidTeams.tgidId, tgidId));
  const sharing = next.filter((id) => id !== newOwner);
  if (sharing.length) {
    await tx.insert(tgidTeams).values(sharing.map((teamId) => ({ tgidId, teamId })));
  }
}

/**
 * POST /rest/tgid/updateTeams: adds the `addedTeams` (each must exist; one already there is no
 * matter) and takes off the `removedTeams` (one already gone is no matter), on the list as it is
 * once the tgid is locked: two editors' changes merge. 409 'A Tgid must have at least one team'
 * when none would be left, checked on that result under the lock, so no race can empty it.
 */
export async function updateTgidTeams(
  db: Db,
  userKey: number,
  req: TgidTeamsUpdate,
): Promise<Tgid> {
  await db.transaction(async (tx) => {
    const current = await lockTeams(tx, req.tgid);
    await assertTeams(tx, req.addedTeams, "addedTeams");
    const next = applyTeamListChange(current.ids, {
      added: req.addedTeams,
      removed: req.removedTeams,
    });
    await setTeams(tx, userKey, req.tgid, current.owner, next);
  });
  return await getTgid(db, EVERY_COMPANY, req.tgid);
}

/**
 * POST /rest/tgid/deleteTeamTgid: takes one team off the tgid (404 when it is not one of its
 * teams; 409 when it is the last one).
 */
export async function deleteTeamTgid(
  db: Db,
  userKey: number,
  req: { tgidId: number; teamId: number },
): Promise<Tgid> {
  await db.transaction(async (tx) => {
    const current = await lockTeams(tx, req.tgidId);
    if (!current.ids.includes(req.teamId)) throw new ApiError(404, "Team not found");
    const next = current.ids.filter((id) => id !== req.teamId);
    await setTeams(tx, userKey, req.tgidId, current.owner, next);
  });
  return await getTgid(db, EVERY_COMPANY, req.tgidId);
}

/** The tables whose rows keep a tgid from being deleted: dnids, terminals and routes. */
const DEPENDENTS = [dnids, terminals, tcpRoutes, ftpRoutes, smtpRoutes, wsRoutes] as const;

/** How many dnids, terminals and routes use the tgid. */
async function dependents(tx: Tx, tgidId: number) {
  const counts = await Promise.all(DEPENDENTS.map(async (t) => {
    const [row] = await tx.select({ n: count() }).from(t).where(eq(t.tgidId, tgidId));
    return Number(row.n);
  }));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * GET /rest/tgid/delete: deletes the tgid with its team shares and routing exceptions (push and
 * robot traffic keep their rows, without the tgid: they are history). Refused (409) while dnids,
 * terminals or routes (tcp, ftp, ws, smtp) use it; 404 when unknown.
 */
export async function deleteTgid(db: Db, tgidId: number) {
  return await db.transaction(async (tx) => {
    await lockTeams(tx, tgidId);
    if (await dependents(tx, tgidId)) throw new ApiError(409, TGID_MESSAGES.deleteBlocked);
    await tx.delete(tgids).where(eq(tgids.id, tgidId));
    return { id: tgidId };
  });
}
