/**
 * A row's history (issue 40): its audit entries, newest first, five a page; the table of a detail
 * page's History section (./HistorySection.tsx) and of a route's History dialog
 * (./history_dialog.tsx).
 */
import { useMemo } from "react";
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { findHistory, HISTORY_TABLE_DEFAULTS, type HistoryOf } from "./audit_api.ts";
import { entryColumns } from "./audit_columns.tsx";

/** What the page's route loads for its History section. */
export interface History {
  of: HistoryOf;
  first: FindResult<AuditEntry>;
}

const COLUMNS = entryColumns();

/** The entries' table; `first`: the page the server rendered, `onTotal`: each answer's count. */
export function HistoryTable(
  { of, first, reloadToken, onTotal }: {
    of: HistoryOf;
    first?: FindResult<AuditEntry>;
    reloadToken?: number;
    onTotal?: (total: number) => void;
  },
) {
  const find = useMemo(() => {
    const page = findHistory(of);
    return async (state: Parameters<typeof page>[0]) => {
      const r = await page(state);
      onTotal?.(r.total);
      return r;
    };
  }, [of.rowTable, of.rowId]);
  const id = `history-${of.rowTable}`;
  return (
    <DataTable<AuditEntry>
      id={id}
      caption="History"
      rowKey={(e) => String(e.id)}
      rowLabel={(e) => `entry ${e.id}`}
      // The server's count in the key: a page rendered again after a change starts from its own
      // first page, not from what the last visit kept.
      source={{ kind: "find", key: `${id}-${of.rowId}-${first?.total ?? "dialog"}`, find }}
      defaults={HISTORY_TABLE_DEFAULTS}
      initialState={{
        filter: {},
        sorting: HISTORY_TABLE_DEFAULTS.sorting,
        page: 1,
        count: HISTORY_TABLE_DEFAULTS.count,
      }}
      initialData={first}
      reloadToken={reloadToken || undefined}
      selectable={false}
      exportName={`history-${of.rowTable}-${of.rowId.replaceAll("/", "-")}`}
      columns={COLUMNS}
    />
  );
}
