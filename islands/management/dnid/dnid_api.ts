/** The dnid islands' calls and links (management-routing §7). */
import { call, client, messageOf } from "../../runtime/api.ts";
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { DEFAULT_LES } from "../../../openapi/enums.ts";
import { toast } from "../../runtime/toasts.ts";
import { DNID_MESSAGES } from "../../../openapi/schemas/messages.ts";
import type { Dnid, LesDetails } from "../../../openapi/schemas/dnids/dnids.ts";

export type Station = LesDetails["stationDnid"];

/** A dnid's page: /management/dnids/{id} on LES 21, else /management/dnids/{id}/{les}. */
export const dnidHref = (d: { id: number; les: number }) =>
  d.les === DEFAULT_LES ? `/management/dnids/${d.id}` : `/management/dnids/${d.id}/${d.les}`;

export const dnidKey = (d: { id: number; les: number }) => `${d.id}-${d.les}`;

export const findDnids = async (state: TableState) => {
  const r = await call(client.POST("/rest/dnids/find", {
    body: findBody(state, SORT_FIELDS["/rest/dnids/find"]),
  }));
  return rowsOf({ results: r.dnids, ...r });
};

/**
 * Flips the monitoring flag (immediateDelivery): sends the opposite of what the row shows, then
 * a success toast and `done()`, or a warning toast with the server's message.
 */
export async function flipMonitoring(
  d: Pick<Dnid, "id" | "les" | "immediateDelivery">,
  done: () => void,
) {
  try {
    const r = await call(client.POST("/rest/dnids/toggleMonitoring", {
      body: { id: d.id, les: d.les, immediateDelivery: d.immediateDelivery ? 0 : 1 },
    }));
    toast("success", `Dnid ${d.id}: monitoring ${r.immediateDelivery ? "on" : "off"}`);
    done();
  } catch (e) {
    toast("warning", messageOf(e));
  }
}

export const lesDetails = (d: { id: number; les: number }) =>
  call(client.GET("/rest/dnids/getLesDetails", {
    params: { query: { id: d.id, les: d.les } },
  }));

/** Loads the LES's record and shows it; a failure is a danger toast and no dialog (§8). */
export async function openLesDetails(d: { id: number; les: number }, show: (s: Station) => void) {
  try {
    show((await lesDetails(d)).stationDnid);
  } catch (e) {
    toast("error", `${DNID_MESSAGES.lesDetailsError}: ${messageOf(e)}`);
  }
}
