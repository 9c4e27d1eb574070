/**
 * The audit trail (/administration/audit): every change, sign-in and sign-out, newest first, 25 a
 * page, server-paged and filtered by time range, user, company, operation, table and row (the
 * query kept in the URL), exported as CSV.
 */
import { type Column, DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableState } from "../../kit/table/table_state.ts";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { AUDITED_TABLES } from "../../../openapi/schemas/audit/audited_tables.ts";
import { AUDIT_TABLE_DEFAULTS, findAuditEntries } from "./audit_api.ts";
import { entryColumns } from "./audit_columns.tsx";

const tableOptions = AUDITED_TABLES.map((t) => [t, t] as const);

/** The page's own: the row's company, table and key. */
const rowColumns: Column<AuditEntry>[] = [
  {
    key: "company",
    label: "Company",
    filter: { kind: "text" },
    text: (e) => e.rowCompany?.name ?? "",
  },
  {
    key: "rowTable",
    label: "Table",
    filter: { kind: "select", options: tableOptions },
    text: (e) => e.rowTable ?? "",
  },
  { key: "rowId", label: "Row", filter: { kind: "text" }, text: (e) => e.rowId ?? "" },
];

const COLUMNS = entryColumns(rowColumns);

export interface AuditListProps {
  initialState: TableState;
  initialData: FindResult<AuditEntry>;
}

export default function AuditList({ initialState, initialData }: AuditListProps) {
  return (
    <DataTable<AuditEntry>
      id="audit"
      caption="Audit trail"
      rowKey={(e) => String(e.id)}
      rowLabel={(e) => `entry ${e.id}`}
      source={{ kind: "find", key: "audit", find: findAuditEntries }}
      defaults={AUDIT_TABLE_DEFAULTS}
      initialState={initialState}
      initialData={initialData}
      urlState
      selectable={false}
      exportName="audit-trail"
      columns={COLUMNS}
    />
  );
}
