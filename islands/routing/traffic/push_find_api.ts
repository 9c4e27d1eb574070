/**
 * The routing lists' query: POST /rest/push/find with the list's `type`, its filter, its
 * allow-listed sort (openapi/sort_fields.ts, `/rest/push/find#<type>`) and paging; the rows typed
 * by the contract's member for that type. Zod-free: the lists' islands load it on first paint.
 */
import type { components } from "../../../openapi/types.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import type { FindResult } from "../../kit/table/DataTable.tsx";
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { call, client } from "../../runtime/api.ts";
import type { Counts } from "../../kit/table/finder.ts";

type S = components["schemas"];

/** The row shape of each `type`. */
export interface PushRows {
  pushEvents: S["PushEventRow"];
  robotEvents: S["RobotEventRow"];
  process: S["ProcessRow"];
  tcp: S["TcpRouteRow"];
  ftp: S["FtpRouteRow"];
  ws: S["WsRouteRow"];
  smtp: S["SmtpRouteRow"];
  pushTraffic: S["PushTrafficRow"];
  robotTraffic: S["RobotTrafficRow"];
}
export type PushFindType = keyof PushRows;

/** One page of the `type` list for the table's state. */
export async function findPushRows<T extends PushFindType>(
  type: T,
  state: TableState,
): Promise<FindResult<PushRows[T]>> {
  const body = { type, ...findBody(state, SORT_FIELDS[`/rest/push/find#${type}`]) };
  // The request and the answer are unions over `type`: T picks their member, which the types
  // cannot follow through a generic.
  const r = await call(
    client.POST("/rest/push/find", { body: body as S["PushFindRequest"] }),
  );
  return rowsOf(r as { results: PushRows[T][] } & Counts);
}

/** A table's `find` for the `type` list. */
export const pushFinder = <T extends PushFindType>(type: T) => (state: TableState) =>
  findPushRows(type, state);
