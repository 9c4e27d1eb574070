/**
 * The push traffic overview: server-paged, sortable, filterable; a click selects a row,
 * Ctrl-click (Cmd-click) several, and every reload clears the selection. Right-click (or a row's
 * ⋮ button) for 'Show All' (the row's details, its multi-push items and its TGID's details) and,
 * for administrators (team rights below 100) only, 'Retransmit' of the row or the selection.
 * The dialogs load on first use. The table is live: it reads the page again when a change event
 * tells of new traffic, a status or an attempt (issue 38; every LIVE_REFRESH_MS while the tab has
 * no event stream), keeping the selection, the menu and the open dialog (issue 17).
 */
import { lazy, Suspense, useState } from "react";
import { DataTable, type FindResult, revalidateTable } from "../../kit/table/DataTable.tsx";
import { useLive } from "../../runtime/live.ts";
import { useMounted } from "../../kit/lazy.ts";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { findPushRows } from "./push_find_api.ts";
import { formatDateTime, optionsOf } from "../../kit/format.ts";
import { codeLabel as label, tgidText } from "./push_traffic_labels.ts";
import { RETRANSMIT_TEXTS } from "../../../openapi/schemas/push/push_traffic_messages.ts";
import { LIVE_REFRESH_MS } from "../../../openapi/schemas/push/push_attempt_messages.ts";
import {
  DELIVERY_TYPES,
  LONG_PAGE_SIZES,
  PUSH_STATUS,
  TRAFFIC_PROTOCOLS,
} from "../../../openapi/enums.ts";
import type { PushTrafficRow } from "../../../openapi/schemas/push/push.ts";

export const PUSH_TRAFFIC_DEFAULTS: TableDefaults = {
  sorting: { field: "lesCStoredTime", direction: "desc" },
  count: 10,
  pageSizes: LONG_PAGE_SIZES,
};

const dialogs = () => import("./push_traffic_dialogs.tsx");
const PushDetailsDialog = lazy(() => dialogs().then((m) => ({ default: m.PushDetailsDialog })));
const RetransmitDialog = lazy(() => dialogs().then((m) => ({ default: m.RetransmitDialog })));

/** Delivered is a success; the error states are dangers; the rest are still pending. */
const pushStatusClass = (s: number) =>
  s === 4 ? "success" : [3, 5, 6, 7].includes(s) ? "danger" : "pending";

/** The change events the overview follows, and its table's key. */
const LIVE_EVENTS = ["push.status", "delivery.attempt"] as const;
const TABLE_KEY = "push-traffic";

export const findPushTraffic = (state: TableState) => findPushRows("pushTraffic", state);

export interface PushTrafficListProps {
  initialState: TableState;
  initialData: FindResult<PushTrafficRow>;
  /** Team rights below 100: may retransmit. */
  admin: boolean;
}

export default function PushTrafficList(
  { initialState, initialData, admin }: PushTrafficListProps,
) {
  const [details, setDetails] = useState<PushTrafficRow | null>(null);
  const [retransmit, setRetransmit] = useState<PushTrafficRow[] | null>(null);
  const [reloadToken, setReloadToken] = useState<number | undefined>(undefined);
  const mounted = useMounted({ details: details !== null, retransmit: retransmit !== null });
  useLive(LIVE_EVENTS, () => revalidateTable(TABLE_KEY), { pollMs: LIVE_REFRESH_MS });
  return (
    <>
      <DataTable<PushTrafficRow>
        id="push-traffic"
        caption="Push traffic"
        rowKey={(r) => String(r.pushTrafficId)}
        rowLabel={(r) => `message ${r.pushTrafficId}`}
        source={{ kind: "find", key: TABLE_KEY, find: findPushTraffic }}
        defaults={PUSH_TRAFFIC_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
        reloadToken={reloadToken}
        refreshMs={LIVE_REFRESH_MS}
        urlState
        exportName="push-traffic"
        columns={[
          { key: "pushTrafficId", label: "Id", sortable: true, filter: { kind: "text" } },
          {
            key: "lesCStoredTime",
            label: "Stored (UTC)",
            sortable: true,
            text: (r) => formatDateTime(r.lesCStoredTime),
          },
          {
            key: "tgid",
            label: "TGID",
            sortable: true,
            filter: { kind: "text" },
            text: tgidText,
          },
          { key: "dnid", label: "DNID", sortable: true, filter: { kind: "text" } },
          {
            key: "status",
            label: "Status",
            sortable: true,
            filter: {
              kind: "select",
              options: optionsOf(PUSH_STATUS),
            },
            text: (r) => label(PUSH_STATUS, r.status),
            render: (r) => (
              <span className={`status ${pushStatusClass(r.status)}`}>
                {label(PUSH_STATUS, r.status)}
              </span>
            ),
          },
          {
            key: "deliveryType",
            label: "Delivery",
            sortable: true,
            filter: { kind: "select", options: optionsOf(DELIVERY_TYPES) },
            text: (r) => label(DELIVERY_TYPES, r.deliveryType),
          },
          {
            key: "protocol",
            label: "Protocol",
            sortable: true,
            filter: { kind: "select", options: optionsOf(TRAFFIC_PROTOCOLS) },
            text: (r) => label(TRAFFIC_PROTOCOLS, r.protocol),
          },
          { key: "dataLength", label: "Length", sortable: true },
          { key: "deliveryAttempts", label: "Attempts", sortable: true },
          { key: "errorLabel", label: "Error label", filter: { kind: "text" } },
        ]}
        menu={(rows) => [
          {
            label: RETRANSMIT_TEXTS.showAll,
            onSelect: () => setDetails(rows[0]),
            disabled: rows.length !== 1,
          },
          ...(admin ? [{ label: RETRANSMIT_TEXTS.menu, onSelect: () => setRetransmit(rows) }] : []),
        ]}
      />
      <Suspense fallback={null}>
        {mounted.details && <PushDetailsDialog row={details} onClose={() => setDetails(null)} />}
        {mounted.retransmit && (
          <RetransmitDialog
            rows={retransmit}
            onClose={() => setRetransmit(null)}
            onDone={() => setReloadToken((t) => (t ?? 0) + 1)}
          />
        )}
      </Suspense>
    </>
  );
}
