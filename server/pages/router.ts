/**
 * Serves every page of the route map: session and admin guards, the page's loader (its
 * failures are route change errors), and the rendered document. Also the bundle under
 * /assets/ and the forms that work without JavaScript (./form_posts.ts).
 */
import { Hono } from "hono";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../router.ts";
import { ApiError } from "../errors.ts";
import { ROUTE_MAP } from "../../routes/mod.ts";
import { NO_COMPANY, scopeOf } from "../services/tenancy.ts";
import {
  type AnyPageRoute,
  type PageContext,
  PageRedirect,
  type UserPageContext,
} from "../../routes/types.ts";
import { ASSET_PREFIX, assets } from "../assets/mod.ts";
import { renderPage } from "./render.tsx";
import { frameStyle } from "./frame_style.ts";
import { streamPage, streams } from "./stream_page.tsx";
import { setFlash, takeFlash } from "./flash.ts";
import { safeNext } from "./next.ts";
import { FORM_POSTS } from "./form_posts.ts";
import { pageUser } from "./page_user.ts";
import { countNewNews } from "../services/news/unread.ts";
import { ADMIN_REQUIRED } from "../auth/access.ts";

/**
 * The pages' Content-Security-Policy (docs/security.md); `style` allows one inline sheet by its
 * hash, the frame's (./frame_style.ts).
 */
const cspWith = (style?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    style ? `style-src 'self' ${style}` : "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
export const CSP = cspWith();

let headers: Promise<Record<string, string>> | undefined;
/** Every page's own headers: its policy, and never cached (it shows the signed-in user's data). */
const pageHeaders = () =>
  headers ??= assets().then(frameStyle).then((style) => ({
    "Content-Security-Policy": cspWith(style.source),
    "Cache-Control": "no-store",
    "Vary": "Cookie",
  }));

/** A loader (or a detail page's `heading`) threw before anything was sent. */
function loadFailed(c: Context<AppEnv>, route: AnyPageRoute, e: unknown) {
  if (e instanceof PageRedirect) return c.redirect(e.location, 302);
  // A route change error: its message as a toast, then the error page of its status.
  if (e instanceof ApiError && e.status !== 500) {
    setFlash(c, { kind: "error", message: e.message });
    return c.redirect(`/error/${e.status}`, 302);
  }
  console.error(`page ${c.req.path} failed:`, e);
  // The error pages themselves must not redirect to an error page (no loop when, say, the
  // database is down).
  if (route.pattern.startsWith("/error")) {
    return c.html("<!doctype html><title>Error</title><h1>Unknown server error</h1>", 500);
  }
  setFlash(c, { kind: "error", message: "Unknown server error" });
  return c.redirect("/error/500", 302);
}

async function servePage(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const match = ROUTE_MAP.match(url.pathname);
  if (!match) return c.redirect("/", 302);
  const { route, params } = match;
  const user = await pageUser(c);
  if (!user && !route.public) {
    return c.redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
  }
  if (user && route.public && !route.alsoSignedIn) {
    return c.redirect(safeNext(url.searchParams.get("next")), 302);
  }
  if (user && route.admin && !user.admin) {
    // A route change error like a loader's: the message as a toast, on the page of its status.
    setFlash(c, {
      kind: "error",
      message: `${ADMIN_REQUIRED} to open ${route.title} (${url.pathname})`,
    });
    return c.redirect("/error/403", 302);
  }
  const ctx: PageContext = {
    url,
    params,
    user,
    scope: user ? scopeOf(user) : NO_COMPANY,
    deps: c.var.deps,
    map: ROUTE_MAP,
  };
  if (streams(route, Boolean(user))) {
    let heading: string;
    try {
      heading = route.heading ? await route.heading(ctx as UserPageContext) : route.title;
    } catch (e) {
      return loadFailed(c, route, e);
    }
    return await streamPage(c, ctx as UserPageContext, route, heading, await pageHeaders());
  }

  let data: unknown;
  try {
    data = route.load ? await route.load(ctx as UserPageContext) : undefined;
  } catch (e) {
    return loadFailed(c, route, e);
  }
  const flash = takeFlash(c);
  const newsCount = user ? await countNewNews(c.var.deps.db, user) : 0;
  const html = await renderPage({ ctx, route, data, flash, newsCount });
  // A page may answer with an error status of its own (the error pages: /error/500 is a 500).
  const status = (data as { status?: number } | undefined)?.status ?? 200;
  for (const [name, value] of Object.entries(await pageHeaders())) c.header(name, value);
  return c.html(html, (status >= 400 && status <= 599 ? status : 200) as ContentfulStatusCode);
}

/** The bundle: content-hashed, so cached for a year; gzip when the browser takes it. */
async function serveAsset(c: Context<AppEnv>) {
  const file = (await assets()).files.get(c.req.path);
  if (!file) return c.json({ code: 404, message: "Not found" }, 404);
  const gz = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  return c.body((gz ? file.gzip : file.body) as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.type,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Vary": "Accept-Encoding",
    ...(gz ? { "Content-Encoding": "gzip" } : {}),
  });
}

export function pagesRouter(formGuards: (path: string) => MiddlewareHandler<AppEnv>[]) {
  const router = new Hono<AppEnv>();
  router.get(`${ASSET_PREFIX}*`, serveAsset);
  for (const [path, handler] of Object.entries(FORM_POSTS)) {
    for (const guard of formGuards(path)) router.post(path, guard);
    router.post(path, handler);
  }
  router.get("*", (c, next) => c.req.path.startsWith("/rest/") ? next() : servePage(c));
  return router;
}
