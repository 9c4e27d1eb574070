/** The push events overview (admin): the push processes' log, newest first, 10 a page. */
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { formatDateTime } from "../../kit/format.ts";
import { EVENT_LEVELS, PAGE_SIZES } from "../../../openapi/enums.ts";
import { pushFinder, type PushRows } from "../traffic/push_find_api.ts";

type Row = PushRows["pushEvents"];

export const PUSH_EVENT_DEFAULTS: TableDefaults = {
  sorting: { field: "timestamp", direction: "desc" },
  count: 10,
  pageSizes: PAGE_SIZES,
};

const levelOptions = EVENT_LEVELS.map((l) => [l, l] as const);
export const levelClass = (level: string) =>
  level === "ERROR" ? "danger" : level === "WARN" ? "pending" : "success";

interface PushEventListProps {
  initialState: TableState;
  initialData: FindResult<Row>;
}

const find = pushFinder("pushEvents");

export default function PushEventList({ initialState, initialData }: PushEventListProps) {
  return (
    <DataTable<Row>
      id="push-events"
      caption="Push events"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => `event ${r.id}`}
      source={{ kind: "find", key: "push-events", find }}
      defaults={PUSH_EVENT_DEFAULTS}
      initialState={initialState}
      initialData={initialData}
      urlState
      selectable={false}
      exportName="push-events"
      columns={[
        {
          key: "timestamp",
          label: "Time (UTC)",
          sortable: true,
          text: (r) => formatDateTime(r.timestamp),
        },
        { key: "hostname", label: "Host", sortable: true, filter: { kind: "text" } },
        { key: "processId", label: "Process", sortable: true, filter: { kind: "text" } },
        { key: "tgid", label: "TGID", sortable: true, filter: { kind: "text" } },
        {
          key: "level",
          label: "Level",
          sortable: true,
          filter: { kind: "select", options: levelOptions },
          render: (r) => <span className={`status ${levelClass(r.level)}`}>{r.level}</span>,
        },
        { key: "message", label: "Message", filter: { kind: "text" } },
      ]}
    />
  );
}
