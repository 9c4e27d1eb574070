/**
 * The push traffic overview's dialogs, loaded on first use: 'Show All' (every field of the row,
 * its delivery attempts — live while the message is not final —, its multiPushTraffic items and
 * its TGID's details) and Retransmit (INIT → PROCESSING →
 * SUCCESS or ERROR, management-routing §4).
 */
import { type ReactNode, useEffect, useState } from "react";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { FieldTable, shown } from "../../kit/table/FieldTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { call, client, messageOf } from "../../runtime/api.ts";
import type { PushTrafficRow } from "../../../openapi/schemas/push/push.ts";
import type { Tgid } from "../../../openapi/schemas/tgid/tgids.ts";
import type { MultiPushItem } from "../../../openapi/schemas/push/push_retransmit.ts";
import { DELIVERY_TYPES, PUSH_STATUS, TRAFFIC_PROTOCOLS } from "../../../openapi/enums.ts";
import {
  RETRANSMIT_TEXTS as T,
  type RetransmitState,
} from "../../../openapi/schemas/push/push_traffic_messages.ts";
import { codeLabel, tgidText } from "./push_traffic_labels.ts";
import { DeliveryAttemptsSection, useDeliveryAttempts } from "./delivery_attempts.tsx";
import { ScrollBox } from "../../kit/table/ScrollBox.tsx";

/** A value loaded when the dialog opens: loading, then the value or the server's message. */
type Loaded<V> = { state: "loading" } | { state: "done"; value: V } | {
  state: "error";
  message: string;
};

