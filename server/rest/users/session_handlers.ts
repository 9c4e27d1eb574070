import type { RouteHandler } from "@hono/zod-openapi";
import { eq, or, sql } from "drizzle-orm";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv } from "../../router.ts";
import type { current, login, logout } from "./session_routes.ts";
import { companies, teams, userAliases, users } from "../../../db/schema/mod.ts";
import { isAdminRights } from "../../../openapi/enums.ts";
import { ApiError } from "../../errors.ts";
import { verifyPassword } from "../../auth/password.ts";
import { checkLockout, normalizeUsername, recordAttempt } from "../../auth/lockout.ts";
import { endSession, SESSION_COOKIE, type SessionUser, startSession } from "../../auth/session.ts";
import type { SessionUserDto } from "../../../openapi/schemas/session.ts";

export const toSessionUserDto = (u: SessionUser): SessionUserDto => ({
  id: u.id,
  mail: u.mail,
  firstName: u.firstName,
  lastName: u.lastName,
  admin: u.admin,
  company: { id: u.companyId, name: u.companyName },
  team: { id: u.teamId, name: u.teamName, rights: u.rights },
});

const isHttps = (c: Context<AppEnv>) =>
  new URL(c.req.url).protocol === "https:" ||
  (c.var.deps.config.TRUST_PROXY && c.req.header("x-forwarded-proto") === "https");

const INVALID = "Invalid username or password";

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * Checks the lockout and the password, starts a session and sets its cookie. Shared by the API
 * and the page's no-JavaScript form. Throws ApiError 429, 401 or 403.
 */
export async function signIn(c: Context<AppEnv>, input: LoginInput) {
  const { db, config, keys } = c.var.deps;
  const username = normalizeUsername(input.username);
  const ip = c.var.clientIp;
  const lock = await checkLockout(
    db,
    {
      maxFailures: config.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: config.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: config.LOGIN_LOCK_MINUTES * 60,
    },
    username,
    ip,
  );
  if (lock) {
    const retryAfter = Math.max(1, Math.ceil((lock.retryAt.getTime() - Date.now()) / 1000));
    throw new ApiError(
      429,
      lock.scope === "username"
        ? `Too many failed logins for this user: at most ${lock.limit} attempts are allowed`
        : `Too many failed logins from this address: at most ${lock.limit} attempts are allowed`,
      { limit: lock.limit, retryAt: lock.retryAt.toISOString(), retryAfter },
      { "Retry-After": String(retryAfter) },
    );
  }

  // The login is the user id or one of the user's e-mail aliases. One query also reads what the
  // answer needs, so a successful login costs no second lookup.
  const [user] = await db.select({
    key: users.key,
    hash: users.passwordHash,
    active: users.active,
    id: users.id,
    mail: users.mail,
    firstName: users.firstName,
    lastName: users.lastName,
    companyId: users.companyId,
    companyName: companies.name,
    teamId: users.teamId,
    teamName: teams.name,
    rights: teams.rights,
  })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.teamId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(or(
      eq(sql`lower(${users.id})`, username),
      sql`${users.key} in (select ${userAliases.userKey} from ${userAliases} where lower(${userAliases.mail}) = ${username})`,
    ))
    .limit(1);
  const ok = await verifyPassword(input.password, user?.hash, config.PASSWORD_ITERATIONS);
  await recordAttempt(db, username, ip, ok && !!user?.active);
  if (!ok || !user) throw new ApiError(401, INVALID);
  if (!user.active) {
    throw new ApiError(403, "This account is deactivated: contact your administrator");
  }

  const lifetimeSeconds = input.remember
    ? config.REMEMBER_DAYS * 86400
    : config.SESSION_HOURS * 3600;
  const session = await startSession(db, keys, {
    userKey: user.key,
    remember: input.remember,
    lifetimeSeconds,
    ip,
  });
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c),
    path: "/",
    // Without "remember" the cookie lives as long as the browser session (the token still expires).
    ...(input.remember ? { maxAge: lifetimeSeconds } : {}),
  });
  return {
    ...toSessionUserDto({
      ...user,
      admin: isAdminRights(user.rights),
      sessionId: session.sessionId,
    }),
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
  };
}

export const loginHandler: RouteHandler<typeof login, AppEnv> = async (c) =>
  c.json(await signIn(c, c.req.valid("json")), 200);

export const logoutHandler: RouteHandler<typeof logout, AppEnv> = async (c) => {
  await endSession(c.var.deps.db, c.var.user.sessionId);
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
  return c.json({ success: true as const }, 200);
};

export const currentHandler: RouteHandler<typeof current, AppEnv> = (c) =>
  c.json(toSessionUserDto(c.var.user), 200);
