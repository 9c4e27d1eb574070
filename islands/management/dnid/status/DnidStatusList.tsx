/**
 * The dnid status overview (/management/dnid/status): every member of the dnids the user may see,
 * server-paged (255 rows by default; 10, 25, 50, 100 or 255), filtered after 2000 ms (the query
 * kept in the URL), with an Active filter (All / Active / Inactive) that the server receives as
 * the request's `active`. A row's menu: Details, Set as default / Remove default, the marking
 * entry (the "Active" checkbox, see `markEntry`), On-demand poll (the poll page with the member
 * chosen), the member commands (download dnid, create, start and stop program: a dialog each,
 * islands/management/dnid/dnid_command_dialog.tsx), and for administrators Manage routing exceptions
 * and Delete.
 */
import { lazy, Suspense, useState } from "react";
import { type Column, DataTable } from "../../../kit/table/DataTable.tsx";
import type { ListProps } from "../../../kit/EditableList.tsx";
import type { MenuItem } from "../../../kit/ContextMenu.tsx";
import { findBody, type TableDefaults, type TableState } from "../../../kit/table/table_state.ts";
import { formatDateTime } from "../../../kit/format.ts";
import { useMounted } from "../../../kit/lazy.ts";
import { call, client, messageOf } from "../../../runtime/api.ts";
import { toast } from "../../../runtime/toasts.ts";
import { confirm } from "../../../runtime/confirm.ts";
import { navigate } from "../../../runtime/navigate.ts";
import { pollHref } from "../../../commands/command_api.ts";
import type { DnidCommandKind } from "../dnid_command_dialog.tsx";
import { SORT_FIELDS } from "../../../../openapi/sort_fields.ts";
import { DNID_PAGE_SIZE, DNID_PAGE_SIZES } from "../../../../openapi/enums.ts";
import type {
  DnidStatusDetails,
  DnidStatusRow,
} from "../../../../openapi/schemas/dnids/dnid_status.ts";
import {
  DNID_STATUS_MESSAGES,
  DNID_STATUS_STATE_LABELS,
  type DnidStatusState,
} from "../../../../openapi/schemas/dnids/dnid_status_messages.ts";
import { countsOf } from "../../../kit/table/finder.ts";

const dialogs = () => import("./dnid_status_dialogs.tsx");
const DetailsDialog = lazy(() => dialogs().then((m) => ({ default: m.DnidStatusDetailsDialog })));
const commandDialog = () => import("../dnid_command_dialog.tsx");
const CommandDialog = lazy(() => commandDialog().then((m) => ({ default: m.DnidCommandDialog })));
const exceptions = () => import("../../tgid/routing_exceptions.tsx");
const RoutingExceptionsDialog = lazy(() =>
  exceptions().then((m) => ({ default: m.RoutingExceptionsDialog }))
);

/** The menu's command entries (the dialog module loads on first use). */
const DNID_COMMANDS: [DnidCommandKind, string][] = [
  ["downloadDnid", "Download dnid"],
  ["createProgram", "Create program"],
  ["startProgram", "Start program"],
  ["stopProgram", "Stop program"],
];

export const DNID_STATUS_DEFAULTS: TableDefaults = {
  sorting: { field: "dnid", direction: "asc" },
  count: DNID_PAGE_SIZE,
  pageSizes: DNID_PAGE_SIZES,
};

/** The Active filter's choices ("All" is the table's empty choice). */
const ACTIVE_OPTIONS = [["true", "Active"], ["false", "Inactive"]] as const;

/**
 * A find body with the Active filter moved out of `filter` into the request's own `active`
 * (true, false, or left out for all). Anything else stays as it is, for the schema to refuse
 * (the page then shows the unfiltered list). Shared by the page's loader and the island.
 */
export function withActive<B extends { filter: Record<string, string> }>(body: B) {
  const { active, ...filter } = body.filter;
  return {
    ...body,
    filter,
    ...(active === undefined
      ? {}
      : { active: active === "true" ? true : active === "false" ? false : active }),
  };
}

const findStatuses = async (state: TableState) => {
  const body = withActive(findBody(state, SORT_FIELDS["/rest/dnids/getDnidStatuses"]));
  const r = await call(client.POST("/rest/dnids/getDnidStatuses", {
    body: { ...body, active: body.active as boolean | undefined },
  }));
  return { rows: r.data, ...countsOf(r) };
};

export const statusKey = (r: DnidStatusRow) => `${r.dnid}-${r.les}-${r.member}-${r.device}`;
const dnidHref = (r: { dnid: number; les: number }) => `/management/dnids/${r.dnid}/${r.les}`;
const terminalHref = (deviceId: number) => `/management/terminal/${deviceId}`;

