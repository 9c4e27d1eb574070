import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { ApiError } from "../errors.ts";
import { SESSION_COOKIE } from "./access.ts";
import { requestOrigin } from "../http/origin.ts";

/**
 * Cross-site request forgery defence (docs/security.md). The spec deletes with GET, so no
 * request method is treated as safe. A browser attaches the session cookie on its own, so any
 * /rest request that carries it — and every login — must show that our own pages sent it, by the
 * first of these headers the request has:
 * - `Sec-Fetch-Site` (every current browser): `same-origin`, or `none` (a typed URL, a
 *   bookmark); and an `Origin`, when there is one, must then be ours too;
 * - else `Origin` (older browsers send it on every request but same-origin GETs): ours;
 * - else `Referer` (older browsers' same-origin GETs; our pages send it, Referrer-Policy
 *   same-origin): on our origin.
 * A cookie-carrying request with none of them is refused: browsers send one of the three on our
 * own pages' requests, and programs use `Authorization: Bearer`, which no browser adds on its own
 * and is not checked. A login with none of them is a program signing in (a browser's cross-site
 * post always has an Origin) and passes.
 */
export function csrfGuard(opts: { loginPath: string; trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const cookie = getCookie(c, SESSION_COOKIE) !== undefined;
    if (cookie || c.req.path === opts.loginPath) {
      const verdict = provenance(c.req.raw, opts.trustProxy);
      if (verdict === "foreign" || (verdict === "unknown" && cookie)) {
        throw new ApiError(403, "Cross-site request refused");
      }
    }
    await next();
  };
}

/** Who sent the request, by its headers: our pages, another site, or it does not say. */
function provenance(req: Request, trustProxy: boolean): "ours" | "foreign" | "unknown" {
  const verdict = (ok: boolean) => ok ? "ours" : "foreign";
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  if (site) {
    if (site !== "same-origin" && site !== "none") return "foreign";
    if (origin === null) return "ours";
    // A browser that withholds the referrer sends "Origin: null" even on same-origin form posts;
    // Sec-Fetch-Site (which pages cannot forge) then vouches for it.
    return verdict(
      origin === "null" ? site === "same-origin" : origin === requestOrigin(req, trustProxy),
    );
  }
  if (origin !== null) return verdict(origin === requestOrigin(req, trustProxy));
  const referer = req.headers.get("referer");
  if (!referer) return "unknown";
  try {
    return verdict(new URL(referer).origin === requestOrigin(req, trustProxy));
  } catch {
    return "foreign";
  }
}
