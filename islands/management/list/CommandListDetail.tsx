/**
 * A command list's page (/management/list/{listId}/{groupId?}/{itemId?}): its facts and
 * progress, "Cancel execution" while it is unfinished, and its commands with their status (a
 * badge of the status's display class) — only a group's when the page names one. A command's
 * menu (or its link) opens the command details dialog; the page's item opens it at once, its
 * row marked. An unfinished list re-reads its commands every 5 s, so its states advance.
 */
import { lazy, Suspense, useMemo, useState } from "react";
import { type Column, DataTable } from "../../kit/table/DataTable.tsx";
import { Fact } from "../../kit/Fact.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { useLive } from "../../runtime/live.ts";
import { useMounted } from "../../kit/lazy.ts";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Command } from "../../../openapi/schemas/command/commands.ts";
import type { CommandListFull } from "../../../openapi/schemas/list/lists.ts";
import { getCommandList, listHref } from "./command_list_api.ts";
import {
  COMMAND_EVENTS,
  CommandStatusBadge,
  ListProgress,
  ListState,
  protocolLabel,
} from "./command_status.tsx";

const dialogs = () => import("./command_list_dialogs.tsx");
const CommandDetailsDialog = lazy(() =>
  dialogs().then((m) => ({ default: m.CommandDetailsDialog }))
);

export interface CommandListDetailProps {
  list: CommandListFull;
  /** The group the page is narrowed to, and the item whose details open. */
  groupId: number | null;
  itemId: number | null;
}

/** Without an event stream, an unfinished list re-reads its commands this often. */
export const LIST_REFRESH_MS = 5000;

const DEFAULTS: TableDefaults = {
  sorting: { field: "key", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};
const INITIAL: TableState = { filter: {}, sorting: DEFAULTS.sorting, page: 1, count: PAGE_SIZE };

/** A command's row: its fields, and its key as sortable text (group, then item). */
type CommandRow = Command & { key: string; group: number; item: number };

const keyOf = (c: Command) => `${c.commandId.groupId}/${c.commandId.itemId}`;
const sortKey = (c: Command) =>
  `${String(c.commandId.groupId).padStart(10, "0")}/${
    String(c.commandId.itemId).padStart(10, "0")
  }`;

export default function CommandListDetail(
  { list: initial, groupId, itemId }: CommandListDetailProps,
) {
  const [list, setList] = useState(initial);
  // The page's item (if it names one) opens at once.
  const [details, setDetails] = useState<Command | null>(() =>
    initial.commands.find((c) =>
      c.commandId.groupId === groupId && c.commandId.itemId === itemId
    ) ?? null
  );
  const mounted = useMounted({ details: details !== null });

  const refresh = async () => {
    try {
      setList(await getCommandList(list.id));
    } catch {
      // The next refresh tries again; the page keeps what it shows.
    }
  };
  // While the list is unfinished, its commands move on at the station: follow them (on its
  // change events; every LIST_REFRESH_MS while the tab has no event stream).
  useLive(COMMAND_EVENTS, refresh, {
    pollMs: LIST_REFRESH_MS,
    match: (ids) => ids.includes(String(list.id)),
    enabled: !list.terminated,
  });

  const rows = useMemo<CommandRow[]>(
    () =>
      list.commands
        .filter((c) => groupId === null || c.commandId.groupId === groupId)
        .map((c) => ({
          ...c,
          key: sortKey(c),
          group: c.commandId.groupId,
          item: c.commandId.itemId,
        })),
    [list, groupId],
  );

  async function cancel() {
    const done = await (await dialogs()).cancelExecution([list.id]);
    if (done?.length) setList(done[0]);
  }

  const columns: Column<CommandRow>[] = [
    {
      key: "key",
      label: "Group/item",
      sortable: true,
      text: keyOf,
      render: (c) => {
        const link = (
          <a
            href={listHref(list.id, c.group, c.item)}
            onClick={(e) => {
              e.preventDefault();
              setDetails(c);
            }}
          >
            {keyOf(c)}
          </a>
        );
        return c.group === groupId && c.item === itemId ? <mark>{link}</mark> : link;
      },
    },
    { key: "command", label: "Command", sortable: true, filter: { kind: "text" } },
    {
      key: "mt",
      label: "Target",
      sortable: true,
      filter: { kind: "text" },
      text: (c) => c.mt ?? "",
    },
    {
      key: "status",
      label: "Status",
      sortable: true,
      text: (c) => c.statusLabel,
      render: (c) => <CommandStatusBadge command={c} />,
    },
    {
      key: "errorLabel",
      label: "Error",
      filter: { kind: "text" },
      text: (c) =>
        c.errorCode === null ? c.errorLabel ?? "" : `${c.errorCode} ${c.errorLabel ?? ""}`,
    },
    {
      key: "updatedAt",
      label: "Updated (UTC)",
      sortable: true,
      text: (c) => formatDateTime(c.updatedAt),
    },
  ];

  return (
    <>
      <dl className="detail-facts">
        <Fact label="User">{list.user ?? "—"}</Fact>
        <Fact label="Date (UTC)">{formatDateTime(list.date)}</Fact>
        <Fact label="Protocol">{protocolLabel(list.protocol)}</Fact>
        <Fact label="State">
          <ListState list={list} />
        </Fact>
        <Fact label="Commands">
          <ListProgress list={list} />
        </Fact>
      </dl>
      {!list.terminated && (
        <div className="admin-actions">
          <button type="button" className="contrast outline" onClick={cancel}>
            Cancel execution
          </button>
        </div>
      )}
      {groupId !== null && (
        <p>
          Group {groupId} of the list. <a href={listHref(list.id)}>Show every command</a>
        </p>
      )}
      <DataTable<CommandRow>
        id="commands"
        caption={groupId === null ? "Commands" : `Commands of group ${groupId}`}
        rowKey={keyOf}
        rowLabel={(c) => `command ${keyOf(c)}`}
        source={{ kind: "local", rows }}
        defaults={DEFAULTS}
        initialState={INITIAL}
        exportName={`command-list-${list.id}`}
        columns={columns}
        menu={(selected) => [{
          label: "Details",
          disabled: selected.length !== 1,
          onSelect: () => setDetails(selected[0]),
        }]}
      />
      <Suspense fallback={null}>
        {mounted.details && (
          <CommandDetailsDialog
            command={details}
            onClose={() => setDetails(null)}
            onChanged={refresh}
          />
        )}
      </Suspense>
    </>
  );
}
