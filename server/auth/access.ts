/**
 * The guard every non-public operation mounts (declared with the route: server/rest/define.ts):
 * a live session (401 otherwise), administrator rights where the route asks for them (403), and
 * the caller's company scope for the services (server/services/tenancy.ts).
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../router.ts";
import { forbidden, unauthorized } from "../errors.ts";
import { scopeOf } from "../services/tenancy.ts";
import { sessionToken } from "./token.ts";
import type { SessionUser } from "./sessions.ts";

export const SESSION_COOKIE = "portal_session";

/** The request's token: `Authorization: Bearer`, else the session cookie. */
export const requestToken = (c: Context<AppEnv>) =>
  sessionToken(c.req.header("authorization"), getCookie(c, SESSION_COOKIE));

/** The signed-in user of the request, or null. */
export async function requestUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const token = requestToken(c);
  return token ? await c.var.deps.sessions.resolve(token) : null;
}

export const ADMIN_REQUIRED = "Administrator permission required";

/** Signed in (401), an administrator when `access` says so (403); sets `user` and `scope`. */
export function guard(access: "user" | "admin"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await requestUser(c);
    if (!user) throw unauthorized();
    if (access === "admin" && !user.admin) throw forbidden(ADMIN_REQUIRED);
    c.set("user", user);
    c.set("scope", scopeOf(user));
    await next();
  };
}
