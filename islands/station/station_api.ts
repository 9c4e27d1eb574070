/**
 * The LES traffic islands' calls, typed by the contract: a page of the traffic (POST
 * /rest/station/find) and the delete of a message not forwarded yet (GET /rest/inmarsat/delete).
 */
import type { TableState } from "../kit/table/table_state.ts";
import type { FindResult } from "../kit/table/DataTable.tsx";
import { call, client } from "../runtime/api.ts";
import type { StationMessage } from "../../openapi/schemas/station/station.ts";
import { stationFindBody } from "./station_query.ts";
import { countsOf } from "../kit/table/finder.ts";

export const findStationTraffic = async (
  state: TableState,
): Promise<FindResult<StationMessage>> => {
  const r = await call(client.POST("/rest/station/find", { body: stationFindBody(state) }));
  return { rows: r.rows, ...countsOf(r) };
};

export const deleteStationMessage = (refNum: number) =>
  call(client.GET("/rest/inmarsat/delete", { params: { query: { refNum: refNum } } }));
