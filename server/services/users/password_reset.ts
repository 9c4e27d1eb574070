/**
 * An administrator's "Reset password" and the user's set-password link (docs/decisions/0008).
 *
 * The reset clears the password (the old one stops working), ends every session of the user and
 * issues a single-use link: a random 32-byte token, base64url, of which only the SHA-256 is
 * stored. It works once, for RESET_LINK_HOURS; a newer link invalidates the older unused ones.
 * Neither the token nor a password is ever logged or stored in clear.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { passwordResets, teams, users } from "../../../db/schema/mod.ts";
import {
  RESET_LINK_HOURS,
  RESET_PAGE_PATH,
  type User,
  USER_MESSAGES,
  type UserCreate,
} from "../../../openapi/schemas/users/users.ts";
import type { PasswordPool } from "../../auth/password_pool.ts";
import { ApiError } from "../../errors.ts";
import { type Actor, createUser, userNotFound } from "./write.ts";
import type { IssuedLink } from "./link_mail.ts";
import { assertMayGrant } from "../rights.ts";
import { revokeUserSessions } from "./session/store.ts";
import { idEquals } from "./read.ts";
import { actorOf, setAuditContext, trailed } from "../audit/record.ts";

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** What is stored for a token: its SHA-256, base64url. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return base64url(new Uint8Array(digest));
}

/** A new random token: 32 bytes, base64url (43 characters). */
export const newToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The link's path for a token. */
export const resetPath = (token: string) => `${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;

/** The reason kept with the link a new account gets. */
const CREATED_REASON = "Account created";

/**
 * Issues a link for the user `userKey` inside the caller's transaction: earlier unused links of
 * the user stop working; only the token's digest is stored, with who made it and why.
 */
async function issueLink(
  tx: Db,
  actor: Actor,
  userKey: number,
  reason: string,
): Promise<IssuedLink> {
  await tx.update(passwordResets).set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userKey, userKey), isNull(passwordResets.usedAt)));
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_LINK_HOURS * 3600_000);
  await tx.insert(passwordResets).values({
    userKey,
    tokenHash: await tokenHash(token),
    reason,
    createdByKey: actor.key,
    expiresAt,
  });
  const [user] = await tx.select({ id: users.id, mail: users.mail, firstName: users.firstName })
    .from(users).where(eq(users.key, userKey));
  return { token, expiresAt, user };
}

/** POST /rest/users/resetPassword: the password cleared, the sessions ended, a new link. */
export function resetPassword(
  db: Db,
  actor: Actor,
  input: { id: string; reason: string },
): Promise<IssuedLink> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ key: users.key, rights: teams.rights }).from(users)
      .innerJoin(teams, eq(teams.id, users.teamId)).where(idEquals(input.id)).limit(1);
    if (!user) throw userNotFound();
    assertMayGrant(actor, user.rights);
    await tx.update(users).set({
      passwordHash: null,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    }).where(eq(users.key, user.key));
    await revokeUserSessions(tx, user.key);
    return await issueLink(tx, actor, user.key, input.reason);
  });
}

/** POST /rest/users/create: the user (createUser) and, in the same transaction, their link. */
export function createUserWithLink(
  db: Db,
  actor: Actor,
  input: UserCreate,
): Promise<{ user: User; link: IssuedLink }> {
  return db.transaction(async (tx) => {
    const user = await createUser(tx, actor, input);
    const [{ key }] = await tx.select({ key: users.key }).from(users).where(idEquals(user.id));
    return { user, link: await issueLink(tx, actor, key, CREATED_REASON) };
  });
}

/** Whether a link still works (not used, not expired), without using it: the page's check. */
export async function resetLinkValid(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(and(
    eq(passwordResets.tokenHash, await tokenHash(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  )).limit(1);
  return !!row;
}

/**
 * POST /rest/users/setPassword: uses the link (once) and sets the password. An unknown, used
 * or expired link answers the same 400.
 */
export async function setPasswordWithToken(
  deps: { db: Db; passwords: PasswordPool; config: { AUDIT_TRAIL: boolean } },
  input: { token: string; password: string },
  clientAddress: string,
): Promise<void> {
  const { db } = deps;
  const hash = await tokenHash(input.token);
  // Derived before the transaction: it takes a while, and holds no lock meanwhile.
  const passwordHash = await deps.passwords.with((slot) => slot.hash(input.password));
  await db.transaction(async (tx) => {
    // Claiming the row and checking it is one statement: a link cannot be used twice.
    const [claimed] = await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(
      eq(passwordResets.tokenHash, hash),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, sql`now()`),
    )).returning({ userKey: passwordResets.userKey });
    if (!claimed) throw new ApiError(400, USER_MESSAGES.linkInvalid);
    // The password's change is the link's user's own (its audit entry names them).
    const [user] = await tx.select({
      key: users.key,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: users.companyId,
    }).from(users).where(eq(users.key, claimed.userKey));
    await setAuditContext(
      tx,
      trailed(deps.config, actorOf(user, clientAddress, "usersSetPassword")),
    );
    await tx.update(users).set({
      passwordHash,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
    }).where(eq(users.key, claimed.userKey));
  });
}
