/** The audit trail's columns: the page's table and the detail pages' History sections. */
import type { Column } from "../../kit/table/DataTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { TIME_RANGE_PLACEHOLDER } from "../../kit/table/table_state.ts";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { changesText, whoText } from "./changes.ts";

const timeColumn: Column<AuditEntry> = {
  key: "at",
  label: "Time (UTC)",
  sortable: true,
  filter: { kind: "text", placeholder: TIME_RANGE_PLACEHOLDER },
  text: (e) => formatDateTime(e.at),
};

const userColumn: Column<AuditEntry> = {
  key: "user",
  label: "User",
  filter: { kind: "text" },
  text: whoText,
};

const operationColumn: Column<AuditEntry> = {
  key: "operation",
  label: "Operation",
  filter: { kind: "text" },
};

const actionColumn: Column<AuditEntry> = { key: "action", label: "Action" };

const changesColumn: Column<AuditEntry> = {
  key: "changes",
  label: "Changes",
  text: (e) => changesText(e.changes),
};

const fromColumn: Column<AuditEntry> = {
  key: "clientAddress",
  label: "From",
  text: (e) => e.clientAddress ?? "",
};

/**
 * An entry's columns: when and who, then `about` (the audit page's row columns; a History
 * section is about one row and has none), then what was done and from where.
 */
export const entryColumns = (about: Column<AuditEntry>[] = []): Column<AuditEntry>[] => [
  timeColumn,
  userColumn,
  ...about,
  operationColumn,
  actionColumn,
  changesColumn,
  fromColumn,
];
