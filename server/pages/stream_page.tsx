/**
 * Pages sent frame first (issue 20): the document head, the header, the breadcrumbs and the
 * heading go out before the page's loader has finished, so the browser fetches the stylesheet
 * and paints the page's frame while the server still queries and renders a long list; the
 * content follows in the same response.
 *
 * Only routes whose status and frame are settled before their loader runs stream (`streams`):
 * signed in; no parameters and their title as heading, or a detail page's `heading`, which answers
 * a missing row's 404 (or a redirect) before anything is sent; a loader that changes nothing the
 * frame shows (`loadsBeforeFrame`). The status line is gone by the time the loader fails, so a
 * failure shows in place, under the page's heading, as an alert with the loader's message
 * (docs/decisions/0005).
 */
import type { Context } from "hono";
import { renderToString } from "react-dom/server";
import type { AppEnv } from "../router.ts";
import { ApiError } from "../errors.ts";
import type { AnyPageRoute, UserPageContext } from "../../routes/types.ts";
import { renderContent, renderFrame } from "./render.tsx";
import { takeFlash } from "./flash.ts";
import { countNewNews } from "../services/news/unread.ts";
import { htmlStream } from "./html_stream.ts";

/** Whether a route's page is sent frame first. */
export const streams = (route: AnyPageRoute, signedIn: boolean) =>
  signedIn && Boolean(route.load) && !route.bare && !route.label && !route.loadsBeforeFrame &&
  (Boolean(route.heading) || !route.pattern.includes(":"));

/** What a failed loader leaves in the page's content. */
function failure(ctx: UserPageContext, error: unknown): string {
  const path = ctx.url.pathname + ctx.url.search;
  const known = error instanceof ApiError && error.status !== 500;
  if (!known) console.error(`page ${ctx.url.pathname} failed:`, error);
  return renderToString(
    <div role="alert" className="page-error">
      <p>{known ? error.message : "Unknown server error"}</p>
      <p>
        <a href={path}>Try again</a>
      </p>
    </div>,
  );
}

/** The content part: the view of the loaded data, or the failure in its place. */
async function content(ctx: UserPageContext, route: AnyPageRoute): Promise<string> {
  try {
    return renderContent(ctx, route, await route.load!(ctx));
  } catch (e) {
    return failure(ctx, e);
  }
}

/**
 * Answers a `streams` route; the caller's guards have run and found its `heading`. The frame needs
 * the news count (in the header), so that query comes first.
 */
export async function streamPage(
  c: Context<AppEnv>,
  ctx: UserPageContext,
  route: AnyPageRoute,
  heading: string,
  headers: Record<string, string>,
) {
  const [before, after] = await renderFrame({
    ctx,
    route,
    heading,
    flash: takeFlash(c),
    newsCount: await countNewNews(c.var.deps.db, ctx.user),
  });
  async function* parts() {
    yield before;
    // The loader starts once the frame is on its way: PGlite runs a query on this thread, and
    // a loader started earlier held the frame back until its last query was done.
    await new Promise((next) => setTimeout(next, 0));
    yield await content(ctx, route) + after;
  }
  const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  return c.body(htmlStream(parts(), gzip), 200, {
    ...headers,
    "Content-Type": "text/html; charset=UTF-8",
    "Vary": "Cookie, Accept-Encoding",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
}
