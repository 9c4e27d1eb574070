/**
 * The terminal islands' calls and links (management-routing §7): the two tabs' pages, a
 * terminal, the LES station's view of an mtl, an mtl's serial, and the deletes with the spec's
 * toast.
 */
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { confirmDelete } from "../../kit/dialog/confirm_delete.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { INMARSAT_C_DEVICE_TYPE, VSAT_DEVICE_TYPE } from "../../../openapi/enums.ts";
import type { MtlSerial, StationMtl } from "../../../openapi/schemas/mtls.ts";
import type { DeviceType } from "../../../openapi/schemas/terminal/terminals.ts";
import {
  MTL_MESSAGES,
  TERMINAL_MESSAGES,
} from "../../../openapi/schemas/terminal/terminal_messages.ts";

/** The terminal page's tabs, by their key in the URL (`?tab=inmarsatc`). */
export const TERMINAL_TABS = { inmarsatc: "Inmarsat C", other: "Other device types" } as const;
export type TerminalTab = keyof typeof TERMINAL_TABS;
const DEFAULT_TERMINAL_TAB: TerminalTab = "inmarsatc";
export const tabOf = (raw: string | null): TerminalTab =>
  raw !== null && raw in TERMINAL_TABS ? raw as TerminalTab : DEFAULT_TERMINAL_TAB;

export const TERMINAL_LIST_HREF = "/management/terminal";
export const terminalHref = (t: { deviceId: number }) => `/management/terminal/${t.deviceId}`;
export const tabHref = (tab: TerminalTab) => `${TERMINAL_LIST_HREF}?tab=${tab}`;
/** Where a new mobile terminal (an mtl without a terminal yet) is shown: its row, found. */
export const mtlRowHref = (imn: string) => `${tabHref("inmarsatc")}&filter.imn=${imn}`;

/** What the terminal islands know of the user and the device types. */
export interface TerminalViewer {
  /** Team rights below 100: the full menus (edit, delete) and "Add mobile terminal". */
  admin: boolean;
  deviceTypes: DeviceType[];
}

export const isInmarsatC = (t: { deviceTypeId: number }) =>
  t.deviceTypeId === INMARSAT_C_DEVICE_TYPE;

/** Every type is deletable except VSAT and the default (the device type says which). */
export const mayDelete = (viewer: TerminalViewer, deviceTypeId: number) =>
  viewer.admin && deviceTypeId !== VSAT_DEVICE_TYPE &&
  viewer.deviceTypes.some((t) => t.id === deviceTypeId && t.deletable);

/** The "Other device types" tab: every terminal that is not Inmarsat C (those are the mtl tab). */
export const findTerminals = async (state: TableState) => {
  const body = findBody(state, SORT_FIELDS["/rest/terminal/findDevice"]);
  return rowsOf(
    await call(client.POST("/rest/terminal/findDevice", {
      body: { ...body, filter: { ...body.filter, family: "other" } },
    })),
  );
};

export const findMtls = async (state: TableState) =>
  rowsOf(
    await call(client.POST("/rest/mtls/findMtl", {
      body: findBody(state, SORT_FIELDS["/rest/mtls/findMtl"]),
    })),
  );

export const getTerminal = (deviceId: number) =>
  call(client.GET("/rest/terminal/get", { params: { query: { id: deviceId } } }));

/**
 * The LES station's record of an mtl, shown by `show`; a failure is a danger toast
 * 'Get station details error: {fault}' and no dialog (§8).
 */
export async function openStation(imn: string, show: (s: StationMtl) => void) {
  try {
    show(await call(client.GET("/rest/mtls/getStationMtl", { params: { query: { id: imn } } })));
  } catch (e) {
    toast("error", `${MTL_MESSAGES.stationError}: ${messageOf(e)}`);
  }
}

/**
 * "Get serial": the serial the portal holds for the mtl `imn`; a failure is the danger toast
 * 'Get serial error: {message}' (§8), and the promise rejects (a promise button shows it).
 */
export async function getSerial(imn: string): Promise<MtlSerial> {
  try {
    return await call(client.GET("/rest/mtls/getSerial", { params: { query: { imn } } }));
  } catch (e) {
    toast("error", `${MTL_MESSAGES.serialError}: ${messageOf(e)}`);
    throw e;
  }
}

/** What "Get serial" found, and the serial the row or page showed when it was asked. */
export interface SerialResult {
  answer: MtlSerial;
  shown: string | null | undefined;
  /** Where it was shown: a row of the list, or the terminal's page. */
  shownOn: "list" | "page";
}

/** The serial is not the one the screen shows: the screen is out of date. */
export const serialChanged = (r: SerialResult) => (r.answer.serial ?? null) !== (r.shown ?? null);

/**
 * Asks, then deletes a terminal: 'Terminal deleted', or the server's refusal. An Inmarsat C
 * terminal's mtl stays registered (it can be added again as an existing terminal).
 */
export const deleteTerminal = (
  t: { deviceId: number; deviceTypeId: number; label: string | null },
) =>
  confirmDelete(
    {
      title: "Delete terminal",
      message: `Delete the terminal ${t.label || t.deviceId}? Its item logs go with it` +
        (isInmarsatC(t) ? "; its mtl stays registered." : "."),
    },
    () =>
      call(client.GET("/rest/terminal/deleteDevice", {
        params: { query: { deviceId: t.deviceId } },
      })),
    () => TERMINAL_MESSAGES.deleted,
  );

/** Asks, then deletes an Inmarsat C mobile terminal and its terminal: 'Terminal deleted'. */
export const deleteMtl = (m: { imn: string }) =>
  confirmDelete(
    {
      title: "Delete terminal",
      message: `Delete the Inmarsat C terminal ${m.imn}? Its mtl, terminal and item logs go ` +
        "with it.",
    },
    () => call(client.DELETE("/rest/mtls/deleteMtl", { params: { query: { imn: m.imn } } })),
    () => TERMINAL_MESSAGES.deleted,
  );
