/**
 * The route overview (/routing/routes, administrators): one table per type (tcp, ftp, ws, smtp),
 * 10 per page, the first pages server-rendered. The table of the URL's `type` (tcp by default)
 * keeps its query in the URL (`?type=ftp&filter.id=12`, how the dnid and tgid pages link a
 * route). Each has "New … route" and a row menu: Edit, Delete and, for tcp, ftp and ws, Lock or
 * Unlock primary / backup, each asked first. Dialogs are loaded on first use.
 */
import { lazy, Suspense, useState } from "react";
import { type Column, DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { MenuItem } from "../../kit/ContextMenu.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { optionsOf } from "../../kit/format.ts";
import { useMounted } from "../../kit/lazy.ts";
import { confirm } from "../../runtime/confirm.ts";
import { toast } from "../../runtime/toasts.ts";
import {
  CHECKED,
  CONVERSIONS,
  PAGE_SIZES,
  ROUTE_MODES,
  ROUTE_STATUS,
  ROUTE_TYPES,
  type RouteType,
} from "../../../openapi/enums.ts";
import {
  type DestinationTarget,
  type LockableRouteType,
  ROUTE_MESSAGES,
  ROUTE_TYPE_LABELS,
  upState,
} from "../../../openapi/schemas/push/delivery_route_messages.ts";
import { pushFinder, type PushRows } from "../traffic/push_find_api.ts";
import { deleteRoute, lockDestination, routeMessage } from "./delivery_route_api.ts";

// A route's history (issue 40): loaded when first opened, as the dialogs are.
const HistoryDialog = lazy(() =>
  import("../../administration/audit/history_dialog.tsx").then((m) => ({
    default: m.HistoryDialog,
  }))
);

const RouteDialog = lazy(() =>
  import("./delivery_route_dialogs.tsx").then((m) => ({ default: m.RouteDialog }))
);

export const ROUTE_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: 10,
  pageSizes: PAGE_SIZES,
};

type AnyRow = PushRows[RouteType];

interface RouteTablePage<R> {
  initialState: TableState;
  initialData: FindResult<R>;
}
export interface RouteListProps {
  /** The table whose query is in the URL. */
  urlType: RouteType;
  tables: { [T in RouteType]: RouteTablePage<PushRows[T]> };
}

const conversion = (c: number) => CONVERSIONS[c as keyof typeof CONVERSIONS] ?? String(c);
const status = (up: number) => (
  <span className={`status ${up < 0 ? "danger" : up ? "success" : "pending"}`}>{upState(up)}</span>
);
/** A route's up flag (a number) by its column's name: each type names its own. */
const upOf = (r: AnyRow, key: string) => {
  const row: Record<string, unknown> = r;
  return Number(row[key]);
};
const statusColumn = (key: string, label: string): Column<AnyRow> => ({
  key,
  label,
  sortable: true,
  filter: { kind: "select", options: optionsOf(ROUTE_STATUS) },
  render: (r) => status(upOf(r, key)),
  text: (r) => upState(upOf(r, key)),
});
const textColumn = (key: string, label: string, sortable = true): Column<AnyRow> => ({
  key,
  label,
  sortable,
  filter: { kind: "text" },
});

const COMMON_COLUMNS: Column<AnyRow>[] = [
  textColumn("id", "Id"),
  {
    key: "Remise",
    label: "Tgid",
    sortable: true,
    filter: { kind: "text" },
    render: (r) => <a href={`/management/tgid/${r.Remise}`}>{r.tgidLabel ?? r.Remise}</a>,
    text: (r) => String(r.Remise),
  },
  textColumn("Member_or_MobileNum", "Member or mobile"),
  {
    key: "Conversion",
    label: "Conversion",
    sortable: true,
    filter: { kind: "select", options: optionsOf(CONVERSIONS) },
    text: (r) => conversion(r.Conversion),
  },
];

/** Where each type's destinations and up flags are. */
const DESTINATIONS = {
  tcp: ["IP_Port_Tx_Primary", "IP_Port_Tx_Secondary", "Tx_Primary_Up", "Tx_Secondary_Up"],
  ftp: ["ftp_Primary", "ftp_Secondary", "ftp_Primary_Up", "ftp_Secondary_Up"],
  ws: ["ws_Primary", "ws_Secondary", "ws_Primary_Up", "ws_Secondary_Up"],
} as const;

const destinationColumns = (t: LockableRouteType): Column<AnyRow>[] => {
  const [p, s, pu, su] = DESTINATIONS[t];
  return [
    textColumn(p, "Primary destination"),
    statusColumn(pu, "Primary status"),
    textColumn(s, "Backup destination"),
    statusColumn(su, "Backup status"),
  ];
};

const COLUMNS: Record<RouteType, Column<AnyRow>[]> = {
  tcp: [...COMMON_COLUMNS, ...destinationColumns("tcp")],
  ftp: [
    ...COMMON_COLUMNS,
    ...destinationColumns("ftp"),
    {
      key: "ftp_Type",
      label: "Mode",
      sortable: true,
      filter: { kind: "select", options: optionsOf(ROUTE_MODES) },
      text: (r) => ROUTE_MODES[(r as PushRows["ftp"]).ftp_Type as 0 | 1] ?? "",
    },
    {
      key: "ftp_Verif",
      label: "Check delivery",
      sortable: true,
      filter: { kind: "select", options: optionsOf(CHECKED) },
      text: (r) => CHECKED[(r as PushRows["ftp"]).ftp_Verif as 0 | 1] ?? "",
    },
  ],
  ws: [...COMMON_COLUMNS, ...destinationColumns("ws"), textColumn("Format", "Format")],
  smtp: [
    ...COMMON_COLUMNS,
    textColumn("email_Master", "Master e-mail"),
    textColumn("email_Secondary", "Secondary e-mails", false),
    textColumn("Encoding", "Encoding"),
    { key: "Signature", label: "Signature" },
    { key: "Subject", label: "Subject" },
    { key: "Body", label: "Body" },
  ],
};

