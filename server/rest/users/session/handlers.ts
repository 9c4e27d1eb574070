/** The session handlers: the sign-in service, and the cookie that carries the session. */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../../router.ts";
import type { Handlers } from "../../define.ts";
import type * as routes from "./operations.ts";
import { requestToken, SESSION_COOKIE } from "../../../auth/access.ts";
import type { SessionUser } from "../../../auth/sessions.ts";
import { type LoginInput, signIn } from "../../../services/users/session/sign_in.ts";
import { actorOf, recordEvent, trailed } from "../../../services/audit/record.ts";
import { revokeSession } from "../../../services/users/session/store.ts";
import { changeOwnPassword } from "../../../services/users/session/change_password.ts";
import type { SessionUserDto } from "../../../../openapi/schemas/users/session.ts";

const toSessionUserDto = (u: SessionUser): SessionUserDto => ({
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

/**
 * Signs in (services/users/session/sign_in.ts) and sets the session cookie. Shared by the API and the
 * login page's form post. Throws ApiError 429, 401 or 403.
 */
export async function signInWithCookie(c: Context<AppEnv>, input: LoginInput) {
  const signed = await signIn(c.var.deps, input, c.var.clientIp);
  setCookie(c, SESSION_COOKIE, signed.token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c),
    path: "/",
    // Without "remember" the cookie lives as long as the browser session (the token still expires).
    ...(input.remember ? { maxAge: signed.lifetimeSeconds } : {}),
  });
  return {
    ...toSessionUserDto(signed.user),
    token: signed.token,
    expiresAt: signed.expiresAt.toISOString(),
  };
}

export const handlers: Handlers<typeof routes> = {
  login: async (c) => c.json(await signInWithCookie(c, c.req.valid("json")), 200),
  logout: async (c) => {
    const { db } = c.var.deps;
    const { user } = c.var;
    await db.transaction(async (tx) => {
      await revokeSession(tx, user.sessionId);
      const actor = trailed(c.var.deps.config, actorOf(user, c.var.clientIp, "usersLogout"));
      await recordEvent(tx, actor, "sign-out", {
        userKey: user.key,
        companyId: user.companyId,
      });
    });
    c.var.deps.sessions.forget(requestToken(c)!);
    deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
    return c.json({ success: true as const }, 200);
  },
  current: (c) => c.json(toSessionUserDto(c.var.user), 200),
  changePassword: async (c) => {
    const ended = await changeOwnPassword(
      c.var.deps,
      c.var.user,
      c.req.valid("json"),
      c.var.clientIp,
    );
    return c.json({ success: true as const, endedSessions: ended }, 200);
  },
};
