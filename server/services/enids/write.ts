/**
 * Creating, editing and deleting enids and changing their team lists, each in one transaction.
 * An administrator may choose any company, rul and teams; a client only its own company, its
 * company's ruls (`ruls.companyId`) and its company's teams, and only reaches its company's
 * enids (another company's answers exactly like a missing one).
 */
import { unknownTeam as teamNotFound } from "../../../openapi/schemas/messages.ts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { companies, enids, enidTeams, ruls, teams } from "../../../db/schema/mod.ts";
import {
  type Enid,
  ENID_MESSAGES,
  type EnidCreate,
  type EnidKey,
  type EnidTeam,
  type EnidTeamsUpdate,
  type EnidUpdate,
} from "../../../openapi/schemas/enids.ts";
import { applyTeamListChange, teamListChange } from "../../../openapi/schemas/team_list_change.ts";
import { ApiError, DUPLICATE_CODE, duplicateAs, notFound } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { enidNotFound, getEnid, getEnidTeams } from "./read.ts";
import { eqIf } from "../sql_filters.ts";

/** 409, code 23000, the dialog's own words. */
const enidExists = (id: number) =>
  new ApiError(409, ENID_MESSAGES.exists(id), { code: DUPLICATE_CODE });

const selectRul = () =>
  new ApiError(400, ENID_MESSAGES.selectRul, {
    fields: [{ path: "rul_id", message: ENID_MESSAGES.selectRul }],
  });

const unknownTeam = (path: string, id: number) => {
  const message = teamNotFound(id);
  return new ApiError(400, message, { fields: [{ path, message }] });
};

/** The company, if the caller may use it (a client: its own), locked against deletion. */
async function companyFor(tx: Tx, scope: Scope, id: number) {
  const [row] = await tx.select({ id: companies.id }).from(companies)
    .where(and(eq(companies.id, id), companyRows(scope, companies.id))).for("key share");
  if (!row) throw notFound("Company");
  return row.id;
}

/** The rul (id, les) exists and the caller may use it (a client: one of its company's). */
async function assertRul(tx: Tx, scope: Scope, id: number, les: number) {
  const [row] = await tx.select({ id: ruls.id }).from(ruls)
    .where(and(eq(ruls.id, id), eq(ruls.les, les), companyRows(scope, ruls.companyId)))
    .for("key share");
  if (!row) throw selectRul();
}

