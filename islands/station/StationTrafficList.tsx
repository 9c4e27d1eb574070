/**
 * The LES traffic overview (/station/traffic): the station messages the user may see, newest
 * first, server-paged, sortable and filtered (reference, created day or range, recipient, status
 * 0–19 and 100, state family, text, list; the query kept in the URL). A row's menu: Details (the
 * whole message), Delete (only a message forward in progress, after a confirmation) and Refresh.
 * While a row shown is still under way, the table refreshes every 5 seconds.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { type Column, DataTable, type FindResult } from "../kit/table/DataTable.tsx";
import type { TableState } from "../kit/table/table_state.ts";
import { formatDateTime, optionsOf } from "../kit/format.ts";
import { STATION_MESSAGE_STATUS } from "../../openapi/enums.ts";
import {
  STATION_FAMILY_CLASS,
  STATION_FAMILY_LABELS,
  stationFamilyOf,
} from "../../openapi/schemas/station/station_messages.ts";
import type { StationMessage } from "../../openapi/schemas/station/station.ts";
import { findStationTraffic } from "./station_api.ts";
import { useLive } from "../runtime/live.ts";
import { listHref } from "../management/list/command_list_api.ts";
import { CREATED_PLACEHOLDER, STATION_TRAFFIC_DEFAULTS } from "./station_query.ts";

export { STATION_TRAFFIC_DEFAULTS };

/** How often a table with messages under way refreshes. */
export const STATION_REFRESH_MS = 5000;

interface StationTrafficListProps {
  initialState: TableState;
  initialData: FindResult<StationMessage>;
}

const Details = lazy(() => import("./station_dialogs.tsx"));
const dialogs = () => import("./station_dialogs.tsx");

export function StationStatus({ message }: { message: StationMessage }) {
  const family = stationFamilyOf(message.status);
  return (
    <span className={`status ${STATION_FAMILY_CLASS[family]}`} data-status={message.status}>
      {message.statusLabel}
    </span>
  );
}

const FAMILY_OPTIONS = Object.entries(STATION_FAMILY_LABELS) as [string, string][];

const columns: Column<StationMessage>[] = [
  { key: "refNum", label: "Reference", sortable: true, filter: { kind: "text" } },
  {
    key: "createdAt",
    label: "Created (UTC)",
    sortable: true,
    filter: { kind: "text", placeholder: CREATED_PLACEHOLDER },
    text: (m) => formatDateTime(m.createdAt),
  },
  {
    key: "recipient",
    label: "Recipient",
    sortable: true,
    filter: { kind: "text" },
    text: (m) => m.recipientLabel ? `${m.recipient} (${m.recipientLabel})` : m.recipient,
  },
  {
    key: "status",
    label: "Status",
    sortable: true,
    filter: { kind: "select", options: optionsOf(STATION_MESSAGE_STATUS) },
    text: (m) => `${m.status} ${m.statusLabel}`,
    render: (m) => <StationStatus message={m} />,
  },
  {
    key: "family",
    label: "State",
    filter: { kind: "select", options: FAMILY_OPTIONS },
    text: (m) => STATION_FAMILY_LABELS[stationFamilyOf(m.status)],
  },
  { key: "size", label: "Size (bytes)", sortable: true },
  {
    key: "text",
    label: "Text",
    filter: { kind: "text" },
    render: (m) => (
      <span className="clip" title={m.text}>
        {m.text.length > 60 ? `${m.text.slice(0, 60)}…` : m.text}
      </span>
    ),
  },
  { key: "sender", label: "Sender", text: (m) => m.sender ?? "" },
  {
    key: "listId",
    label: "List",
    filter: { kind: "text" },
    render: (m) =>
      m.listId === null
        ? ""
        : <a href={listHref(m.listId, m.groupId ?? undefined, m.itemId ?? undefined)}>{m.listId}
        </a>,
  },
  {
    key: "updatedAt",
    label: "Updated (UTC)",
    sortable: true,
    text: (m) => formatDateTime(m.updatedAt),
  },
];

/** What the list follows while a row is under way: the messages' states. */
const MESSAGE_EVENTS = ["message.state"] as const;

export default function StationTrafficList(props: StationTrafficListProps) {
  const [details, setDetails] = useState<StationMessage | null>(null);
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);
  // The rows shown last: while one is under way, follow the messages' change events (every 5 s
  // while the tab has no event stream).
  const [live, setLive] = useState(props.initialData.rows.some((m) => !m.final));
  const find = useRef(async (state: TableState) => {
    const r = await findStationTraffic(state);
    setLive(r.rows.some((m) => !m.final));
    return r;
  }).current;
  useLive(MESSAGE_EVENTS, refresh, { pollMs: STATION_REFRESH_MS, enabled: live });

  return (
    <>
      <DataTable<StationMessage>
        id="station-traffic"
        caption="LES traffic"
        rowKey={(m) => String(m.refNum)}
        rowLabel={(m) => `message ${m.refNum}`}
        source={{ kind: "find", key: "station-traffic", find }}
        defaults={STATION_TRAFFIC_DEFAULTS}
        initialState={props.initialState}
        initialData={props.initialData}
        urlState
        reloadToken={reload || undefined}
        exportName="station-traffic"
        columns={columns}
        menu={(rows) => {
          const one = rows.length === 1 ? rows[0] : null;
          return [
            { label: "Details", disabled: !one, onSelect: () => setDetails(one) },
            {
              label: "Delete",
              disabled: !one?.deletable,
              onSelect: async () => {
                if (one && await (await dialogs()).deleteMessage(one)) refresh();
              },
            },
            { label: "Refresh", onSelect: refresh },
          ];
        }}
      />
      <Suspense fallback={null}>
        {details && <Details message={details} onClose={() => setDetails(null)} />}
      </Suspense>
    </>
  );
}