const STATE_CLASS: Record<DnidStatusState, string> = {
  active: "status success",
  inactive: "status muted",
  unauthorized: "status danger",
};

/** The state of a status as a badge: Active, Inactive or Not authorized. */
export function StateBadge({ state }: { state: DnidStatusState }) {
  return (
    <span className={STATE_CLASS[state]} data-state={state}>
      {DNID_STATUS_STATE_LABELS[state]}
    </span>
  );
}

/**
 * The marking entry: a menu checkbox named for the state, "Active", ticked when the member is
 * active (status 0 to 2) and empty when it is inactive (3 or more). The spec's rule
 * (management-routing §4: "Mark active is offered when status is below 3. Mark inactive is
 * offered otherwise") is kept as the box's state; choosing the entry asks to mark the member the
 * other way, and only a confirmed choice is sent (`confirm`). A member that is not authorized
 * (negative) shows the box empty; choosing it sends the request at once (`confirm` false) and the
 * server's refusal shows as a warning: nothing changes.
 */
const markEntry = (r: DnidStatusRow) => ({
  checked: r.state === "active",
  /** The state asked for: the other one. */
  active: r.state !== "active",
  confirm: r.state !== "unauthorized",
});

/** The confirmation of a marking: names the member, its dnid, its device and the new state. */
const markQuestion = (r: DnidStatusRow, active: boolean) => {
  const state = active ? "active" : "inactive";
  return {
    title: `Mark member ${state}`,
    message: `Mark member ${r.member} of dnid ${r.dnid} (device ${r.device}) ${state}?`,
    confirmLabel: `Mark ${state}`,
    danger: !active,
  };
};

/**
 * The columns, made once: a new array each render would make every row render again whenever the
 * list does (a dialog opening, say): 255 rows in one task (issue 37).
 */
const STATUS_COLUMNS: Column<DnidStatusRow>[] = [
  {
    key: "dnid",
    label: "Dnid",
    sortable: true,
    filter: { kind: "text" },
    render: (r) => <a href={dnidHref(r)}>{r.dnid}</a>,
  },
  { key: "les", label: "LES", filter: { kind: "text" } },
  { key: "member", label: "Member", sortable: true, filter: { kind: "text" } },
  {
    key: "device",
    label: "Device",
    sortable: true,
    filter: { kind: "text", placeholder: "Starts with" },
  },
  { key: "serial", label: "Serial", filter: { kind: "text" } },
  { key: "status", label: "Status", sortable: true },
  {
    key: "active",
    label: "Active",
    filter: { kind: "select", options: ACTIVE_OPTIONS },
    text: (r) => DNID_STATUS_STATE_LABELS[r.state],
    render: (r) => <StateBadge state={r.state} />,
  },
  {
    key: "isDefault",
    label: "Default",
    text: (r) => r.isDefault ? "Default" : "",
    render: (r) => r.isDefault ? <span className="badge">Default</span> : null,
  },
  {
    key: "tgid",
    label: "Tgid",
    filter: { kind: "text", placeholder: "Number" },
    text: (r) => r.tgid ? `${r.tgid.label} (${r.tgid.id})` : "",
  },
  {
    key: "terminal",
    label: "Terminal",
    text: (r) => r.terminal ? r.terminal.label ?? String(r.terminal.deviceId) : "",
    render: (r) =>
      r.terminal && (
        <a href={terminalHref(r.terminal.deviceId)}>
          {r.terminal.label ?? r.terminal.deviceId}
        </a>
      ),
  },
  {
    key: "exceptions",
    label: "Routing exceptions",
    render: (r) => r.exceptions > 0 ? <span className="badge">{r.exceptions}</span> : null,
  },
  {
    key: "progActive",
    label: "Program",
    text: (r) => r.progActive ? "On" : "Off",
  },
  {
    key: "progInterval",
    label: "Interval",
    text: (r) => r.progInterval === null ? "" : String(r.progInterval),
  },
  {
    key: "progStartFrame",
    label: "Start frame",
    text: (r) => r.progStartFrame === null ? "" : String(r.progStartFrame),
  },
  {
    key: "progUpdatedOn",
    label: "Program updated (UTC)",
    text: (r) => formatDateTime(r.progUpdatedOn),
  },
  {
    key: "updatedOn",
    label: "Updated (UTC)",
    sortable: true,
    text: (r) => formatDateTime(r.updatedOn),
  },
];

export interface DnidStatusListProps extends ListProps<DnidStatusRow> {
  /** Team rights below 100: Manage routing exceptions and Delete. */
  admin: boolean;
}

