/** The audit find's sortable field (newest first by default). */
export const AUDIT_SORT_FIELDS = ["at"] as const;

/**
 * The tables whose rows the audit trail records, as an entry names them (`rowTable`): one trigger
 * each (db/migrations/0012_audit_trail.sql; tests/api/administration/audit_find_test.ts checks the
 * two agree). Plain values, no zod: the audit page's filter offers them.
 */
export const AUDITED_TABLES = [
  "commands",
  "command_lists",
  "companies",
  "default_mtls",
  "dnid_statuses",
  "dnids",
  "enid_teams",
  "enids",
  "epadr_config",
  "files",
  "monitoring_thresholds",
  "mtls",
  "news",
  "password_resets",
  "push_processes",
  "push_traffic",
  "recipient_history",
  "routes_ftp",
  "routes_smtp",
  "routes_tcp",
  "routes_ws",
  "routing_member_rules",
  "routing_mtl_rules",
  "ruls",
  "station_messages",
  "teams",
  "terminal_items",
  "terminals",
  "tgid_teams",
  "tgids",
  "user_aliases",
  "users",
] as const;
export type AuditedTable = (typeof AUDITED_TABLES)[number];
