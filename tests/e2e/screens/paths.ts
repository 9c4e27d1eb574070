/**
 * The pages a user can reach, as paths: every route of the route map, its parameters filled from
 * the links the user meets on the way (a list's first row leads to its detail page, a detail page
 * to the pages below it). A route no link leads to is reported, so none is silently left out.
 */
import { ROUTE_MAP, ROUTES } from "../../../routes/mod.ts";

/** Routes that need a session. */
export const SIGNED_IN_ROUTES = ROUTES.filter((r) => !r.public).map((r) => r.pattern);

/** Routes a visitor sees signed out (none takes a parameter). */
export const PUBLIC_ROUTES = ROUTES.filter((r) => r.public).map((r) => r.pattern);

/** Patterns whose sample is chosen, not found: an error page has no link to it. */
const FIXED_SAMPLES: Record<string, string> = { "/error/:code": "/error/404" };

/**
 * The sample path of `pattern` among `links` (pathnames), as the route map resolves them: the one
 * that fills the most optional parameters, so a list item page is walked with its group and item,
 * not as the bare list.
 */
export function sampleFor(pattern: string, links: Iterable<string>): string | undefined {
  if (FIXED_SAMPLES[pattern]) return FIXED_SAMPLES[pattern];
  let best: string | undefined;
  for (const link of links) {
    if (ROUTE_MAP.match(link)?.route.pattern !== pattern) continue;
    if (!best || link.split("/").length > best.split("/").length) best = link;
  }
  return best;
}
