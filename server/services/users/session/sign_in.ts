/**
 * Signing in: the lockout (./lockout.ts), the user by id or e-mail alias, the password, then a
 * new session. Shared by POST /rest/users/login and the login page's form post; the caller sets
 * the cookie. Throws ApiError 503 (the password pool is full: nothing recorded), 429 (locked),
 * 401 (wrong) or 403 (deactivated).
 */
import { SIGN_IN_INVALID } from "../../../../openapi/schemas/messages.ts";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { companies, teams, userAliases, users } from "../../../../db/schema/mod.ts";
import { isAdminRights } from "../../../../openapi/enums.ts";
import type { Config } from "../../../config.ts";
import { ApiError } from "../../../errors.ts";
import type { PasswordPool, PasswordSlot } from "../../../auth/password_pool.ts";
import type { SessionKeys } from "../../../auth/token.ts";
import type { SessionUser } from "../../../auth/sessions.ts";
import { admitOrThrow, normalizeUsername, settleSuccess } from "./lockout.ts";
import { createSession } from "./store.ts";
import { actorOf, recordEvent, trailed } from "../../audit/record.ts";

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * What a session user is made of but `admin` and `sessionId`: columns of `users` joined with its
 * team and its company.
 */
export const sessionUserColumns = {
  key: users.key,
  id: users.id,
  mail: users.mail,
  firstName: users.firstName,
  lastName: users.lastName,
  companyId: users.companyId,
  companyName: companies.name,
  teamId: users.teamId,
  teamName: teams.name,
  rights: teams.rights,
};

interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
  /** How long the session lasts, for the cookie. */
  lifetimeSeconds: number;
}

/** The contract's operationId of a sign-in (the login page's form post is one too). */
const SIGN_IN_OPERATION = "usersLogin";

const aboutUser = (user: { key: number; companyId: number }) => ({
  userKey: user.key,
  companyId: user.companyId,
});

export async function signIn(
  deps: { db: Db; config: Config; keys: SessionKeys; passwords: PasswordPool },
  input: LoginInput,
  ip: string,
): Promise<SignedIn> {
  // The pool's place first: a sign-in it refuses has not been admitted, so it is no failure.
  const user = await deps.passwords.with((slot) => checkPassword(deps, slot, input, ip));
  const lifetimeSeconds = input.remember
    ? deps.config.REMEMBER_DAYS * 86400
    : deps.config.SESSION_HOURS * 3600;
  // The session and its audit entry commit together.
  const session = await deps.db.transaction(async (tx) => {
    const actor = trailed(deps.config, actorOf(user, ip, SIGN_IN_OPERATION));
    await recordEvent(tx, actor, "sign-in", aboutUser(user));
    return await createSession(tx, deps.keys, {
      userKey: user.key,
      remember: input.remember,
      lifetimeSeconds,
      ip,
    });
  });
  const { hash: _hash, active: _active, ...fields } = user;
  return {
    user: { ...fields, admin: isAdminRights(user.rights), sessionId: session.sessionId },
    token: session.token,
    expiresAt: session.expiresAt,
    lifetimeSeconds,
  };
}

/** The lockout's admission, the user and the password check: the user, or the refusal. */
async function checkPassword(
  deps: { db: Db; config: Config },
  slot: PasswordSlot,
  input: LoginInput,
  ip: string,
) {
  const { db } = deps;
  const username = normalizeUsername(input.username);
  const admitted = await admitOrThrow(deps, username, ip);

  // The login is the user id or one of the user's e-mail aliases. One query also reads what the
  // answer needs, so a successful login costs no second lookup.
  const [user] = await db.select({
    hash: users.passwordHash,
    active: users.active,
    ...sessionUserColumns,
  })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(or(
      eq(sql`lower(${users.id})`, username),
      sql`${users.key} in (select ${userAliases.userKey} from ${userAliases} where lower(${userAliases.mail}) = ${username})`,
    ))
    .limit(1);
  const ok = await slot.verify(input.password, user?.hash);
  if (ok && user?.active) await settleSuccess(db, admitted);
  if (!ok || !user || !user.active) {
    // Who tried, as far as the login names a user; the password is never recorded.
    const actor = user ? actorOf(user, ip, SIGN_IN_OPERATION) : {
      userKey: null,
      userLogin: username,
      userName: null,
      companyId: null,
      clientAddress: ip,
      operation: SIGN_IN_OPERATION,
    };
    const action = !ok || !user ? "sign-in failed" : "sign-in refused: deactivated";
    await recordEvent(db, trailed(deps.config, actor), action, user ? aboutUser(user) : null);
  }
  if (!ok || !user) throw new ApiError(401, SIGN_IN_INVALID);
  if (!user.active) {
    throw new ApiError(403, "This account is deactivated: contact your administrator");
  }
  return user;
}
