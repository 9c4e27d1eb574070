/**
 * The history panel of Messaging C: the user's sent messages, newest first, with their station
 * status; it reads them again when the company's messages change (a change event; every 5 s,
 * MESSAGING_C_HISTORY_REFRESH_MS, while the tab has no event stream) and at once when the compose
 * form sent a message. A message's Details open the message details dialog (loaded on first use).
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLive } from "../runtime/live.ts";
import { MESSAGING_C_HISTORY_REFRESH_MS } from "../../openapi/enums.ts";
import type { StationFindResponse } from "../../openapi/schemas/station/station.ts";
import { formatDateTime } from "../kit/format.ts";
import { formatSize as formatBytes } from "../../openapi/schemas/inmarsat/messaging_c_messages.ts";
import { myMessages, SENT_EVENT, type StationMessage } from "./messaging_c_api.ts";
import { ScrollBox } from "../kit/table/ScrollBox.tsx";

const MessageDetailsDialog = lazy(() =>
  import("./messaging_c_dialogs.tsx").then((m) => ({ default: m.MessageDetailsDialog }))
);

/** What the history follows: its company's messages' states. */
const MESSAGE_EVENTS = ["message.state"] as const;

interface MessagingCHistoryProps {
  /** The first page, rendered on the server. */
  initial: StationFindResponse;
}

/** How a station status shows: delivered green, failed red, deleted grey, else pending. */
const statusClassOf = (m: StationMessage) =>
  m.status === 12 || m.status === 19
    ? "success"
    : m.status === 13 || m.status === 100
    ? "danger"
    : m.status >= 14 && m.status <= 17
    ? "muted"
    : "pending";

export default function MessagingCHistory({ initial }: MessagingCHistoryProps) {
  const [page, setPage] = useState(initial);
  const [failed, setFailed] = useState<string | null>(null);
  const [open, setOpen] = useState<StationMessage | null>(null);

  const mountedRef = useRef(true);
  const refresh = () =>
    myMessages().then((p) => {
      if (!mountedRef.current) return;
      setPage(p);
      setFailed(null);
    }).catch((e) => mountedRef.current && setFailed(e instanceof Error ? e.message : String(e)));
  useLive(MESSAGE_EVENTS, refresh, { pollMs: MESSAGING_C_HISTORY_REFRESH_MS });
  useEffect(() => {
    mountedRef.current = true;
    globalThis.addEventListener(SENT_EVENT, refresh);
    return () => {
      mountedRef.current = false;
      globalThis.removeEventListener(SENT_EVENT, refresh);
    };
  }, []);

  // The dialog follows the refreshed row.
  const shown = open ? page.rows.find((r) => r.refNum === open.refNum) ?? open : null;

  return (
    <section className="messaging-c-history" aria-labelledby="messaging-c-history-title">
      <h2 id="messaging-c-history-title">Sent messages</h2>
      {failed && <p role="alert" className="field-error">{failed}</p>}
      {page.rows.length === 0
        ? <p className="muted">No message sent yet.</p>
        : (
          <ScrollBox label="Sent messages">
            <table className="data-table striped" aria-label="Sent messages">
              <thead>
                <tr>
                  <th>Ref</th>
                  <th>Sent</th>
                  <th>Recipient</th>
                  <th>Size</th>
                  <th>Status</th>
                  <th className="actions">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.rows.map((m) => (
                  <tr key={m.refNum} data-ref={m.refNum}>
                    <td>{m.refNum}</td>
                    <td>{formatDateTime(m.createdAt)}</td>
                    <td>
                      {m.recipient}
                      {m.recipientLabel && <small>{` ${m.recipientLabel}`}</small>}
                    </td>
                    <td>{formatBytes(m.size)}</td>
                    <td>
                      <span className={`badge ${statusClassOf(m)}`} data-status={m.status}>
                        {m.statusLabel}
                      </span>
                    </td>
                    <td className="actions">
                      <button
                        type="button"
                        className="secondary outline"
                        aria-label={`Details of message ${m.refNum}`}
                        onClick={() => setOpen(m)}
                      >
                        Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      <p className="muted">
        {page.totalNumber} message{page.totalNumber === 1 ? "" : "s"}; refreshed every{" "}
        {MESSAGING_C_HISTORY_REFRESH_MS / 1000} s. All of them:{" "}
        <a href="/station/traffic">LES traffic</a>.
      </p>
      {shown && (
        <Suspense fallback={null}>
          <MessageDetailsDialog message={shown} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
