/**
 * The audit trail (issue 40, docs/decisions/0024-audit-trail.md): one entry per row a signed-in
 * user's operation inserted, changed or deleted, written by the row's trigger in the same
 * transaction (db/migrations/0012_audit_trail.sql), and one per operation that changes no row of
 * an audited table (a sign-in, a failed one). Append-only: the database refuses an update, and a
 * delete outside the retention job (`audit_purge`).
 */
import { bigint, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";

export const auditEntries = pgTable("audit_entries", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  /** When the change's transaction began (every entry of one operation shares it). */
  at: tstz().notNull().defaultNow(),
  /** Who: the user's key, login and name then; null for a sign-in by an unknown login. */
  userKey: integer(),
  userLogin: text(),
  userName: text(),
  /** The caller's company (for a failed sign-in, the login's, when it names a user). */
  companyId: integer(),
  /** From where: the client's address (behind TRUST_PROXY, the forwarded one). */
  clientAddress: text(),
  /** The contract's operationId. */
  operation: text().notNull(),
  /** insert, update, delete, or the event of an operation that changes no audited row. */
  action: text().notNull(),
  /** The row: its table and primary key (its columns' values joined by '/'). */
  rowTable: text(),
  rowId: text(),
  /** The company the row belongs to (clients read the entries about their own company's rows). */
  rowCompanyId: integer(),
  /**
   * What changed: column → {before, after} for the columns that changed (an insert's after only,
   * a delete's before only); a secret column → {changed: true}, its values never stored.
   */
  changes: jsonb().$type<Record<string, AuditChange>>().notNull().default({}),
}, (t) => [
  // Newest first everywhere, each read backwards from an index: the whole trail, a time range,
  // a row's history, a user's entries, a company's (a client's) entries. Ascending on purpose:
  // read backwards it is `desc` as the finds sort (nulls first); a `desc nulls last` index is not.
  index("audit_entries_at_idx").on(t.at, t.id),
  index("audit_entries_row_idx").on(t.rowTable, t.rowId, t.at, t.id),
  index("audit_entries_user_idx").on(t.userKey, t.at, t.id),
  index("audit_entries_company_idx").on(t.rowCompanyId, t.at, t.id),
]);

export type AuditChange = { before?: unknown; after?: unknown } | { changed: true };
