/**
 * The terminal list (/management/terminal): two tabs kept in the URL (`?tab=inmarsatc`, the
 * Inmarsat C mtls of POST /rest/mtls/findMtl; `?tab=other`, the terminals of POST
 * /rest/terminal/findDevice with a device type filter), each server-paged by 10 with its query
 * in the URL; the add buttons; row menus by device type and role (./terminal_actions.tsx).
 */
import { useState } from "react";
import { type Column, DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { formatDateTime, optionsOf, yesNo } from "../../kit/format.ts";
import {
  findMtls,
  findTerminals,
  tabHref,
  TERMINAL_TABS,
  terminalHref,
  type TerminalTab,
  type TerminalViewer,
} from "./terminal_api.ts";
import { AddButtons, useTerminalActions } from "./terminal_actions.tsx";
import { INMARSAT_C_DEVICE_TYPE, PAGE_SIZE, PAGE_SIZES, REGIONS } from "../../../openapi/enums.ts";
import type { Mtl } from "../../../openapi/schemas/mtls.ts";
import type { TerminalRow } from "../../../openapi/schemas/terminal/terminals.ts";

export const MTL_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "imn", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};
export const DEVICE_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "deviceId", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export type TerminalListProps =
  & { viewer: TerminalViewer; initialState: TableState }
  & (
    | { tab: "inmarsatc"; initialData: FindResult<Mtl> }
    | { tab: "other"; initialData: FindResult<TerminalRow> }
  );

const tgidText = (t: { id: number; label: string } | null) => t ? `${t.label} (${t.id})` : "";

const MTL_COLUMNS: Column<Mtl>[] = [
  {
    key: "imn",
    label: "IMN",
    sortable: true,
    filter: { kind: "text" },
    render: (m) =>
      m.deviceId === null ? m.imn : <a href={terminalHref({ deviceId: m.deviceId })}>{m.imn}</a>,
  },
  {
    key: "label",
    label: "Label",
    sortable: true,
    filter: { kind: "text" },
    text: (m) => m.deviceLabel ?? "",
  },
  { key: "serial", label: "Serial", sortable: true, filter: { kind: "text" } },
  { key: "model", label: "Model", sortable: true, filter: { kind: "text" } },
  { key: "fwdId", label: "Forward id" },
  { key: "mtl", label: "MTL" },
  {
    key: "region",
    label: "Region",
    sortable: true,
    filter: { kind: "select", options: optionsOf(REGIONS) },
    text: (m) => m.region === null ? "" : REGIONS[m.region as keyof typeof REGIONS] ?? "",
  },
  {
    key: "tgid",
    label: "Tgid",
    filter: { kind: "text" },
    text: (m) => m.tgid ? tgidText(m.tgid) : "No terminal yet",
  },
  { key: "isValid", label: "Valid", text: (m) => yesNo(m.isValid) },
  {
    key: "updateDate",
    label: "Updated (UTC)",
    sortable: true,
    text: (m) => formatDateTime(m.updateDate),
  },
];

const deviceColumns = (viewer: TerminalViewer): Column<TerminalRow>[] => [
  {
    key: "deviceId",
    label: "Device id",
    sortable: true,
    filter: { kind: "text" },
    render: (t) => <a href={terminalHref(t)}>{t.deviceId}</a>,
  },
  {
    key: "deviceTypeId",
    label: "Device type",
    filter: {
      kind: "select",
      options: viewer.deviceTypes.filter((d) => d.id !== INMARSAT_C_DEVICE_TYPE)
        .map((d) => [String(d.id), d.name] as const),
    },
    text: (t) => t.deviceType.name,
  },
  {
    key: "label",
    label: "Label",
    sortable: true,
    filter: { kind: "text" },
    text: (t) => t.deviceLabel ?? "",
  },
  {
    key: "identifier",
    label: "Identifier",
    sortable: true,
    filter: { kind: "text" },
    text: (t) => t.terminalSpecificIdentifier ?? "",
  },
  {
    key: "tgid",
    label: "Tgid",
    sortable: true,
    filter: { kind: "text" },
    text: (t) => tgidText(t.tgid),
  },
  {
    key: "updateDate",
    label: "Updated (UTC)",
    sortable: true,
    text: (t) => formatDateTime(t.updateDate),
  },
];

function Tabs({ tab }: { tab: TerminalTab }) {
  return (
    <nav aria-label="Terminal kinds" className="tabs">
      <ul>
        {(Object.keys(TERMINAL_TABS) as TerminalTab[]).map((key) => (
          <li key={key}>
            <a href={tabHref(key)} aria-current={key === tab ? "page" : undefined}>
              {TERMINAL_TABS[key]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function TerminalList(props: TerminalListProps) {
  const { viewer } = props;
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);
  const terminals = useTerminalActions(viewer, { changed: refresh, deleted: refresh });
  const common = {
    defaults: props.tab === "inmarsatc" ? MTL_TABLE_DEFAULTS : DEVICE_TABLE_DEFAULTS,
    initialState: props.initialState,
    urlState: true,
    reloadToken: reload || undefined,
  };

  return (
    <>
      <AddButtons admin={viewer.admin} add={terminals.add} />
      <Tabs tab={props.tab} />
      {props.tab === "inmarsatc"
        ? (
          <DataTable<Mtl>
            {...common}
            id="mtls"
            caption={TERMINAL_TABS.inmarsatc}
            rowKey={(m) => m.imn}
            rowLabel={(m) => `terminal ${m.imn}`}
            source={{ kind: "find", key: "mtls", find: findMtls }}
            initialData={props.initialData}
            exportName="inmarsat-c-terminals"
            columns={MTL_COLUMNS}
            menu={(rows) =>
              rows.length === 1
                ? terminals.actions({
                  deviceId: rows[0].deviceId,
                  deviceTypeId: INMARSAT_C_DEVICE_TYPE,
                  imn: rows[0].imn,
                  label: rows[0].deviceLabel,
                  serial: rows[0].serial,
                  mayEdit: rows[0].mayEdit,
                }, { withOpen: true, mtlRow: true, withSerial: true })
                : []}
          />
        )
        : (
          <DataTable<TerminalRow>
            {...common}
            id="terminals"
            caption={TERMINAL_TABS.other}
            rowKey={(t) => String(t.deviceId)}
            rowLabel={(t) => `terminal ${t.deviceLabel || t.deviceId}`}
            source={{ kind: "find", key: "terminals", find: findTerminals }}
            initialData={props.initialData}
            exportName="terminals"
            columns={deviceColumns(viewer)}
            menu={(rows) =>
              rows.length === 1
                ? terminals.actions({
                  deviceId: rows[0].deviceId,
                  deviceTypeId: rows[0].deviceTypeId,
                  imn: rows[0].deviceTypeId === INMARSAT_C_DEVICE_TYPE
                    ? rows[0].terminalSpecificIdentifier
                    : null,
                  label: rows[0].deviceLabel,
                  mayEdit: rows[0].mayEdit,
                }, { withOpen: true })
                : []}
          />
        )}
      {terminals.dialogs}
    </>
  );
}
