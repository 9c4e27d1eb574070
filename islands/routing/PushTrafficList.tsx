/**
 * The push traffic overview: server-paged, sortable, filterable; right-click (or a row's ⋮
 * button) for 'Show all', which opens the row's details.
 */
import { useState } from "react";
import { DataTable } from "../kit/DataTable.tsx";
import { Dialog } from "../kit/Dialog.tsx";
import { findBody, type TableDefaults, type TableState } from "../kit/table_state.ts";
import { rowsOf } from "../kit/finder.ts";
import { SORT_FIELDS } from "../../openapi/sort_fields.ts";
import { formatDateTime, optionsOf, productLabel } from "../kit/format.ts";
import { call, client } from "../runtime/api.ts";
import {
  DELIVERY_TYPES,
  LONG_PAGE_SIZES,
  PUSH_STATUS,
  TRAFFIC_PROTOCOLS,
} from "../../openapi/enums.ts";
import type { PushTrafficRow } from "../../openapi/schemas/push.ts";

export const PUSH_TRAFFIC_DEFAULTS: TableDefaults = {
  sorting: { field: "lesCStoredTime", direction: "desc" },
  count: 10,
  pageSizes: LONG_PAGE_SIZES,
};

const label = (map: Record<number, string>, code: number | null) =>
  code === null ? "" : productLabel(map[code] ?? String(code));

/** Delivered is a success; the error states are dangers; the rest are still pending. */
export const pushStatusClass = (s: number) =>
  s === 4 ? "success" : [3, 5, 6, 7].includes(s) ? "danger" : "pending";

export const findPushTraffic = async (state: TableState) =>
  rowsOf(
    await call(client.POST("/rest/push/find", {
      body: { type: "pushTraffic", ...findBody(state, SORT_FIELDS["/rest/push/find"]) },
    })),
  );

export interface PushTrafficListProps {
  initialState: TableState;
  initialData: { rows: PushTrafficRow[]; total: number; filtered: number };
}

export default function PushTrafficList({ initialState, initialData }: PushTrafficListProps) {
  const [details, setDetails] = useState<PushTrafficRow | null>(null);
  return (
    <>
      <DataTable<PushTrafficRow>
        id="push-traffic"
        caption="Push traffic"
        rowKey={(r) => String(r.pushTrafficId)}
        rowLabel={(r) => `message ${r.pushTrafficId}`}
        source={{ kind: "find", key: "push-traffic", find: findPushTraffic }}
        defaults={PUSH_TRAFFIC_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
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
            text: (r) => r.tgid === null ? "" : `${r.tgidLabel ?? r.tgid} (${r.tgid})`,
          },
          { key: "dnid", label: "DNID", sortable: true, filter: { kind: "text" } },
          {
            key: "status",
            label: "Status",
            sortable: true,
            filter: {
              kind: "select",
              options: optionsOf(PUSH_STATUS).map(([v, l]) => [v, productLabel(l)] as const),
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
          { label: "Show all", onSelect: () => setDetails(rows[0]), disabled: rows.length !== 1 },
        ]}
      />
      <Dialog
        open={details !== null}
        title={details ? `Push traffic ${details.pushTrafficId}` : "Push traffic"}
        onClose={() => setDetails(null)}
        wide
        footer={<button type="button" onClick={() => setDetails(null)}>Close</button>}
      >
        {details && <PushDetails row={details} />}
      </Dialog>
    </>
  );
}

function PushDetails({ row }: { row: PushTrafficRow }) {
  const fields: [string, string | number | null][] = [
    ["Push traffic id", row.pushTrafficId],
    ["Parent", row.parentId],
    ["TGID", row.tgid === null ? null : `${row.tgidLabel ?? row.tgid} (${row.tgid})`],
    ["DNID", row.dnid],
    ["LES C", row.les],
    ["LES C stored time (UTC)", formatDateTime(row.lesCStoredTime)],
    ["Status", label(PUSH_STATUS, row.status)],
    ["Delivery type", label(DELIVERY_TYPES, row.deliveryType)],
    ["Protocol", label(TRAFFIC_PROTOCOLS, row.protocol)],
    ["Data length", row.dataLength],
    ["Header length", row.headerLength],
    ["Delivery attempts", row.deliveryAttempts],
    ["Push delivery attempts", row.pushDeliveryAttempts],
    ["Push delivery status", row.pushDeliveryStatus],
    ["Failure reason", row.failureReason],
    ["Routage push id", row.routagePushId],
    ["Routage type", row.routageType],
    ["Multi-push items", row.multiPush],
    ["Error label", row.errorLabel],
  ];
  return (
    <table>
      <tbody>
        {fields.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v === null || v === "" ? "—" : String(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
