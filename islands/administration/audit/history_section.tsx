/**
 * A detail page's History section (issue 40): the audit entries about the page's row, newest
 * first, five a page, the first page rendered with the page (routes/history.ts).
 */
import { useMemo } from "react";
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";
import { findHistory, HISTORY_TABLE_DEFAULTS, type HistoryOf } from "./audit_api.ts";
import {
  actionColumn,
  changesColumn,
  fromColumn,
  operationColumn,
  timeColumn,
  userColumn,
} from "./audit_columns.tsx";

/** What the page's route loads for its History section. */
export interface History {
  of: HistoryOf;
  first: FindResult<AuditEntry>;
}

export function HistorySection({ history }: { history: History }) {
  const { of, first } = history;
  const find = useMemo(() => findHistory(of), [of.rowTable, of.rowId]);
  const id = `history-${of.rowTable}`;
  return (
    <section className="detail-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        History <small className="muted">({first.total})</small>
      </h2>
      {first.total === 0 ? <p className="muted">No change recorded.</p> : (
        <DataTable<AuditEntry>
          id={id}
          caption="History"
          rowKey={(e) => String(e.id)}
          rowLabel={(e) => `entry ${e.id}`}
          source={{ kind: "find", key: `${id}-${of.rowId}`, find }}
          defaults={HISTORY_TABLE_DEFAULTS}
          initialState={{
            filter: {},
            sorting: HISTORY_TABLE_DEFAULTS.sorting,
            page: 1,
            count: HISTORY_TABLE_DEFAULTS.count,
          }}
          initialData={first}
          selectable={false}
          exportName={`history-${of.rowTable}-${of.rowId.replaceAll("/", "-")}`}
          columns={[
            timeColumn,
            userColumn,
            operationColumn,
            actionColumn,
            changesColumn,
            fromColumn,
          ]}
        />
      )}
    </section>
  );
}
