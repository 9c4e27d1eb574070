/**
 * The route map of both specification documents, in one table. The server renders each entry
 * as a complete page (server/pages/render.tsx); index pages list the entries whose parent they
 * are, filtered by what the user may open.
 */
import type { AnyPageRoute } from "./types.ts";
import { homeRoute } from "./home.tsx";
import { loginRoute } from "./login.tsx";
import { loginResetRoute } from "./login_reset.tsx";
import { errorRoutes } from "./error/mod.tsx";
import { informationRoutes } from "./information/mod.tsx";
import { administrationRoutes } from "./administration/mod.ts";
import { managementRoutes } from "./management/mod.ts";
import { routingRoutes } from "./routing/mod.tsx";
import { commandsRoutes } from "./commands/mod.ts";
import { monitoringRoutes } from "./monitoring/mod.ts";

export const ROUTES: AnyPageRoute[] = [
  homeRoute,
  loginRoute,
  loginResetRoute,
  ...errorRoutes,
  ...administrationRoutes,
  ...commandsRoutes,
  ...informationRoutes,
  ...managementRoutes,
  ...monitoringRoutes,
  ...routingRoutes,
];

/** The top-level areas, in menu order. */
export const AREAS = [
  "/administration",
  "/management",
  "/routing",
  "/commands",
  "/monitoring",
  "/information",
];

interface Compiled {
  route: AnyPageRoute;
  regex: RegExp;
  keys: string[];
}

const compile = (route: AnyPageRoute): Compiled => {
  const keys: string[] = [];
  const source = route.pattern.split("/").filter(Boolean).map((part) => {
    const m = part.match(/^:(\w+)(\?)?$/);
    if (!m) return "/" + part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    keys.push(m[1]);
    return m[2] ? "(?:/([^/]+))?" : "/([^/]+)";
  }).join("");
  return { route, regex: new RegExp(`^${source || "/"}$`), keys };
};

const compiled = ROUTES.map(compile);
export const routeByPattern = new Map(ROUTES.map((r) => [r.pattern, r]));

/** The route for a path (a trailing slash is ignored), with its decoded parameters. */
export function matchRoute(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const { route, regex, keys } of compiled) {
    const m = path.match(regex);
    if (!m) continue;
    try {
      const params = Object.fromEntries(
        keys.map((k, i) => [k, m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1])]),
      );
      return { route, params };
    } catch {
      return null; // malformed escape: no such page
    }
  }
  return null;
}

export const mayOpen = (route: AnyPageRoute, admin: boolean) => !route.admin || admin;

/** The top-level areas the user may open, in menu order. */
export const areasFor = (admin: boolean) =>
  AREAS.map((p) => routeByPattern.get(p)!).filter((r) => mayOpen(r, admin));

/** Static (parameterless) children of a route that the user may open. */
export const childrenOf = (pattern: string, admin: boolean) =>
  ROUTES.filter((r) =>
    r.parent === pattern && !r.pattern.includes(":") && mayOpen(r, admin) && !r.public
  );

/** Breadcrumb trail from the home page to the route's parent. */
export function trail(route: AnyPageRoute): AnyPageRoute[] {
  const out: AnyPageRoute[] = [];
  for (let p = route.parent; p; p = routeByPattern.get(p)?.parent) {
    const r = routeByPattern.get(p);
    if (!r) break;
    out.unshift(r);
  }
  return out;
}
