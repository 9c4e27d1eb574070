/**
 * The pages a user can reach, as paths: every route of the route map, its parameters filled from
 * the links the user meets on the way (a list's first row leads to its detail page, a detail page
 * to the pages below it). A route no link leads to is reported, so none is silently left out.
 */
import { ROUTES } from "../../../routes/mod.ts";

/** A route pattern as a regular expression over a pathname (`:x` one segment, `:x?` optional). */
function patternRegExp(pattern: string): RegExp {
  const source = pattern.split("/").filter(Boolean).map((segment) => {
    if (!segment.startsWith(":")) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
  }).join("");
  return new RegExp(`^${source || "/"}$`);
}

/** Routes that need a session. */
export const SIGNED_IN_ROUTES = ROUTES.filter((r) => !r.public).map((r) => r.pattern);

/** Routes a visitor sees signed out (none takes a parameter). */
export const PUBLIC_ROUTES = ROUTES.filter((r) => r.public).map((r) => r.pattern);

/** The routes without parameters: a link to one of them is that page, never another's sample. */
const STATIC_PATHS = new Set(ROUTES.filter((r) => !r.pattern.includes(":")).map((r) => r.pattern));

/** Patterns whose sample is chosen, not found: an error page has no link to it. */
const FIXED_SAMPLES: Record<string, string> = { "/error/:code": "/error/404" };

/**
 * The sample path of `pattern` among `links` (pathnames): the one that fills the most optional
 * parameters, so a list item page is walked with its group and item, not as the bare list.
 */
export function sampleFor(pattern: string, links: Iterable<string>): string | undefined {
  if (FIXED_SAMPLES[pattern]) return FIXED_SAMPLES[pattern];
  const re = patternRegExp(pattern);
  let best: string | undefined;
  for (const link of links) {
    if (STATIC_PATHS.has(link) || !re.test(link)) continue;
    if (!best || link.split("/").length > best.split("/").length) best = link;
  }
  return best;
}
