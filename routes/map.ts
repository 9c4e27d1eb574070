/**
 * The route map as a value: which page a path is (the most specific pattern wins, so the order
 * routes are listed in does not matter), what an index page lists, the breadcrumb trail. Built
 * once from every area's pages by routes/mod.ts and handed to pages through their context.
 */
import type { AnyPageRoute } from "./types.ts";

interface Compiled {
  route: AnyPageRoute;
  regex: RegExp;
  keys: string[];
  /** Per segment: 2 a fixed segment, 1 a parameter, 0 an optional one (higher wins). */
  rank: number[];
}

function compile(route: AnyPageRoute): Compiled {
  const keys: string[] = [];
  const rank: number[] = [];
  const source = route.pattern.split("/").filter(Boolean).map((part) => {
    const m = part.match(/^:(\w+)(\?)?$/);
    if (!m) {
      rank.push(2);
      return "/" + part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    }
    keys.push(m[1]);
    rank.push(m[2] ? 0 : 1);
    return m[2] ? "(?:/([^/]+))?" : "/([^/]+)";
  }).join("");
  return { route, regex: new RegExp(`^${source || "/"}$`), keys, rank };
}

/**
 * Fixed segments before parameters, segment by segment: `/terminal/mtl/:mid` before
 * `/terminal/:id`.
 */
function bySpecificity(a: Compiled, b: Compiled): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (b.rank[i] ?? -1) - (a.rank[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

export const mayOpen = (route: AnyPageRoute, admin: boolean) => !route.admin || admin;

/**
 * Where menus and index pages link a page: its pattern without its optional parameters
 * (`/commands/poll/:init?` → `/commands/poll`). A page with a required parameter has none.
 */
export const hrefOf = (route: AnyPageRoute) => route.pattern.replace(/\/:\w+\?/g, "") || "/";

export class RouteMap {
  readonly byPattern: Map<string, AnyPageRoute>;
  private readonly compiled: Compiled[];

  constructor(readonly routes: AnyPageRoute[], private readonly areaPatterns: string[]) {
    this.byPattern = new Map(routes.map((r) => [r.pattern, r]));
    if (this.byPattern.size !== routes.length) throw new Error("two pages share a pattern");
    this.compiled = routes.map(compile).sort(bySpecificity);
  }

  /** The page of a path (a trailing slash is ignored), with its decoded parameters. */
  match(pathname: string) {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    for (const { route, regex, keys } of this.compiled) {
      const m = path.match(regex);
      if (!m) continue;
      try {
        const params = Object.fromEntries(
          keys.map((
            k,
            i,
          ) => [k, m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1])]),
        );
        return { route, params };
      } catch {
        return null; // malformed escape: no such page
      }
    }
    return null;
  }

  /** The top-level areas the user may open, in menu order. */
  areas(admin: boolean): AnyPageRoute[] {
    return this.areaPatterns.map((p) => this.byPattern.get(p)!).filter((r) => mayOpen(r, admin));
  }

  /** The area a path belongs to (its pattern), for marking the menu. */
  areaOf(path: string): string | undefined {
    return this.areaPatterns.find((a) => path === a || path.startsWith(a + "/"));
  }

  /**
   * The pages under `pattern` that the user may open and that need no parameter (none, or only
   * optional ones: link them with `hrefOf`), by title.
   */
  childrenOf(pattern: string, admin: boolean): AnyPageRoute[] {
    return this.routes.filter((r) =>
      r.parent === pattern && !hrefOf(r).includes(":") && mayOpen(r, admin) && !r.public
    ).sort((a, b) => a.title.localeCompare(b.title));
  }

  /** The breadcrumb trail from the home page to the route's parent. */
  trail(route: AnyPageRoute): AnyPageRoute[] {
    const out: AnyPageRoute[] = [];
    for (let p = route.parent; p; p = this.byPattern.get(p)?.parent) {
      const r = this.byPattern.get(p);
      if (!r) break;
      out.unshift(r);
    }
    return out;
  }
}
