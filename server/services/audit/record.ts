/**
 * Who does a change, from where, by which operation: the audit context a request sets in its
 * transaction ('portal.audit', read by the rows' trigger audit_row, db/migrations/0012), and the
 * entries of operations that change no audited row (a sign-in, a failed one, a sign-out).
 */
import type { Db, Tx } from "../../../db/client.ts";
import { auditEntries } from "../../../db/schema/mod.ts";
import { setLocal } from "../../../db/request_transaction.ts";

/** The caller as an entry names it. */
interface AuditActor {
  userKey: number | null;
  userLogin: string | null;
  userName: string | null;
  companyId: number | null;
  clientAddress: string;
  /** The contract's operationId. */
  operation: string;
}

/** The actor when the trail is on (AUDIT_TRAIL), else null: nothing is recorded. */
export const trailed = (config: { AUDIT_TRAIL: boolean }, actor: AuditActor) =>
  config.AUDIT_TRAIL ? actor : null;

/** A signed-in user as an actor. */
export const actorOf = (
  user: { key: number; id: string; firstName: string; lastName: string; companyId: number },
  clientAddress: string,
  operation: string,
): AuditActor => ({
  userKey: user.key,
  userLogin: user.id,
  userName: `${user.firstName} ${user.lastName}`.trim() || null,
  companyId: user.companyId,
  clientAddress,
  operation,
});

/**
 * The transaction's audit context ('portal.audit'), which the rows' trigger reads: `actor`, and
 * for a client user the company whose rows it changes (its own: the tenancy rules let a client
 * change no other's), so the trigger need not look each row's company up.
 */
export const auditSetting = (actor: AuditActor, rowsCompanyId: number | null) => ({
  name: "portal.audit",
  value: JSON.stringify(rowsCompanyId === null ? actor : { ...actor, rowsCompanyId }),
});

/**
 * Makes every audited row the transaction changes an entry of `actor`'s; null (AUDIT_TRAIL off):
 * none. (A write operation's request sets it with its transaction: server/http/audited.ts.)
 */
export async function setAuditContext(tx: Db | Tx, actor: AuditActor | null) {
  if (!actor) return;
  await setLocal(tx, auditSetting(actor, null));
}

/**
 * An entry for an operation's event that changes no audited row (`action`: "sign-in",
 * "sign-in failed", "sign-out"), about the user it names (its row in `users`, when known).
 */
export async function recordEvent(
  db: Db | Tx,
  actor: AuditActor | null,
  action: string,
  about: { userKey: number; companyId: number } | null,
  changes: Record<string, { before?: unknown; after?: unknown }> = {},
) {
  if (!actor) return;
  await db.insert(auditEntries).values({
    ...actor,
    action,
    rowTable: about ? "users" : null,
    rowId: about ? String(about.userKey) : null,
    rowCompanyId: about?.companyId ?? null,
    changes,
  });
}