export default function DnidStatusList({ admin, ...props }: DnidStatusListProps) {
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);
  const [details, setDetails] = useState<DnidStatusDetails | null>(null);
  const [routing, setRouting] = useState<DnidStatusRow | null>(null);
  const [command, setCommand] = useState<{ kind: DnidCommandKind; row: DnidStatusRow } | null>(
    null,
  );
  const mounted = useMounted({
    details: details !== null,
    routing: routing !== null,
    command: command !== null,
  });

  async function mark(r: DnidStatusRow) {
    const { active, confirm: ask } = markEntry(r);
    if (ask && !await confirm(markQuestion(r, active))) return;
    try {
      await call(client.POST("/rest/dnids/setdnidActive", {
        body: { device: r.device, dnid_id: r.dnid, member: r.member, les: r.les, active },
      }));
      toast(
        "success",
        active
          ? DNID_STATUS_MESSAGES.markedActive(r.dnid, r.member)
          : DNID_STATUS_MESSAGES.markedInactive(r.dnid, r.member),
      );
      refresh();
    } catch (e) {
      // Status toggle failures, the not-authorized refusal first, are warnings (§8).
      toast("warning", messageOf(e));
    }
  }

  /** The default toggle (§4): the default is deleted; otherwise this member becomes it. */
  async function toggleDefault(r: DnidStatusRow) {
    try {
      if (r.isDefault) {
        await call(client.POST("/rest/defaultMtl/delete", { body: { deviceId: r.device } }));
        toast("success", DNID_STATUS_MESSAGES.defaultRemoved(r.device));
      } else {
        await call(client.POST("/rest/defaultMtl/update", {
          body: { deviceId: r.device, dnid: r.dnid, les: r.les, member: r.member },
        }));
        toast("success", DNID_STATUS_MESSAGES.defaultSet(r.device, r.dnid, r.member));
      }
      refresh();
    } catch (e) {
      toast("warning", messageOf(e));
    }
  }

  async function showDetails(r: DnidStatusRow) {
    const loaded = await (await dialogs()).loadDetails(r);
    if (loaded) setDetails(loaded);
  }

  async function remove(r: DnidStatusRow) {
    if (await (await dialogs()).deleteStatus(r)) refresh();
  }

  const menu = (rows: DnidStatusRow[]): MenuItem[] => {
    const one = rows.length === 1 ? rows[0] : null;
    return [
      { label: "Details", disabled: !one, onSelect: () => one && void showDetails(one) },
      {
        label: one?.isDefault ? "Remove default" : "Set as default",
        disabled: !one,
        onSelect: () => one && void toggleDefault(one),
      },
      {
        label: "Active",
        checked: one ? markEntry(one).checked : false,
        disabled: !one,
        onSelect: () => one && void mark(one),
      },
      {
        // A member that is not authorized cannot be polled (the poll page does not offer it).
        label: "On-demand poll",
        disabled: !one || one.state === "unauthorized",
        onSelect: () => one && void navigate(pollHref(one)),
      },
      ...DNID_COMMANDS.map(([kind, label]) => ({
        label,
        disabled: !one,
        onSelect: () => one && setCommand({ kind, row: one }),
      })),
      ...(admin
        ? [
          {
            label: "Manage routing exceptions",
            disabled: !one,
            onSelect: () => one && setRouting(one),
          },
          { label: "Delete", disabled: !one, onSelect: () => one && void remove(one) },
        ]
        : []),
    ];
  };

  return (
    <>
      <DataTable<DnidStatusRow>
        id="dnid-status"
        caption="Dnid status"
        rowKey={statusKey}
        rowLabel={(r) => `member ${r.member} of dnid ${r.dnid} (${r.device})`}
        source={{ kind: "find", key: "dnid-status", find: findStatuses }}
        defaults={DNID_STATUS_DEFAULTS}
        initialState={props.initialState}
        initialData={props.initialData}
        urlState
        reloadToken={reload || undefined}
        exportName="dnid-status"
        menu={menu}
        columns={STATUS_COLUMNS}
      />
      <Suspense fallback={null}>
        {mounted.details && <DetailsDialog details={details} onClose={() => setDetails(null)} />}
        {mounted.command && command && (
          <CommandDialog
            key={`${command.kind}-${statusKey(command.row)}`}
            kind={command.kind}
            row={command.row}
            onClose={() => setCommand(null)}
            onSent={refresh}
          />
        )}
        {mounted.routing && (
          <RoutingExceptionsDialog
            member={routing}
            onClose={() => setRouting(null)}
            onChanged={refresh}
          />
        )}
      </Suspense>
    </>
  );
}
