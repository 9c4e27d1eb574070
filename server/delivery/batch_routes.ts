/**
 * The routes of a claimed batch, one query per route kind. A message names its route with
 * `routageType` (else its delivery type) and `routagePushId`; without a route id it takes its
 * tgid's route of that kind with the lowest id.
 */
import { asc, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ftpRoutes, smtpRoutes, tcpRoutes, wsRoutes } from "../../db/schema/mod.ts";
import type { RouteRow } from "./transports/mod.ts";
import type { RouteKind } from "./outcome.ts";
import type { DeliveryRow } from "./types.ts";

/** Delivery types delivered over a route (the others are local: DB, ACK, SMS). */
export const ROUTE_KIND_OF_TYPE: Partial<Record<number, RouteKind>> = {
  0: "tcp",
  1: "smtp",
  3: "ftp",
  4: "ws",
};

const TABLES = { tcp: tcpRoutes, ftp: ftpRoutes, ws: wsRoutes, smtp: smtpRoutes } as const;

/** The delivery type that decides a message's route (routageType, else deliveryType). */
export const routeTypeOf = (row: DeliveryRow): number => row.routageType ?? row.deliveryType;

/** Each message's route by message id (absent: the message has no route). */
export async function loadRoutes(
  db: Db,
  rows: readonly DeliveryRow[],
): Promise<Map<number, RouteRow>> {
  const found = new Map<number, RouteRow>();
  await Promise.all((Object.keys(TABLES) as RouteKind[]).map(async (kind) => {
    const mine = rows.filter((r) => ROUTE_KIND_OF_TYPE[routeTypeOf(r)] === kind);
    if (!mine.length) return;
    const table = TABLES[kind];
    // Each id once: a claim's messages share a few routes, and a list of one id a message
    // (a thousand parameters, bound and planned) was a good part of a claim's cost (issue 41).
    const ids = [
      ...new Set(mine.flatMap((r) => r.routagePushId === null ? [] : [r.routagePushId])),
    ];
    const tgids = [
      ...new Set(
        mine.flatMap((r) => r.routagePushId === null && r.tgidId !== null ? [r.tgidId] : []),
      ),
    ];
    const conditions = [
      ids.length ? inArray(table.id, ids) : undefined,
      tgids.length ? inArray(table.tgidId, tgids) : undefined,
    ].filter((c) => c !== undefined);
    if (!conditions.length) return;
    const routes = await db.select().from(table).where(or(...conditions)).orderBy(asc(table.id));
    const byId = new Map(routes.map((r) => [r.id, r]));
    const firstOfTgid = new Map<number, (typeof routes)[number]>();
    for (const r of routes) if (!firstOfTgid.has(r.tgidId)) firstOfTgid.set(r.tgidId, r);
    for (const m of mine) {
      const route = m.routagePushId !== null
        ? byId.get(m.routagePushId)
        : m.tgidId !== null
        ? firstOfTgid.get(m.tgidId)
        : undefined;
      if (route) found.set(m.id, { kind, row: route } as RouteRow);
    }
  }));
  return found;
}
