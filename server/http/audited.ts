/**
 * The audit trail's request side (issue 40, docs/decisions/0024-audit-trail.md): an operation
 * that changes data runs in one transaction that first names its caller, address and operation
 * ('portal.audit'); every audited row it inserts, changes or deletes is then recorded by the
 * row's trigger in that same transaction, so an entry commits with its change or not at all.
 * The handler sees the transaction as `deps.db` (and the station bound to it).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../router.ts";
import { actorOf, setAuditContext } from "../services/audit/record.ts";

export const audited = (operation: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.var.deps;
  if (!deps.config.AUDIT_TRAIL) return await next();
  await deps.db.transaction(async (tx) => {
    // Not awaited: the context goes out with the handler's first statement (one write to the
    // connection, postgres.js pipelines them), and is set before it runs.
    const named = setAuditContext(tx, actorOf(c.var.user, c.var.clientIp, operation));
    c.set("deps", { ...deps, db: tx, station: deps.station.within(tx) });
    try {
      // A refusal (4xx) answers here too: what the handler wrote before it commits, as it did
      // statement by statement; a service's own transaction rolled back has no entries.
      await next();
    } finally {
      c.set("deps", deps);
      await named;
    }
  });
};
