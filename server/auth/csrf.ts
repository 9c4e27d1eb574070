import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../errors.ts";
import { SESSION_COOKIE } from "./access.ts";

/**
 * Cross-site request forgery defence (docs/security.md). The spec deletes with GET, so no
 * request method is treated as safe. A browser attaches the session cookie on its own, so any
 * /rest request that carries it — and every login — must come from our own origin:
 * - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin` or `none`;
 * - an `Origin` header, when present, must be exactly our origin.
 * The cookie is also SameSite=Strict, so browsers do not send it cross-site at all.
 * Bearer-token calls carry no ambient credential and are not affected.
 */
export function csrfGuard(opts: { loginPath: string; trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const ambient = getCookie(c, SESSION_COOKIE) !== undefined || c.req.path === opts.loginPath;
    if (ambient && !sameOrigin(c.req.raw, opts.trustProxy)) {
      throw new ApiError(403, "Cross-site request refused");
    }
    await next();
  };
}

function sameOrigin(req: Request, trustProxy: boolean): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.headers.get("origin");
  if (origin === null) return true;
  // A browser that withholds the referrer sends "Origin: null" even on same-origin form posts;
  // Sec-Fetch-Site (which pages cannot forge) then vouches for it.
  if (origin === "null") return site === "same-origin";
  const url = new URL(req.url);
  const host = (trustProxy && req.headers.get("x-forwarded-host")) || req.headers.get("host") ||
    url.host;
  const proto = (trustProxy && req.headers.get("x-forwarded-proto")) ||
    url.protocol.replace(":", "");
  return origin === `${proto}://${host}`;
}
