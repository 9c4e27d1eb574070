/** The signed-in user of a page request: pages use the session cookie only (never a bearer token). */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../router.ts";
import { SESSION_COOKIE } from "../auth/access.ts";

export async function pageUser(c: Context<AppEnv>) {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? await c.var.deps.sessions.resolve(token) : null;
}
