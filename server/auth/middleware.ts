import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "../router.ts";
import { forbidden, unauthorized } from "../errors.ts";
import { resolveSession, SESSION_COOKIE } from "./session.ts";

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  const forwarded = c.var.deps.config.TRUST_PROXY
    ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim()
    : undefined;
  let ip = forwarded;
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address;
    } catch {
      ip = undefined; // in-process requests (tests) have no socket
    }
  }
  c.set("clientIp", ip || "local");
  await next();
};

/** The bearer token, else the session cookie. */
export function sessionToken(authorization: string | undefined, cookie: string | undefined) {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : cookie;
}

/** Every /rest call except the public ones needs a live session. */
export function authenticate(publicPaths: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (publicPaths.includes(c.req.path)) return await next();
    const token = sessionToken(c.req.header("authorization"), getCookie(c, SESSION_COOKIE));
    const user = token ? await resolveSession(c.var.deps.database, c.var.deps.keys, token) : null;
    if (!user) throw unauthorized();
    c.set("user", user);
    await next();
  };
}

/** Admin-only calls: team rights below 100. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user.admin) throw forbidden("Administrator permission required");
  await next();
};

/**
 * Tenant rule: admins see every company; a client only its own. Use in queries as
 * `companyScope(user) ?? all` — a row of another company is answered as not found.
 */
export const companyScope = (user: { admin: boolean; companyId: number }): number | null =>
  user.admin ? null : user.companyId;
