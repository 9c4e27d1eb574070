/**
 * The 'Show All' dialog's delivery attempts (issue 17): `useDeliveryAttempts` loads them with the
 * row's status and reads them again, while the message is not final, when a change event names
 * it (every LIVE_REFRESH_MS while the tab has no event stream: islands/runtime/live.ts);
 * `DeliveryAttemptsSection` shows the table and when the next attempt is due. Plain fetch and
 * zod-free words, so the dialog's chunk stays small.
 */
import { useEffect, useRef, useState } from "react";
import { useLive } from "../../runtime/live.ts";
import { shown } from "../../kit/table/FieldTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { ApiFailure, getJson, messageOf } from "../../runtime/fetch_json.ts";
import type { DeliveryAttempts } from "../../../openapi/schemas/push/push_attempts.ts";
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_TEXTS as T,
  attemptDestination,
  attemptOutcomeClass,
  LIVE_REFRESH_MS,
  MAX_ATTEMPTS_SHOWN,
  PENDING_PUSH_STATUSES,
} from "../../../openapi/schemas/push/push_attempt_messages.ts";
import { ScrollBox } from "../../kit/table/ScrollBox.tsx";

/** The last answer (kept while a refresh fails) and the last failure, if any. */
interface AttemptsState {
  data: DeliveryAttempts | null;
  error: string | null;
}

const isPending = (status: number) => PENDING_PUSH_STATUSES.includes(status);

/** A client error (404: the row is gone or not ours) will not heal: no more refreshes. */
const gaveUp = (e: unknown) => e instanceof ApiFailure && e.status >= 400 && e.status < 500;

/** What the dialog follows: its message's attempts and status. */
const ATTEMPT_EVENTS = ["delivery.attempt", "push.status"] as const;

export function useDeliveryAttempts(id: number): AttemptsState {
  const [state, setState] = useState<AttemptsState & { stopped: boolean }>(EMPTY);
  // The id the dialog shows now: an answer for an earlier one is dropped.
  const current = useRef(id);
  current.current = id;
  const load = async () => {
    try {
      const data = await getJson<DeliveryAttempts>(`/rest/push/getDeliveryAttempts?id=${id}`);
      if (current.current === id) setState({ data, error: null, stopped: false });
    } catch (e) {
      if (current.current !== id) return;
      setState((s) => ({ data: s.data, error: messageOf(e), stopped: gaveUp(e) }));
    }
  };
  useEffect(() => {
    setState(EMPTY);
    void load();
  }, [id]);
  // Read again when the message's attempts or status change, while it is not final.
  const following = !state.stopped && (state.data === null || isPending(state.data.status));
  useLive(ATTEMPT_EVENTS, load, {
    pollMs: LIVE_REFRESH_MS,
    match: (ids) => ids.includes(String(id)),
    enabled: following,
  });
  return state;
}

const EMPTY = { data: null, error: null, stopped: false };

export function DeliveryAttemptsSection({ state }: { state: AttemptsState }) {
  const { data, error } = state;
  // While a worker holds the message (In progress), nextAttemptAt is its lease, not a schedule.
  const next = data?.nextAttemptAt && data.status !== 1 ? data.nextAttemptAt : null;
  return (
    <section aria-label={T.section} data-attempts="">
      <h3>
        {T.section}{" "}
        {data && isPending(data.status) && (
          <small className="muted" data-live="" title={T.liveTitle}>{T.live}</small>
        )}
      </h3>
      {error && <p role="alert" className="field-error">{error}</p>}
      {data === null ? !error && <p aria-busy="true">Loading {T.loading}…</p> : (
        <>
          {next && <p data-next-attempt="">{T.nextAttempt(formatDateTime(next))}</p>}
          <AttemptsTable attempts={data.attempts} />
        </>
      )}
    </section>
  );
}

function AttemptsTable({ attempts }: { attempts: DeliveryAttempts["attempts"] }) {
  if (attempts.length === 0) return <p className="muted">{T.none}</p>;
  const c = T.columns;
  return (
    <ScrollBox label="Delivery attempts">
      <table data-attempts-table="">
        <thead>
          <tr>
            <th scope="col">{c.at}</th>
            <th scope="col">{c.round}</th>
            <th scope="col">{c.destination}</th>
            <th scope="col">{c.outcome}</th>
            <th scope="col">{c.reply}</th>
            <th scope="col">{c.duration}</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((a, i) => (
            <tr key={`${a.at}-${i}`} data-outcome={a.outcome}>
              <td>{formatDateTime(a.at)}</td>
              <td>{a.round}</td>
              <td>{attemptDestination(a.target, a.destination)}</td>
              <td>
                <span className={`status ${attemptOutcomeClass(a.outcome)}`}>
                  {ATTEMPT_OUTCOME_LABELS[a.outcome] ?? a.outcome}
                </span>
              </td>
              <td>{shown(a.error)}</td>
              <td>{T.duration(a.durationMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {attempts.length === MAX_ATTEMPTS_SHOWN && (
        <p className="muted">{T.more(MAX_ATTEMPTS_SHOWN)}</p>
      )}
    </ScrollBox>
  );
}
