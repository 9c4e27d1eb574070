/**
 * A request whose path the app serves but not with its method is answered 405 with `Allow`
 * (RFC 9110 §15.5.6), not 404; OPTIONS on such a path answers 204 with `Allow`. Runs before the
 * CSRF guard, so a TRACE or PUT is told which methods there are rather than refused as a
 * cross-site write. Catch-all routes (the pages' not-found page) do not make a path known.
 */
import type { MiddlewareHandler } from "hono";

interface RouteEntry {
  method: string;
  path: string;
}

/** A Hono route path as a regular expression: `:x` one segment, `:x?` optional, `*` the rest. */
function pathRegExp(path: string): RegExp {
  const source = path.split("/").filter(Boolean).map((segment) => {
    if (segment === "*") return "(?:/.*)?";
    if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }).join("");
  return new RegExp(`^${source || "/"}/?$`);
}

const withHead = (method: string) => method === "GET" ? [method, "HEAD"] : [method];

/**
 * The methods each known path answers, from the app's routes (read once, on first use). A
 * catch-all route's methods (the pages' GET) count for every known path outside /rest, which it
 * leaves to the API.
 */
function methodTable(routes: () => RouteEntry[]) {
  let table: { paths: { re: RegExp; methods: string[] }[]; everywhere: string[] } | undefined;
  const build = () => {
    const byPath = new Map<string, Set<string>>();
    const everywhere = new Set<string>();
    for (const r of routes()) {
      if (r.method === "ALL") continue;
      if (r.path === "*" || r.path === "/*") {
        withHead(r.method).forEach((m) => everywhere.add(m));
        continue;
      }
      const methods = byPath.get(r.path) ?? new Set();
      withHead(r.method).forEach((m) => methods.add(m));
      byPath.set(r.path, methods);
    }
    return {
      paths: [...byPath].map(([p, methods]) => ({ re: pathRegExp(p), methods: [...methods] })),
      everywhere: [...everywhere],
    };
  };
  return (path: string): Set<string> => {
    table ??= build();
    const allowed = new Set<string>();
    for (const entry of table.paths) {
      if (entry.re.test(path)) entry.methods.forEach((m) => allowed.add(m));
    }
    if (allowed.size && !path.startsWith("/rest/")) table.everywhere.forEach((m) => allowed.add(m));
    return allowed;
  };
}

export function methodNotAllowed(routes: () => RouteEntry[]): MiddlewareHandler {
  const allowedFor = methodTable(routes);
  return async (c, next) => {
    const allowed = allowedFor(c.req.path);
    if (allowed.size === 0 || allowed.has(c.req.method)) return await next();
    const allow = [...allowed, "OPTIONS"].join(", ");
    if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: allow });
    return c.json(
      { code: 405, message: `Method ${c.req.method} is not allowed here; allowed: ${allow}` },
      405,
      { Allow: allow },
    );
  };
}
