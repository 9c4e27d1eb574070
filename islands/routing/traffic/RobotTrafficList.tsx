/**
 * The robot traffic overview (admin): incoming messages the robots processed, newest first;
 * right-click (or a row's ⋮ button) for 'Show All', a dialog with every field, the robot's text
 * content (GET /rest/push/getRobotContent) and the error label's carbon-copy recipients.
 */
import { useEffect, useState } from "react";
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { formatDateTime, optionsOf } from "../../kit/format.ts";
import { ApiFailure, client, failureOf, messageOf } from "../../runtime/api.ts";
import { LONG_PAGE_SIZES, ROBOT_NAMES, ROBOT_STATUS, ROBOT_TYPES } from "../../../openapi/enums.ts";
import { ROBOT_TRAFFIC_TEXTS as T } from "../../../openapi/schemas/push/robot_traffic_messages.ts";
import { pushFinder, type PushRows } from "./push_find_api.ts";
import { parseErrorLabel } from "./robot_error_label.ts";

type Row = PushRows["robotTraffic"];

export const ROBOT_TRAFFIC_DEFAULTS: TableDefaults = {
  sorting: { field: "receivedTime", direction: "desc" },
  count: 10,
  pageSizes: LONG_PAGE_SIZES,
};

const label = (map: Record<number, string>, code: number | null) =>
  code === null ? "" : map[code] ?? String(code);

/** Successful is a success; failed, fatal and WS errors are dangers; the rest are pending. */
const robotStatusClass = (s: number) => s === 2 ? "success" : s >= 3 ? "danger" : "pending";

interface RobotTrafficListProps {
  initialState: TableState;
  initialData: FindResult<Row>;
}

const find = pushFinder("robotTraffic");

export default function RobotTrafficList({ initialState, initialData }: RobotTrafficListProps) {
  const [details, setDetails] = useState<Row | null>(null);
  return (
    <>
      <DataTable<Row>
        id="robot-traffic"
        caption="Robot traffic"
        rowKey={(r) => String(r.realId)}
        rowLabel={(r) => `robot message ${r.realId}`}
        source={{ kind: "find", key: "robot-traffic", find }}
        defaults={ROBOT_TRAFFIC_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
        urlState
        exportName="robot-traffic"
        columns={[
          { key: "realId", label: "Id", sortable: true, filter: { kind: "text" } },
          {
            key: "receivedTime",
            label: "Received (UTC)",
            sortable: true,
            text: (r) => formatDateTime(r.receivedTime),
          },
          {
            key: "type",
            label: "Type",
            sortable: true,
            filter: { kind: "select", options: optionsOf(ROBOT_TYPES) },
            text: (r) => label(ROBOT_TYPES, r.type),
          },
          {
            key: "robot",
            label: "Robot",
            sortable: true,
            filter: { kind: "select", options: ROBOT_NAMES.map((n) => [n, n] as const) },
          },
          {
            key: "status",
            label: "Status",
            sortable: true,
            filter: { kind: "select", options: optionsOf(ROBOT_STATUS) },
            text: (r) => label(ROBOT_STATUS, r.status),
            render: (r) => (
              <span className={`status ${robotStatusClass(r.status)}`}>
                {label(ROBOT_STATUS, r.status)}
              </span>
            ),
          },
          { key: "tgid", label: "TGID", filter: { kind: "text" } },
          { key: "deliveryAttempts", label: "Attempts", sortable: true },
          { key: "code", label: "Code", sortable: true },
          {
            key: "errorLabel",
            label: "Error label",
            filter: { kind: "text" },
            text: (r) => parseErrorLabel(r.errorLabel).text,
          },
        ]}
        menu={(rows) => [
          { label: T.showAll, onSelect: () => setDetails(rows[0]), disabled: rows.length !== 1 },
        ]}
      />
      <Dialog
        open={details !== null}
        title={details ? T.title(details.realId) : ""}
        onClose={() => setDetails(null)}
        wide
        footer={
          <button type="button" data-close onClick={() => setDetails(null)}>{T.close}</button>
        }
      >
        {details && <RobotDetails key={details.realId} row={details} />}
      </Dialog>
    </>
  );
}

type Content = { state: "loading" } | { state: "done"; text: string | null } | {
  state: "error";
  message: string;
};

/** The row's text content: null when the row has none (404). */
async function loadContent(row: Row): Promise<string | null> {
  const { data, error, response } = await client.GET("/rest/push/getRobotContent", {
    params: { query: { id: row.realId, type: row.type as 0 | 1 } },
    parseAs: "text",
  });
  if (response.ok) return data as string;
  if (response.status === 404) return null;
  throw await failureOf(response, error);
}

function RobotDetails({ row }: { row: Row }) {
  const [content, setContent] = useState<Content>({ state: "loading" });
  useEffect(() => {
    let live = true;
    if (!row.hasContent) setContent({ state: "done", text: null });
    else {
      loadContent(row).then(
        (text) => live && setContent({ state: "done", text }),
        (e: ApiFailure | Error) => live && setContent({ state: "error", message: messageOf(e) }),
      );
    }
    return () => {
      live = false;
    };
  }, [row]);
  const { text, carbonCopies } = parseErrorLabel(row.errorLabel);
  const fields: [string, string | number | null][] = [
    ["Real id", row.realId],
    ["Type", label(ROBOT_TYPES, row.type)],
    ["Robot", row.robot],
    ["Received time (UTC)", formatDateTime(row.receivedTime)],
    ["Status", label(ROBOT_STATUS, row.status)],
    ["Error label", text],
    ["Delivery status", row.deliveryStatus],
    ["Delivery attempts", row.deliveryAttempts],
    ["Code", row.code],
    ["Log id", row.logId],
    ["Routage id", row.routageId],
    ["TGID", row.tgid],
  ];
  return (
    <>
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
      {carbonCopies && (
        <section aria-label={T.carbonCopies} className="carbon-copies">
          <h3>{T.carbonCopies}</h3>
          {carbonCopies.length
            ? <ul>{carbonCopies.map((cc) => <li key={cc}>{cc}</li>)}</ul>
            : <p>{T.noCarbonCopies}</p>}
        </section>
      )}
      <section aria-label={T.content} className="robot-content">
        <h3>{T.content}</h3>
        {content.state === "loading" && <p aria-busy="true">{T.loading}</p>}
        {content.state === "error" && <p role="alert">{T.contentError(content.message)}</p>}
        {content.state === "done" &&
          (content.text === null ? <p>{T.noContent}</p> : <pre>{content.text}</pre>)}
      </section>
    </>
  );
}