/** Every team exists and the caller may use it (a client: its company's); else 400. */
async function assertTeams(tx: Tx, scope: Scope, ids: number[], path: string) {
  if (!ids.length) return;
  const found = await tx.select({ id: teams.id }).from(teams)
    .where(and(inArray(teams.id, ids), companyRows(scope, teams.companyId))).for("key share");
  const known = new Set(found.map((t) => t.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) throw unknownTeam(path, missing);
}

/**
 * The team list to write for the locked `enid`: `teams` as given, or, with the list the editor
 * started from (`base`), what the editor changed against it applied to the list as it is now (as
 * the caller sees it), so that another editor's changes since are kept. The teams it adds must
 * exist (400); 409 'A Enid must have at least one team' when none would be left.
 */
async function nextTeams(
  tx: Tx,
  scope: Scope,
  enid: { id: number },
  edit: { teams: number[]; base?: number[]; path: string },
) {
  if (!edit.base) {
    await assertTeams(tx, scope, edit.teams, edit.path);
    return edit.teams;
  }
  const change = teamListChange(edit.base, edit.teams);
  await assertTeams(tx, scope, change.added, edit.path);
  const current = await getEnidTeams(tx, scope, enid.id);
  const next = applyTeamListChange(current.map((t) => t.id), change);
  if (!next.length) throw new ApiError(409, ENID_MESSAGES.teamRequired);
  return next;
}

/**
 * Replaces the enid's team links that the caller manages (an administrator: all of them; a
 * client: its company's teams, leaving links an administrator made to other companies' teams).
 */
async function replaceTeams(
  tx: Tx,
  scope: Scope,
  enid: { id: number; rulLes: number },
  teamIds: number[],
) {
  const managed = scope.onlyCompany === null ? undefined : inArray(
    enidTeams.teamId,
    tx.select({ id: teams.id }).from(teams).where(eq(teams.companyId, scope.onlyCompany)),
  );
  await tx.delete(enidTeams).where(and(
    eq(enidTeams.enidId, enid.id),
    eq(enidTeams.rulLes, enid.rulLes),
    managed,
  ));
  await tx.insert(enidTeams).values(
    teamIds.map((teamId) => ({ enidId: enid.id, rulLes: enid.rulLes, teamId })),
  ).onConflictDoNothing();
}

const text = (v: string | undefined) => (v === undefined ? undefined : v === "" ? null : v);

/** POST /rest/enids/create. */
export async function createEnid(db: Db, scope: Scope, input: EnidCreate): Promise<Enid> {
  try {
    return await db.transaction(async (tx) => {
      const companyId = await companyFor(tx, scope, input.company);
      await assertRul(tx, scope, input.rul_id, input.rul_les);
      await assertTeams(tx, scope, input.opts.teams, "opts.teams");
      // An id names one enid whatever its LES (unique index enids_id_key).
      const [taken] = await tx.select({ id: enids.id }).from(enids).where(eq(enids.id, input.id));
      if (taken) throw enidExists(input.id);
      await tx.insert(enids).values({
        id: input.id,
        rulLes: input.rul_les,
        companyId,
        rulId: input.rul_id,
        comments: text(input.opts.comments) ?? null,
        comments2: text(input.opts.comments2) ?? null,
      });
      await replaceTeams(tx, scope, { id: input.id, rulLes: input.rul_les }, input.opts.teams);
      return await getEnid(tx, scope, input.id);
    });
  } catch (e) {
    // A concurrent create of the same id got there first.
    throw duplicateAs(e, () => enidExists(input.id));
  }
}

/** The enid (id, les) if the caller may change it, locked; else 404. */
async function lockEnid(tx: Tx, scope: Scope, id: number, les?: number) {
  const [row] = await tx.select({ id: enids.id, rulLes: enids.rulLes }).from(enids).where(and(
    eq(enids.id, id),
    eqIf(enids.rulLes, les),
    companyRows(scope, enids.companyId),
  )).for("update");
  if (!row) throw enidNotFound();
  return row;
}

/**
 * POST /rest/enids/update, keyed by (id, rul_les): its company, rul (of the same LES) and
 * comments; the team list is replaced when `opts.teams` is given. Comments left out are kept.
 */
export async function updateEnid(db: Db, scope: Scope, input: EnidUpdate): Promise<Enid> {
  return await db.transaction(async (tx) => {
    const enid = await lockEnid(tx, scope, input.id, input.rul_les);
    const companyId = await companyFor(tx, scope, input.company);
    await assertRul(tx, scope, input.rul_id, input.rul_les);
    const { teams, baseTeams: base } = input.opts;
    const next = teams && await nextTeams(tx, scope, enid, { teams, base, path: "opts.teams" });
    await tx.update(enids).set({
      companyId,
      rulId: input.rul_id,
      comments: text(input.opts.comments),
      comments2: text(input.opts.comments2),
      updatedAt: new Date(),
    }).where(and(eq(enids.id, enid.id), eq(enids.rulLes, enid.rulLes)));
    if (next) await replaceTeams(tx, scope, enid, next);
    return await getEnid(tx, scope, enid.id);
  });
}

/** POST /rest/enids/delete: the enid and its team links, in one transaction; the enid as it was. */
export async function deleteEnid(db: Db, scope: Scope, key: EnidKey): Promise<Enid> {
  return await db.transaction(async (tx) => {
    const enid = await lockEnid(tx, scope, key.id, key.rul_les);
    const gone = await getEnid(tx, scope, enid.id);
    await tx.delete(enidTeams)
      .where(and(eq(enidTeams.enidId, enid.id), eq(enidTeams.rulLes, enid.rulLes)));
    await tx.delete(enids).where(and(eq(enids.id, enid.id), eq(enids.rulLes, enid.rulLes)));
    return gone;
  });
}

/**
 * POST /rest/enids/updateTeams: the enid's team list becomes `enidTeams`, or, with `baseTeams`,
 * takes this editor's changes against it (see `nextTeams`); the new list.
 */
export async function updateEnidTeams(
  db: Db,
  scope: Scope,
  input: EnidTeamsUpdate,
): Promise<EnidTeam[]> {
  return await db.transaction(async (tx) => {
    const enid = await lockEnid(tx, scope, input.enidId);
    const edit = { teams: input.enidTeams, base: input.baseTeams, path: "enidTeams" };
    await replaceTeams(tx, scope, enid, await nextTeams(tx, scope, enid, edit));
    await tx.update(enids).set({ updatedAt: new Date() })
      .where(and(eq(enids.id, enid.id), eq(enids.rulLes, enid.rulLes)));
    return await getEnidTeams(tx, scope, enid.id);
  });
}
