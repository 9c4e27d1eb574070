/**
 * A row's history (issue 40): its audit entries, newest first, five a page. On a detail page, the
 * History section, its first page rendered with the page (routes/history.ts) and fetched again
 * when the page's row changes; for rows without a page of their own (a route), a dialog.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
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

const COLUMNS = [timeColumn, userColumn, operationColumn, actionColumn, changesColumn, fromColumn];

/** The entries' table; `first`: the page the server rendered, `onTotal`: each answer's count. */
function HistoryTable(
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

/**
 * A detail page's History section. `changed`: the page's row as the island holds it; when it is
 * another value (a dialog saved it), the entries are fetched again.
 */
export function HistorySection({ history, changed }: { history: History; changed?: unknown }) {
  const { of, first } = history;
  const [total, setTotal] = useState(first.total);
  const [reloadToken, setReloadToken] = useState(0);
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) setReloadToken((n) => n + 1);
    mounted.current = true;
  }, [changed]);
  const id = `history-${of.rowTable}`;
  return (
    <section className="detail-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        History <small className="muted">({total})</small>
      </h2>
      {total === 0 && reloadToken === 0
        ? <p className="muted">No change recorded.</p>
        : <HistoryTable of={of} first={first} reloadToken={reloadToken} onTotal={setTotal} />}
    </section>
  );
}

/** A row's history in a dialog (rows without a page of their own: a route). */
export function HistoryDialog(
  { of, title, onClose }: { of: HistoryOf | null; title: string; onClose: () => void },
) {
  return (
    <Dialog
      open={of !== null}
      title={title}
      wide
      onClose={onClose}
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {of && <HistoryTable of={of} />}
    </Dialog>
  );
}