function useLoaded<V>(load: (() => Promise<V>) | null, key: unknown): Loaded<V> | null {
  const [loaded, setLoaded] = useState<Loaded<V> | null>(null);
  useEffect(() => {
    if (!load) return setLoaded(null);
    let live = true;
    setLoaded({ state: "loading" });
    load().then(
      (value) => live && setLoaded({ state: "done", value }),
      (e) => live && setLoaded({ state: "error", message: messageOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return loaded;
}

const getTgid = async (tgid: number): Promise<Tgid> =>
  await call(client.GET("/rest/tgid/details", { params: { query: { tgid: tgid } } }));

const getItems = async (id: number): Promise<MultiPushItem[]> =>
  (await call(
    client.GET("/rest/push/getMultiPushTraffic", { params: { query: { id: id } } }),
  )).multiPushTraffic;

/** 'Show All': a large dialog with every field of the row. */
export function PushDetailsDialog(
  { row, onClose }: { row: PushTrafficRow | null; onClose: () => void },
) {
  return (
    <Dialog
      open={row !== null}
      title={row ? `Push traffic ${row.pushTrafficId}` : "Push traffic"}
      onClose={onClose}
      wide
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {row && <PushDetails row={row} />}
    </Dialog>
  );
}

function PushDetails({ row }: { row: PushTrafficRow }) {
  const tgid = useLoaded(row.tgid === null ? null : () => getTgid(row.tgid!), row.tgid);
  const items = useLoaded(
    row.multiPush > 0 ? () => getItems(row.pushTrafficId) : null,
    row.pushTrafficId,
  );
  // The delivery state follows the engine: the attempts' answer has the row's current status.
  const attempts = useDeliveryAttempts(row.pushTrafficId);
  const now = attempts.data ?? row;
  const fields: [string, unknown][] = [
    ["Push traffic id", row.pushTrafficId],
    ["Parent", row.parentId],
    ["TGID", tgidText(row)],
    ["DNID", row.dnid],
    ["LES C", row.les],
    ["LES C stored time (UTC)", formatDateTime(row.lesCStoredTime)],
    ["Status", codeLabel(PUSH_STATUS, now.status)],
    ["Delivery type", codeLabel(DELIVERY_TYPES, row.deliveryType)],
    ["Protocol", codeLabel(TRAFFIC_PROTOCOLS, row.protocol)],
    ["Data length", row.dataLength],
    ["Header length", row.headerLength],
    ["Delivery attempts", now.deliveryAttempts],
    ["Push delivery attempts", now.pushDeliveryAttempts],
    ["Push delivery status", row.pushDeliveryStatus],
    ["Failure reason", row.failureReason],
    ["Routage push id", row.routagePushId],
    ["Routage type", codeLabel(DELIVERY_TYPES, row.routageType)],
    ["Multi-push items", row.multiPush],
    ["Error label", row.errorLabel],
  ];
  return (
    <>
      <FieldTable name="push-traffic" rows={fields.map(([k, v]) => [k, shown(v)] as const)} />
      <DeliveryAttemptsSection state={attempts} />
      {items && (
        <section aria-label="Multi-push items">
          <h3>Multi-push items</h3>
          <LoadedView loaded={items} what="the multi-push items">
            {(list) => <MultiPushTable items={list} />}
          </LoadedView>
        </section>
      )}
      <section aria-label="TGID details">
        <h3>TGID details</h3>
        {tgid === null
          ? <p className="muted">The message has no TGID.</p>
          : (
            <LoadedView loaded={tgid} what="the TGID details">
              {(t) => <TgidDetails tgid={t} />}
            </LoadedView>
          )}
      </section>
    </>
  );
}

function LoadedView<V>(
  { loaded, what, children }: {
    loaded: Loaded<V>;
    what: string;
    children: (v: V) => ReactNode;
  },
) {
  if (loaded.state === "loading") return <p aria-busy="true">Loading {what}…</p>;
  if (loaded.state === "error") return <p role="alert" className="field-error">{loaded.message}</p>;
  return <>{children(loaded.value)}</>;
}

function MultiPushTable({ items }: { items: MultiPushItem[] }) {
  if (items.length === 0) return <p className="muted">None.</p>;
  return (
    <ScrollBox label="Messages">
      <table data-multi-push="">
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Stored (UTC)</th>
            <th scope="col">DNID</th>
            <th scope="col">Status</th>
            <th scope="col">Delivery</th>
            <th scope="col">Protocol</th>
            <th scope="col">Length</th>
            <th scope="col">Attempts</th>
            <th scope="col">Error label</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.pushTrafficId}>
              <td>{i.pushTrafficId}</td>
              <td>{formatDateTime(i.lesCStoredTime)}</td>
              <td>{shown(i.dnid)}</td>
              <td>{codeLabel(PUSH_STATUS, i.status)}</td>
              <td>{codeLabel(DELIVERY_TYPES, i.deliveryType)}</td>
              <td>{codeLabel(TRAFFIC_PROTOCOLS, i.protocol)}</td>
              <td>{i.dataLength}</td>
              <td>{i.deliveryAttempts}</td>
              <td>{shown(i.errorLabel ?? i.failureReason)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function TgidDetails({ tgid }: { tgid: Tgid }) {
  const r = tgid.counts.routes;
  return (
    <FieldTable
      name="tgid"
      rows={[
        ["Tgid", `${tgid.label} (${tgid.id})`],
        ["Team", tgid.team.name],
        ["Company", tgid.company.name],
        [
          "Teams",
          tgid.teams.map((t) => `${t.name}${t.owner ? " (owner)" : ""}`).join(", ") || "—",
        ],
        ["Terminals", tgid.counts.devices],
        ["Dnids", tgid.counts.dnids],
        ["Routes", `TCP ${r.tcp}, SMTP ${r.smtp}, FTP ${r.ftp}, WS ${r.ws}`],
        [
          "Created",
          `${formatDateTime(tgid.createdOn)}${tgid.createdBy ? ` by ${tgid.createdBy}` : ""}`,
        ],
        [
          "Updated",
          `${formatDateTime(tgid.updatedOn)}${tgid.updatedBy ? ` by ${tgid.updatedBy}` : ""}`,
        ],
      ]}
    />
  );
}

/**
 * Retransmit one message or a multi-selection: INIT lists them, confirming goes PROCESSING,
 * then SUCCESS (and the table reloads: `onDone`) or ERROR, which keeps the server's message.
 */
export function RetransmitDialog(
  { rows, onClose, onDone }: {
    rows: PushTrafficRow[] | null;
    onClose: () => void;
    onDone: () => void;
  },
) {
  const [state, setState] = useState<RetransmitState>("INIT");
  const [error, setError] = useState("");
  const [done, setDone] = useState(0);
  // A new set of rows starts again at INIT.
  useEffect(() => {
    if (rows) {
      setState("INIT");
      setError("");
    }
  }, [rows]);
  const n = rows?.length ?? 0;

  async function confirm() {
    if (!rows || state !== "INIT") return;
    setState("PROCESSING");
    try {
      const r = await call(client.POST("/rest/push/retransmitTraffic", {
        body: { ids: rows.map((x) => x.pushTrafficId).join(";") },
      }));
      setDone(r.retransmitted);
      setState("SUCCESS");
      onDone();
    } catch (e) {
      setError(messageOf(e) || T.unknownError);
      setState("ERROR");
    }
  }

  const busy = state === "PROCESSING";
  return (
    <Dialog
      open={rows !== null}
      title={T.title(n)}
      onClose={onClose}
      dismissible={!busy}
      wide={n > 1}
      footer={state === "INIT" || busy
        ? (
          <>
            <button type="button" className="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              onClick={confirm}
              disabled={busy}
              aria-busy={busy ? "true" : undefined}
              data-confirm=""
            >
              {busy ? T.processing : T.confirm}
            </button>
          </>
        )
        : (
          // The confirm button is gone: focus moves to Close (the outcome is announced).
          <button type="button" onClick={onClose} autoFocus>Close</button>
        )}
    >
      {rows && (
        <div data-retransmit-state={state}>
          {state === "SUCCESS" && <p role="status">{T.success(done)}</p>}
          {state === "ERROR" && (
            <p role="alert" className="field-error">
              {T.error} {error}
            </p>
          )}
          {(state === "INIT" || busy) && <p>{T.init(n)}</p>}
          <ScrollBox label="Messages to retransmit">
            <table data-retransmit-rows="">
              <thead>
                <tr>
                  <th scope="col">Id</th>
                  <th scope="col">Stored (UTC)</th>
                  <th scope="col">TGID</th>
                  <th scope="col">DNID</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.pushTrafficId}>
                    <td>{r.pushTrafficId}</td>
                    <td>{formatDateTime(r.lesCStoredTime)}</td>
                    <td>{shown(tgidText(r))}</td>
                    <td>{shown(r.dnid)}</td>
                    <td>{codeLabel(PUSH_STATUS, r.status)}</td>
                    <td>{r.deliveryAttempts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </div>
      )}
    </Dialog>
  );
}
