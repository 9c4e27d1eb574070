/**
 * The command list overview (/management/list): server-paged, sorted (id descending by
 * default) and filtered (id, user, date, protocol, finished or not; the query kept in the URL),
 * 10 rows a page (10, 25, 50, 100, 1000 or 2000). A row's id opens the list; its menu offers
 * Open, Refresh (the table again) and Cancel execution (for the unfinished rows of the
 * selection, after a confirmation).
 */
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { Column } from "../../kit/table/DataTable.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { formatDateTime, optionsOf } from "../../kit/format.ts";
import { COMMAND_PROTOCOLS, LONG_PAGE_SIZES, PAGE_SIZE } from "../../../openapi/enums.ts";
import type { CommandList } from "../../../openapi/schemas/list/lists.ts";
import { LIST_TERMINATED } from "../../../openapi/schemas/list/list_messages.ts";
import { findCommandLists, listHref } from "./command_list_api.ts";
import {
  ListProgress,
  ListState,
  progressText,
  protocolLabel,
  stateLabel,
} from "./command_status.tsx";

export const COMMAND_LIST_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "desc" },
  count: PAGE_SIZE,
  pageSizes: LONG_PAGE_SIZES,
};

/** The spec's order: 1 Finished, then 0 Unfinished. */
const TERMINATED_OPTIONS = [["1", LIST_TERMINATED[1]], ["0", LIST_TERMINATED[0]]] as const;

export type CommandListOverviewProps = ListProps<CommandList>;

const columns: Column<CommandList>[] = [
  {
    key: "id",
    label: "Id",
    sortable: true,
    filter: { kind: "text" },
    render: (l) => <a href={listHref(l.id)}>{l.id}</a>,
  },
  {
    key: "user",
    label: "User",
    sortable: true,
    filter: { kind: "text" },
    text: (l) => l.user ?? "",
  },
  {
    key: "date",
    label: "Date (UTC)",
    sortable: true,
    filter: { kind: "text", placeholder: "YYYY-MM-DD" },
    text: (l) => formatDateTime(l.date),
  },
  {
    key: "protocol",
    label: "Protocol",
    sortable: true,
    filter: { kind: "select", options: optionsOf(COMMAND_PROTOCOLS) },
    text: (l) => protocolLabel(l.protocol),
  },
  {
    key: "counts",
    label: "Commands",
    text: progressText,
    render: (l) => <ListProgress list={l} />,
  },
  {
    key: "terminated",
    label: "State",
    sortable: true,
    filter: { kind: "select", options: TERMINATED_OPTIONS },
    text: stateLabel,
    render: (l) => <ListState list={l} />,
  },
];

// The cancel and its confirmation are loaded when first used.
const dialogs = () => import("./command_list_dialogs.tsx");

export default function CommandListOverview(props: CommandListOverviewProps) {
  return (
    <EditableList<CommandList>
      {...props}
      id="command-lists"
      caption="Command lists"
      noun="command list"
      rowKey={(l) => String(l.id)}
      rowLabel={(l) => `command list ${l.id}`}
      find={findCommandLists}
      defaults={COMMAND_LIST_DEFAULTS}
      href={(l) => listHref(l.id)}
      columns={columns}
      // The spec's menu: refresh, cancel execution.
      actions={(rows, refresh) => {
        const unfinished = rows.filter((l) => !l.terminated).map((l) => l.id);
        return [
          { label: "Refresh", onSelect: refresh },
          {
            label: "Cancel execution",
            disabled: unfinished.length === 0,
            onSelect: async () => {
              if (await (await dialogs()).cancelExecution(unfinished)) refresh();
            },
          },
        ];
      }}
    />
  );
}
