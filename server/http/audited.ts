/**
 * The audit trail's request side (issue 40, docs/decisions/0024-audit-trail.md): an operation
 * that changes data runs in one transaction that first names its caller, address and operation
 * ('portal.audit'); every audited row it inserts, changes or deletes is then recorded by the
 * row's trigger in that same transaction, so an entry commits with its change or not at all.
 * The handler sees the transaction as `deps.db` (and the station bound to it).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../router.ts";
import { requestTransaction, RolledBackAtCommit } from "../../db/request_transaction.ts";
import { actorOf, auditSetting } from "../services/audit/record.ts";

export const audited = (operation: string): MiddlewareHandler<AppEnv> => async (c, next) => {
  const deps = c.var.deps;
  if (!deps.config.AUDIT_TRAIL) return await next();
  const user = c.var.user;
  const setting = auditSetting(
    actorOf(user, c.var.clientIp, operation),
    user.admin ? null : user.companyId,
  );
  await requestTransaction(deps.db, setting, async (tx) => {
    c.set("deps", { ...deps, db: tx, station: deps.station.within(tx) });
    try {
      // A refusal (4xx) answers here too: what the handler wrote before it commits, as it did
      // statement by statement; a service's own transaction rolled back has no entries.
      await next();
    } finally {
      c.set("deps", deps);
    }
  }).catch((e) => {
    // A statement failed and the handler answered it: a refusal stands (nothing of it was
    // kept, as a refusal should); a success that kept nothing must not say so.
    if (!(e instanceof RolledBackAtCommit && c.res.status >= 400)) throw e;
  });
};
