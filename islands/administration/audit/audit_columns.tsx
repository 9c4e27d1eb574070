/** The audit trail's columns: the page's table and the detail pages' History sections. */
import type { Column } from "../../kit/table/DataTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { TIME_RANGE_PLACEHOLDER } from "../../kit/table/table_state.ts";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { changesText, whoText } from "./changes.ts";

export const timeColumn: Column<AuditEntry> = {
  key: "at",
  label: "Time (UTC)",
  sortable: true,
  filter: { kind: "text", placeholder: TIME_RANGE_PLACEHOLDER },
  text: (e) => formatDateTime(e.at),
};

export const userColumn: Column<AuditEntry> = {
  key: "user",
  label: "User",
  filter: { kind: "text" },
  text: whoText,
};

export const operationColumn: Column<AuditEntry> = {
  key: "operation",
  label: "Operation",
  filter: { kind: "text" },
};

export const actionColumn: Column<AuditEntry> = { key: "action", label: "Action" };

export const changesColumn: Column<AuditEntry> = {
  key: "changes",
  label: "Changes",
  text: (e) => changesText(e.changes),
};

export const fromColumn: Column<AuditEntry> = {
  key: "clientAddress",
  label: "From",
  text: (e) => e.clientAddress ?? "",
};
