/**
 * The push process overview (/routing/process, administrators): server-paged, sorted and filtered
 * (the query kept in the URL), "New process" (the add dialog, defaults prefilled) and a row menu
 * with Edit, Delete and 'Show all' (every field of the process).
 */
import { lazy, useState } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { Fact } from "../../kit/Fact.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { PAGE_SIZE, PAGE_SIZES, PROCESS_MODES } from "../../../openapi/enums.ts";
import { PROCESS_LABELS as L } from "../../../openapi/schemas/push/push_process_messages.ts";
import { findProcesses, type ProcessRow } from "./process_api.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./process_dialogs.tsx");
const ProcessAddDialog = lazy(() => dialogs().then((m) => ({ default: m.ProcessAddDialog })));
const ProcessEditDialog = lazy(() => dialogs().then((m) => ({ default: m.ProcessEditDialog })));

export const PROCESS_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

const SHOW_ALL = "Show all";

const teamText = (p: ProcessRow) => p.teamName ?? (p.team === null ? "" : String(p.team));

type ProcessListProps = ListProps<ProcessRow>;

export default function ProcessList(props: ProcessListProps) {
  const [details, setDetails] = useState<ProcessRow | null>(null);
  const close = () => setDetails(null);
  return (
    <>
      <EditableList<ProcessRow>
        {...props}
        id="processes"
        caption="Push processes"
        noun="process"
        rowKey={(p) => String(p.id)}
        rowLabel={(p) => `process ${p.id}`}
        find={findProcesses}
        defaults={PROCESS_TABLE_DEFAULTS}
        remove={async (p) => (await dialogs()).deleteProcess(p)}
        actions={(rows) => [
          { label: SHOW_ALL, disabled: rows.length !== 1, onSelect: () => setDetails(rows[0]) },
        ]}
        columns={[
          { key: "id", label: L.id, sortable: true, filter: { kind: "text" } },
          { key: "hostname", label: L.hostname, sortable: true, filter: { kind: "text" } },
          {
            key: "mode",
            label: L.mode,
            sortable: true,
            filter: { kind: "select", options: PROCESS_MODES.map((m) => [m, m] as const) },
          },
          { key: "protocol", label: L.protocol },
          { key: "port", label: L.port, sortable: true, filter: { kind: "text" } },
          { key: "min", label: L.min, sortable: true },
          { key: "max", label: L.max, sortable: true },
          { key: "ipFep", label: L.ipFep },
          { key: "team", label: L.team, sortable: true, text: teamText },
        ]}
        createDialog={(p) => <ProcessAddDialog {...p} />}
        editDialog={({ row, ...p }) => <ProcessEditDialog process={row} {...p} />}
      />
      <Dialog
        open={details !== null}
        title={details ? `Process ${details.id}` : ""}
        onClose={close}
        footer={<button type="button" data-close onClick={close}>Close</button>}
      >
        {details && (
          <dl className="detail-facts" data-process-details="">
            <Fact label={L.id}>{details.id}</Fact>
            <Fact label={L.hostname}>{details.hostname}</Fact>
            <Fact label={L.mode}>{details.mode}</Fact>
            <Fact label={L.protocol}>{details.protocol ?? ""}</Fact>
            <Fact label={L.port}>{details.port}</Fact>
            <Fact label={L.min}>{details.min}</Fact>
            <Fact label={L.max}>{details.max}</Fact>
            <Fact label={L.ipFep}>{details.ipFep ?? ""}</Fact>
            <Fact label={L.team}>{teamText(details)}</Fact>
          </dl>
        )}
      </Dialog>
    </>
  );
}
