/**
 * Serves every page of the route map: session and admin guards, the page's loader (its
 * failures are route change errors), and the rendered document. Also the bundle under
 * /assets/ and a login form that works without JavaScript.
 */
import { Hono } from "hono";
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../router.ts";
import { ApiError } from "../errors.ts";
import { SESSION_COOKIE } from "../auth/access.ts";
import { ROUTE_MAP } from "../../routes/mod.ts";
import { NO_COMPANY, scopeOf } from "../services/tenancy.ts";
import { type PageContext, PageRedirect, type UserPageContext } from "../../routes/types.ts";
import { ASSET_PREFIX, assets } from "./assets.ts";
import { renderPage } from "./render.tsx";
import { setFlash, takeFlash } from "./flash.ts";
import { safeNext } from "./next.ts";
import { signInWithCookie } from "../rest/session/handlers.ts";
import { LoginRequestSchema } from "../../openapi/schemas/session.ts";
import {
  RESET_PAGE_PATH,
  SetPasswordFormSchema,
  USER_MESSAGES,
} from "../../openapi/schemas/users.ts";
import { setPasswordWithToken } from "../services/users/password_reset.ts";
import { countNewNews } from "../services/news/unread.ts";

/** The pages' Content-Security-Policy (docs/security.md). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/** Pages use the session cookie only (never a bearer token). */
async function pageUser(c: Context<AppEnv>) {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? await c.var.deps.sessions.resolve(token) : null;
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
  if (user && route.admin && !user.admin) return c.redirect("/error/403", 302);
  const ctx: PageContext = {
    url,
    params,
    user,
    scope: user ? scopeOf(user) : NO_COMPANY,
    deps: c.var.deps,
    map: ROUTE_MAP,
  };

  let data: unknown;
  try {
    data = route.load ? await route.load(ctx as UserPageContext) : undefined;
  } catch (e) {
    if (e instanceof PageRedirect) return c.redirect(e.location, 302);
    // A route change error: its message as a toast, then the error page of its status.
    if (e instanceof ApiError && e.status !== 500) {
      setFlash(c, { kind: "error", message: e.message });
      return c.redirect(`/error/${e.status}`, 302);
    }
    console.error(`page ${url.pathname} failed:`, e);
    // The error pages themselves must not redirect to an error page (no loop when, say, the
    // database is down).
    if (route.pattern.startsWith("/error")) {
      return c.html("<!doctype html><title>Error</title><h1>Unknown server error</h1>", 500);
    }
    setFlash(c, { kind: "error", message: "Unknown server error" });
    return c.redirect("/error/500", 302);
  }
  const flash = takeFlash(c);
  const newsCount = user ? await countNewNews(c.var.deps.db, user) : 0;
  const html = await renderPage({ ctx, route, data, flash, newsCount });
  const status = (data as { status?: number } | undefined)?.status;
  c.header("Content-Security-Policy", CSP);
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Cookie");
  return c.html(html, status === 403 || status === 404 ? status : 200);
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

/**
 * The login form posted without JavaScript: the same sign-in as the API (same lockout and
 * session rules; the CSRF guard runs before it), then back to the page asked for, or to the form
 * with the server's message as a flash.
 */
async function formLogin(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  const next = safeNext(String(form.next ?? ""));
  const parsed = LoginRequestSchema.safeParse({
    username: String(form.username ?? ""),
    password: String(form.password ?? ""),
    remember: form.remember === "on",
  });
  try {
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0].message);
    await signInWithCookie(c, parsed.data);
    return c.redirect(next, 303);
  } catch (e) {
    const message = e instanceof ApiError ? e.message : "Unknown server error";
    if (!(e instanceof ApiError)) console.error("form login failed:", e);
    setFlash(c, { kind: "error", message });
    return c.redirect(`/login?next=${encodeURIComponent(next)}`, 303);
  }
}

/**
 * The set-password form posted without JavaScript (pressed before the page hydrated, or with
 * scripts off): the same check and call as the page's, then the login page, or the form again
 * with the reason as a flash.
 */
async function formSetPassword(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  const token = String(form.token ?? "").slice(0, 200);
  const parsed = SetPasswordFormSchema.safeParse({
    password: String(form.password ?? ""),
    confirm: String(form.confirm ?? ""),
  });
  try {
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0].message);
    const { db, config } = c.var.deps;
    await setPasswordWithToken(db, config.PASSWORD_ITERATIONS, {
      token,
      password: parsed.data.password,
    });
    setFlash(c, { kind: "success", message: USER_MESSAGES.passwordSet });
    return c.redirect("/login", 303);
  } catch (e) {
    const message = e instanceof ApiError ? e.message : "Unknown server error";
    if (!(e instanceof ApiError)) console.error("form set-password failed:", e);
    setFlash(c, { kind: "error", message });
    return c.redirect(`${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
  }
}

/** The pages' forms that work without JavaScript: path → handler (their guards run first). */
export const FORM_POSTS = { "/login": formLogin, [RESET_PAGE_PATH]: formSetPassword };

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
