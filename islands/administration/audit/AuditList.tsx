/**
 * The audit trail (/administration/audit): every change, sign-in and sign-out, newest first, 25 a
 * page, server-paged and filtered by time range, user, company, operation, table and row (the
 * query kept in the URL), exported as CSV.
 */
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableState } from "../../kit/table/table_state.ts";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { AUDIT_TABLE_DEFAULTS, findAuditEntries } from "./audit_api.ts";
import {
  actionColumn,
  changesColumn,
  fromColumn,
  operationColumn,
  rowColumns,
  timeColumn,
  userColumn,
} from "./audit_columns.tsx";

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
      columns={[
        timeColumn,
        userColumn,
        ...rowColumns,
        operationColumn,
        actionColumn,
        changesColumn,
        fromColumn,
      ]}
    />
  );
}
