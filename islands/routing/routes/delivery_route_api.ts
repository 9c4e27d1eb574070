/**
 * The routes page's calls (administrators): add, update and delete a route of each type, and
 * lock or unlock a destination. A failure's message is the server's, or "Unkown" (the spec's
 * spelling) when it gave none. Zod-free.
 */
import type { components } from "../../../openapi/types.ts";
import type { RouteType } from "../../../openapi/enums.ts";
import { UNKNOWN_ERROR } from "../../../openapi/schemas/push/delivery_route_messages.ts";
import type { PushRows } from "../traffic/push_find_api.ts";
import { ApiFailure, call, client } from "../../runtime/api.ts";

type S = components["schemas"];

/** The route dialogs' message: the server's, else "Unkown". */
export function routeMessage(e: unknown): string {
  if (e instanceof ApiFailure) return e.code !== -1 && e.message.trim() ? e.message : UNKNOWN_ERROR;
  return e instanceof Error && e.message.trim() ? e.message : UNKNOWN_ERROR;
}

/** Runs a call; a failure is rethrown as an Error carrying routeMessage. */
async function routeCall<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (e) {
    throw new Error(routeMessage(e));
  }
}

export interface RouteAdds {
  tcp: S["TcpRouteAdd"];
  ftp: S["FtpRouteAdd"];
  ws: S["WsRouteAdd"];
  smtp: S["SmtpRouteAdd"];
}

/** Adds a route of `type`: its id and the route. */
export function addRoute<T extends RouteType>(
  type: T,
  body: RouteAdds[T],
): Promise<{ lastInsertId: number; route: PushRows[T] }> {
  return routeCall(async () => {
    const r = type === "tcp"
      ? await call(client.POST("/rest/push/addTcp", { body: body as S["TcpRouteAdd"] }))
      : type === "ftp"
      ? await call(client.POST("/rest/push/addFtp", { body: body as S["FtpRouteAdd"] }))
      : type === "ws"
      ? await call(client.POST("/rest/push/addWs", { body: body as S["WsRouteAdd"] }))
      : await call(client.POST("/rest/push/addSmtp", { body: body as S["SmtpRouteAdd"] }));
    return r as { lastInsertId: number; route: PushRows[T] };
  });
}

/** Saves route `id` of `type`: the route. */
export function updateRoute<T extends RouteType>(
  type: T,
  id: number,
  fields: RouteAdds[T],
): Promise<PushRows[T]> {
  return routeCall(async () => {
    const r = type === "tcp"
      ? await call(
        client.POST("/rest/push/updateTcp", { body: { ...fields as S["TcpRouteAdd"], id } }),
      )
      : type === "ftp"
      ? await call(
        client.POST("/rest/push/updateFtp", { body: { ...fields as S["FtpRouteAdd"], id } }),
      )
      : type === "ws"
      ? await call(
        client.POST("/rest/push/updateWs", { body: { ...fields as S["WsRouteAdd"], id } }),
      )
      : await call(
        client.POST("/rest/push/updateSmtp", { body: { ...fields as S["SmtpRouteAdd"], id } }),
      );
    return r as PushRows[T];
  });
}

const DELETE_PATHS = {
  tcp: "/rest/push/deleteTcp",
  ftp: "/rest/push/deleteFtp",
  ws: "/rest/push/deleteWs",
  smtp: "/rest/push/deleteSmtp",
} as const;

/** Deletes route `id` of `type`. */
export const deleteRoute = (type: RouteType, id: number): Promise<{ id: number }> =>
  routeCall(() => call(client.GET(DELETE_PATHS[type], { params: { query: { id: id } } })));

/** Locks (true) or unlocks (false) a destination. */
export const lockDestination = (body: S["LockDestination"]): Promise<S["DestinationLocked"]> =>
  routeCall(() => call(client.POST("/rest/push/lockDestination", { body })));