/** Asks, then locks or unlocks; true when done. */
async function toggleLock(type: LockableRouteType, row: AnyRow, target: DestinationTarget) {
  const [p, s, pu, su] = DESTINATIONS[type];
  const r = row as Record<string, unknown>;
  const up = r[target === "primary" ? pu : su] as number;
  const destination = String(r[target === "primary" ? p : s] ?? "");
  const lock = up >= 0;
  const verb = lock ? "Lock" : "Unlock";
  const ok = await confirm({
    title: `${verb} ${target} destination`,
    message: ROUTE_MESSAGES.lockQuestion(lock, target, destination),
    confirmLabel: verb,
    danger: lock,
  });
  if (!ok) return false;
  try {
    await lockDestination({ id: row.id, type, target, lock });
    toast(
      "success",
      `${ROUTE_TYPE_LABELS[type]} route ${row.id}: ${target} ${lock ? "locked" : "unlocked"}`,
    );
    return true;
  } catch (e) {
    toast("error", routeMessage(e));
    return false;
  }
}

async function removeRoute(type: RouteType, row: AnyRow) {
  const ok = await confirm({
    title: `Delete ${ROUTE_TYPE_LABELS[type]} route`,
    message: `Delete ${ROUTE_TYPE_LABELS[type]} route ${row.id} of tgid ${row.Remise}?`,
    confirmLabel: "Delete",
    danger: true,
  });
  if (!ok) return false;
  try {
    await deleteRoute(type, row.id);
    toast("success", ROUTE_MESSAGES.deleted(type, row.id));
    return true;
  } catch (e) {
    toast("error", routeMessage(e));
    return false;
  }
}

function RouteTable<T extends RouteType>(
  { type, page, urlState }: { type: T; page: RouteTablePage<PushRows[T]>; urlState: boolean },
) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AnyRow | null>(null);
  const [history, setHistory] = useState<AnyRow | null>(null);
  const mounted = useMounted({ add: adding, edit: editing !== null, history: history !== null });
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);
  const label = ROUTE_TYPE_LABELS[type];

  const menu = (rows: AnyRow[]): MenuItem[] => {
    const one = rows.length === 1 ? rows[0] : null;
    const items: MenuItem[] = [
      { label: "Edit", disabled: !one, onSelect: () => setEditing(one) },
      { label: "History", disabled: !one, onSelect: () => setHistory(one) },
      {
        label: "Delete",
        disabled: !one,
        onSelect: () => one && void removeRoute(type, one).then((done) => done && refresh()),
      },
    ];
    if (type === "smtp") return items;
    const t = type as LockableRouteType;
    const [, s, pu, su] = DESTINATIONS[t];
    const r = (one ?? {}) as Record<string, unknown>;
    const lockItem = (target: DestinationTarget, up: unknown, exists: boolean): MenuItem => ({
      label: `${(up as number) < 0 ? "Unlock" : "Lock"} ${target}`,
      disabled: !one || !exists,
      onSelect: () => one && void toggleLock(t, one, target).then((done) => done && refresh()),
    });
    return [...items, lockItem("primary", r[pu], true), lockItem("backup", r[su], Boolean(r[s]))];
  };

  return (
    <section aria-labelledby={`routes-${type}-title`} className="route-table">
      <h2 id={`routes-${type}-title`}>{`${label} routes`}</h2>
      <div className="admin-actions">
        <button type="button" onClick={() => setAdding(true)}>{`New ${label} route`}</button>
      </div>
      <DataTable<AnyRow>
        id={`routes-${type}`}
        caption={`${label} routes`}
        rowKey={(r) => String(r.id)}
        rowLabel={(r) => `${type} route ${r.id}`}
        source={{ kind: "find", key: `routes-${type}`, find: pushFinder(type) }}
        defaults={ROUTE_TABLE_DEFAULTS}
        initialState={page.initialState}
        initialData={page.initialData}
        urlState={urlState}
        reloadToken={reload || undefined}
        exportName={`routes-${type}`}
        columns={COLUMNS[type]}
        menu={menu}
      />
      <Suspense fallback={null}>
        {mounted.add && (
          <RouteDialog
            type={type}
            open={adding}
            route={null}
            onClose={() => setAdding(false)}
            onSaved={refresh}
          />
        )}
        {mounted.edit && (
          <RouteDialog
            type={type}
            open={editing !== null}
            route={editing}
            onClose={() => setEditing(null)}
            onSaved={refresh}
          />
        )}
        {mounted.history && (
          <HistoryDialog
            of={history && { rowTable: `routes_${type}`, rowId: String(history.id) }}
            title={history ? `History of ${label} route ${history.id}` : "History"}
            onClose={() => setHistory(null)}
          />
        )}
      </Suspense>
    </section>
  );
}

export default function RouteList({ urlType, tables }: RouteListProps) {
  return (
    <>
      {ROUTE_TYPES.map((type) => (
        <RouteTable
          key={type}
          type={type}
          page={tables[type] as RouteTablePage<AnyRow>}
          urlState={type === urlType}
        />
      ))}
    </>
  );
}
