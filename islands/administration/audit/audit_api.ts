/**
 * The audit trail's call (POST /rest/audit/find), on the server (the first page) and in the
 * browser: the table's state as the call's body (its Time column's box as `from` and `to`), and
 * a row's history (the entries about one row).
 */
import {
  findBody,
  type TableDefaults,
  type TableState,
  withTimeRange,
} from "../../kit/table/table_state.ts";
import { rowsOf } from "../../kit/table/finder.ts";
import { call, client } from "../../runtime/api.ts";
import { PAGE_SIZES, SUB_TABLE_PAGE_SIZE } from "../../../openapi/enums.ts";
import {
  AUDIT_SORT_FIELDS,
  type AuditedTable,
} from "../../../openapi/schemas/audit/audited_tables.ts";

const AUDIT_PAGE_SIZE = 25;

export const AUDIT_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "at", direction: "desc" },
  count: AUDIT_PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

/** The /administration/audit table's query as the call's body. */
export const auditFindBody = (state: TableState) =>
  withTimeRange(findBody(state, AUDIT_SORT_FIELDS), "at");

/** A page of entries for a call's body. */
const findEntries = async (body: ReturnType<typeof auditFindBody>) =>
  rowsOf(await call(client.POST("/rest/audit/find", { body })));

export const findAuditEntries = (state: TableState) => findEntries(auditFindBody(state));

/** A History section's table: a row's entries, newest first. */
export const HISTORY_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "at", direction: "desc" },
  count: SUB_TABLE_PAGE_SIZE,
  pageSizes: [SUB_TABLE_PAGE_SIZE, 10, 25, 50],
};

/** Which row a History section is about. */
export interface HistoryOf {
  rowTable: AuditedTable;
  rowId: string;
}

/** A row's history: the table's query, about that row. */
export const findHistory = (of: HistoryOf) => (state: TableState) => {
  const body = auditFindBody(state);
  return findEntries({ ...body, filter: { ...body.filter, ...of } });
};
