/**
 * The LES traffic islands' calls: a page of the traffic (POST /rest/station/find) and the
 * delete of a message not forwarded yet (GET /rest/inmarsat/delete).
 */
import type { TableState } from "../kit/table_state.ts";
import type { FindResult } from "../kit/DataTable.tsx";
import { failureOf, portalFetch } from "../runtime/api.ts";
import type {
  StationDeleted,
  StationFindResponse,
  StationMessage,
} from "../../openapi/schemas/station.ts";
import { stationFindBody } from "./station_query.ts";

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await portalFetch(path, init);
  const body = await response.json().catch(() => undefined);
  if (!response.ok) throw await failureOf(response, body);
  return body as T;
}

/** POST /rest/station/find with any find body (the Messaging C history uses `mine: true`). */
export const findStation = (body: unknown) =>
  json<StationFindResponse>("/rest/station/find", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

export const findStationTraffic = async (
  state: TableState,
): Promise<FindResult<StationMessage>> => {
  const r = await findStation(stationFindBody(state));
  return { rows: r.rows, total: r.total, filtered: r.totalNumber };
};

export const deleteStationMessage = (refNum: number) =>
  json<StationDeleted>(`/rest/inmarsat/delete?refNum=${encodeURIComponent(String(refNum))}`);
