/** The robot events overview (admin): the robots' log, newest first. */
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { formatDateTime } from "../../kit/format.ts";
import { EVENT_LEVELS, PAGE_SIZES, ROBOT_NAMES } from "../../../openapi/enums.ts";
import { pushFinder, type PushRows } from "../traffic/push_find_api.ts";

type Row = PushRows["robotEvents"];

export const ROBOT_EVENT_DEFAULTS: TableDefaults = {
  sorting: { field: "timestamp", direction: "desc" },
  count: 10,
  pageSizes: PAGE_SIZES,
};

const levelClass = (level: string) =>
  level === "ERROR" ? "danger" : level === "WARN" ? "pending" : "success";

interface RobotEventListProps {
  initialState: TableState;
  initialData: FindResult<Row>;
}

const find = pushFinder("robotEvents");

export default function RobotEventList({ initialState, initialData }: RobotEventListProps) {
  return (
    <DataTable<Row>
      id="robot-events"
      caption="Robot events"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => `event ${r.id}`}
      source={{ kind: "find", key: "robot-events", find }}
      defaults={ROBOT_EVENT_DEFAULTS}
      initialState={initialState}
      initialData={initialData}
      urlState
      selectable={false}
      exportName="robot-events"
      columns={[
        {
          key: "timestamp",
          label: "Time (UTC)",
          sortable: true,
          text: (r) => formatDateTime(r.timestamp),
        },
        {
          key: "robot",
          label: "Robot",
          sortable: true,
          filter: { kind: "select", options: ROBOT_NAMES.map((n) => [n, n] as const) },
        },
        {
          key: "level",
          label: "Level",
          sortable: true,
          filter: { kind: "select", options: EVENT_LEVELS.map((l) => [l, l] as const) },
          render: (r) => <span className={`status ${levelClass(r.level)}`}>{r.level}</span>,
        },
        { key: "message", label: "Message", filter: { kind: "text" } },
      ]}
    />
  );
}
