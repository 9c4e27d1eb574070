/**
 * Changing users: create, update, change of id, status, team and e-mail aliases.
 *
 * A user's id and aliases share one namespace: an address is at most one user's id or one alias
 * (docs/decisions/0008). Changes to it run in a transaction holding one advisory lock, so two
 * concurrent requests cannot both take the same address.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, teams, userAliases, users } from "../../../db/schema/mod.ts";
import type { User, UserCreate, UserUpdate } from "../../../openapi/schemas/users/users.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/users.ts";
import { ApiError, DUPLICATE_CODE } from "../../errors.ts";
import { assertMayGrant } from "../rights.ts";
import { idEquals, userByKey } from "./read.ts";
import { revokeUserSessions } from "./session/store.ts";
import { neIf } from "../sql_filters.ts";

/** Who is acting (the signed-in administrator): their rights limit whom they may manage. */
export interface Actor {
  key: number;
  rights: number;
}

/** Serialises changes to the id/alias namespace (any number from the app's own range). */
const IDENTITY_LOCK = 7_271_002;

const lockIdentities = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(${IDENTITY_LOCK})`);

export const userNotFound = () => new ApiError(404, USER_MESSAGES.userNotFound);
const conflict = (mail: string) =>
  new ApiError(409, USER_MESSAGES.taken(mail), { code: DUPLICATE_CODE });

/**
 * The stored row of a user by id, for changing it: 404 when there is none, 403 when its team is
 * more powerful than the actor's.
 */
async function target(tx: Db, actor: Actor, id: string) {
  const [row] = await tx.select({
    key: users.key,
    id: users.id,
    mail: users.mail,
    companyId: users.companyId,
    teamId: users.teamId,
    active: users.active,
    rights: teams.rights,
  }).from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(idEquals(id)).limit(1);
  if (!row) throw userNotFound();
  assertMayGrant(actor, row.rights);
  return row;
}

/**
 * The first of `mails` already used as a user id or an alias; aliases of `exceptAliasesOf`
 * (the set being replaced) do not count.
 */
async function firstTaken(tx: Db, mails: string[], exceptAliasesOf?: number) {
  if (!mails.length) return undefined;
  const lower = mails.map((m) => m.toLowerCase());
  const [ids, aliases] = await Promise.all([
    tx.select({ mail: sql<string>`lower(${users.id})` }).from(users)
      .where(inArray(sql`lower(${users.id})`, lower)),
    tx.select({ mail: sql<string>`lower(${userAliases.mail})` }).from(userAliases).where(and(
      inArray(sql`lower(${userAliases.mail})`, lower),
      neIf(userAliases.userKey, exceptAliasesOf),
    )),
  ]);
  const used = new Set([...ids, ...aliases].map((r) => r.mail));
  return lower.find((m) => used.has(m));
}

/**
 * Checks that the team exists and belongs to the company (400 otherwise), and that the actor may
 * put users into it (403).
 */
async function teamOf(tx: Db, actor: Actor, companyId: number, teamId: number) {
  const [team] = await tx.select({ id: teams.id, companyId: teams.companyId, rights: teams.rights })
    .from(teams).where(eq(teams.id, teamId)).limit(1);
  if (team?.companyId === companyId) {
    assertMayGrant(actor, team.rights);
    return team;
  }
  const [company] = await tx.select({ id: companies.id }).from(companies)
    .where(eq(companies.id, companyId)).limit(1);
  if (!company) throw new ApiError(400, USER_MESSAGES.unknownCompany);
  if (!team) throw new ApiError(400, USER_MESSAGES.unknownTeam);
  throw new ApiError(400, USER_MESSAGES.teamNotInCompany);
}

/** The aliases checks shared by create and update; throws 400 or 409. */
async function checkAliases(tx: Db, id: string, aliases: string[], exceptAliasesOf?: number) {
  if (aliases.includes(id.toLowerCase())) throw new ApiError(400, USER_MESSAGES.aliasIsId);
  const taken = await firstTaken(tx, aliases, exceptAliasesOf);
  if (taken) throw conflict(taken);
}

/** POST /rest/users/create: the new user (no password yet: see Reset password). */
export function createUser(db: Db, actor: Actor, input: UserCreate): Promise<User> {
  return db.transaction(async (tx) => {
    await lockIdentities(tx);
    await teamOf(tx, actor, input.company, input.team);
    if (await firstTaken(tx, [input.id])) throw conflict(input.id);
    await checkAliases(tx, input.id, input.aliases);
    const [{ key }] = await tx.insert(users).values({
      id: input.id,
      mail: input.mail ?? input.id,
      firstName: input.firstName,
      lastName: input.lastName,
      companyId: input.company,
      teamId: input.team,
      active: input.active,
      passwordHash: null,
      webAccess: input.webAccess,
      wsAccess: input.wsAccess,
      ftpAccess: input.ftpAccess,
      messagingCAccess: input.messagingC.access,
      messagingCRul: input.messagingC.rul,
      downloadDnid: input.downloadDnid,
      telnetAccess: input.telnet.access,
      telnetAddress: input.telnet.address,
      smtpAccess: input.smtp.access,
      gpgId: input.smtp.pgpId,
      gpgContent: input.smtp.pgpContent,
      quota: input.smtp.quota,
      subject: input.customerCareCase,
    }).returning({ key: users.key });
    if (input.aliases.length) {
      await tx.insert(userAliases).values(input.aliases.map((mail) => ({ userKey: key, mail })));
    }
    return (await userByKey(tx, key))!;
  });
}

/** Refuses an administrator's deactivation of their own account. */
function checkNotSelf(actor: Actor, userKey: number) {
  if (actor.key === userKey) throw new ApiError(400, USER_MESSAGES.selfDeactivate);
}

/**
 * POST /rest/users/update: the fields given change, the others keep their value; aliases, when
 * given, replace the set. The id is not changed here (changeId).
 */
export function updateUser(db: Db, actor: Actor, input: UserUpdate): Promise<User> {
  return db.transaction(async (tx) => {
    await lockIdentities(tx);
    const user = await target(tx, actor, input.id);
    await teamOf(tx, actor, input.company, input.team);
    if (input.active === false && user.active) checkNotSelf(actor, user.key);
    if (input.aliases) await checkAliases(tx, user.id, input.aliases, user.key);

    const defined = <T>(v: T | undefined) => v !== undefined;
    const set: Partial<typeof users.$inferInsert> = {
      companyId: input.company,
      teamId: input.team,
      updatedAt: new Date(),
    };
    if (defined(input.mail)) set.mail = input.mail || user.id;
    if (defined(input.firstName)) set.firstName = input.firstName;
    if (defined(input.lastName)) set.lastName = input.lastName;
    if (defined(input.webAccess)) set.webAccess = input.webAccess;
    if (defined(input.wsAccess)) set.wsAccess = input.wsAccess;
    if (defined(input.ftpAccess)) set.ftpAccess = input.ftpAccess;
    if (defined(input.messagingC?.access)) set.messagingCAccess = input.messagingC!.access;
    if (defined(input.messagingC?.rul)) set.messagingCRul = input.messagingC!.rul;
    if (defined(input.downloadDnid)) set.downloadDnid = input.downloadDnid;
    if (defined(input.customerCareCase)) set.subject = input.customerCareCase || null;
    if (defined(input.telnet?.access)) set.telnetAccess = input.telnet!.access;
    if (defined(input.telnet?.address)) set.telnetAddress = input.telnet!.address || null;
    if (defined(input.smtp?.access)) set.smtpAccess = input.smtp!.access;
    if (defined(input.smtp?.pgpId)) set.gpgId = input.smtp!.pgpId || null;
    if (defined(input.smtp?.pgpContent)) set.gpgContent = input.smtp!.pgpContent || null;
    if (defined(input.smtp?.quota)) set.quota = input.smtp!.quota;
    if (defined(input.active)) set.active = input.active;
    await tx.update(users).set(set).where(eq(users.key, user.key));

    if (input.active === false && user.active) await revokeUserSessions(tx, user.key);
    if (input.aliases) {
      await tx.delete(userAliases).where(eq(userAliases.userKey, user.key));
      if (input.aliases.length) {
        await tx.insert(userAliases).values(
          input.aliases.map((mail) => ({ userKey: user.key, mail })),
        );
      }
    }
    return (await userByKey(tx, user.key))!;
  });
}

/**
 * POST /rest/users/changeId: the same user (same key) under a new login, so sessions, aliases
 * and history stay; the mail follows when it was the old id.
 */
export function changeUserId(db: Db, actor: Actor, oldId: string, newId: string): Promise<User> {
  return db.transaction(async (tx) => {
    await lockIdentities(tx);
    const user = await target(tx, actor, oldId);
    if (user.id.toLowerCase() === newId.toLowerCase()) {
      throw new ApiError(400, USER_MESSAGES.sameId);
    }
    if (await firstTaken(tx, [newId])) throw conflict(newId);
    await tx.update(users).set({
      id: newId,
      mail: user.mail.toLowerCase() === user.id.toLowerCase() ? newId : user.mail,
      updatedAt: new Date(),
    }).where(eq(users.key, user.key));
    return (await userByKey(tx, user.key))!;
  });
}

/**
 * POST /rest/users/changeStatus: a deactivated user cannot sign in and their sessions end at
 * once (and stay ended after a reactivation); an administrator cannot deactivate themself.
 */
export function changeStatus(db: Db, actor: Actor, userId: string, active: boolean) {
  return db.transaction(async (tx) => {
    const user = await target(tx, actor, userId);
    if (!active) checkNotSelf(actor, user.key);
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.key, user.key));
    if (!active) await revokeUserSessions(tx, user.key);
    return (await userByKey(tx, user.key))!;
  });
}

/** POST /rest/users/addEmailAlias: 409 when the address is any user's id or alias. */
export function addAlias(db: Db, actor: Actor, userId: string, alias: string): Promise<User> {
  return db.transaction(async (tx) => {
    await lockIdentities(tx);
    const user = await target(tx, actor, userId);
    if (await firstTaken(tx, [alias])) throw conflict(alias);
    await tx.insert(userAliases).values({ userKey: user.key, mail: alias });
    return (await userByKey(tx, user.key))!;
  });
}

/** POST /rest/users/deleteEmailAlias: 404 when it is not one of the user's aliases. */
export function deleteAlias(db: Db, actor: Actor, userId: string, alias: string): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await target(tx, actor, userId);
    const deleted = await tx.delete(userAliases).where(and(
      eq(userAliases.userKey, user.key),
      eq(sql`lower(${userAliases.mail})`, alias.toLowerCase()),
    )).returning({ id: userAliases.id });
    if (!deleted.length) throw new ApiError(404, USER_MESSAGES.aliasNotFound);
    return (await userByKey(tx, user.key))!;
  });
}

/** POST /rest/users/changeTeam: the user moves to the team and to its company. */
export function changeTeam(db: Db, actor: Actor, userId: string, teamId: number): Promise<User> {
  return db.transaction(async (tx) => {
    const user = await target(tx, actor, userId);
    const [team] = await tx.select({ companyId: teams.companyId, rights: teams.rights })
      .from(teams).where(eq(teams.id, teamId)).limit(1);
    if (!team) throw new ApiError(400, USER_MESSAGES.unknownTeam);
    assertMayGrant(actor, team.rights);
    await tx.update(users).set({ teamId, companyId: team.companyId, updatedAt: new Date() })
      .where(eq(users.key, user.key));
    return (await userByKey(tx, user.key))!;
  });
}
