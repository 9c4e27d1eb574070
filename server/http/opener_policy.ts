import type { MiddlewareHandler } from "hono";

/**
 * `Cross-Origin-Opener-Policy: same-origin` on responses to navigations another site started
 * (`Sec-Fetch-Site: cross-site` or `same-site`, or a browser that does not say): only such a
 * page can hold a reference to the portal's window (window.open) and later navigate it to a fake
 * login, and COOP cuts that link. A navigation the user started (address bar, bookmark, a link
 * from outside the browser: `none`) or one of our own pages (`same-origin`) has no such opener,
 * and skips the browser process swap COOP forces from a new tab (~50 ms of first paint on the
 * reference machine, docs/decisions/0005). The residual case is documented in docs/security.md.
 */
export const openerPolicy: MiddlewareHandler = async (c, next) => {
  await next();
  const site = c.req.header("sec-fetch-site");
  if (site !== "none" && site !== "same-origin") {
    c.header("Cross-Origin-Opener-Policy", "same-origin");
  }
};
