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

/** A route kind's messages in a claim, and the route ids and tgids they name. */
interface KindMessages {
  rows: DeliveryRow[];
  ids: Set<number>;
  tgids: Set<number>;
}

/**
 * Each message's route by message id (absent: the message has no route). One pass over the
 * claim, and one RouteRow a route rather than one a message: a claim is a thousand messages that
 * share a few routes, and a fresh worker pays for every object (issue 41).
 */
export async function loadRoutes(
  db: Db,
  rows: readonly DeliveryRow[],
): Promise<Map<number, RouteRow>> {
  const byKind = new Map<RouteKind, KindMessages>();
  for (const r of rows) {
    const kind = ROUTE_KIND_OF_TYPE[routeTypeOf(r)];
    if (!kind) continue;
    let mine = byKind.get(kind);
    if (!mine) byKind.set(kind, mine = { rows: [], ids: new Set(), tgids: new Set() });
    mine.rows.push(r);
    // Each id once: a list of one id a message (a thousand parameters, bound and planned) was a
    // good part of a claim's cost (issue 41).
    if (r.routagePushId !== null) mine.ids.add(r.routagePushId);
    else if (r.tgidId !== null) mine.tgids.add(r.tgidId);
  }
  const found = new Map<number, RouteRow>();
  await Promise.all([...byKind].map(async ([kind, mine]) => {
    const table = TABLES[kind];
    const conditions = [
      mine.ids.size ? inArray(table.id, [...mine.ids]) : undefined,
      mine.tgids.size ? inArray(table.tgidId, [...mine.tgids]) : undefined,
    ].filter((c) => c !== undefined);
    if (!conditions.length) return;
    const routes = await db.select().from(table).where(or(...conditions)).orderBy(asc(table.id));
    const byId = new Map(routes.map((r) => [r.id, { kind, row: r } as RouteRow]));
    const firstOfTgid = new Map<number, RouteRow>();
    for (const r of routes) {
      if (!firstOfTgid.has(r.tgidId)) firstOfTgid.set(r.tgidId, byId.get(r.id)!);
    }
    for (const m of mine.rows) {
      const route = m.routagePushId !== null
        ? byId.get(m.routagePushId)
        : m.tgidId !== null
        ? firstOfTgid.get(m.tgidId)
        : undefined;
      if (route) found.set(m.id, route);
    }
  }));
  return found;
}
