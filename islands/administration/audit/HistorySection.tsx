/**
 * A detail page's History section (issue 40), an island of its own beside the page's: the row's
 * audit entries, the first page rendered with the page (routes/history.ts). A page that reloads
 * after an edit renders it again; one that keeps its row in state says so (./history_events.ts)
 * and the entries are fetched again.
 */
import { useEffect, useState } from "react";
import { type History, HistoryTable } from "./history_table.tsx";
import { onHistoryChanged } from "./history_events.ts";

export default function HistorySection({ history }: { history: History }) {
  const { of, first } = history;
  const [total, setTotal] = useState(first.total);
  const [reloadToken, setReloadToken] = useState(0);
  useEffect(
    () => onHistoryChanged(of, () => setReloadToken((n) => n + 1)),
    [of.rowTable, of.rowId],
  );
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
