/**
 * A tgid's delivery routes (tcp, smtp, ftp, ws; each route's "Remise" is its tgid) in the one
 * shape the dnid and tgid pages show them, and how many each protocol has.
 */
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { ftpRoutes, smtpRoutes, tcpRoutes, wsRoutes } from "../../../db/schema/mod.ts";
import type { RouteRow } from "../../../openapi/schemas/tgid/tgids.ts";
import { statement } from "../../../db/statements.ts";

const ROUTE_TABLES = {
  tcp: {
    table: tcpRoutes,
    primary: tcpRoutes.ipPortTxPrimary,
    secondary: tcpRoutes.ipPortTxSecondary,
    up: tcpRoutes.txPrimaryUp,
  },
  smtp: {
    table: smtpRoutes,
    primary: smtpRoutes.emailMaster,
    secondary: smtpRoutes.emailSecondary,
    up: null,
  },
  ftp: {
    table: ftpRoutes,
    primary: ftpRoutes.ftpPrimary,
    secondary: ftpRoutes.ftpSecondary,
    up: ftpRoutes.ftpPrimaryUp,
  },
  ws: {
    table: wsRoutes,
    primary: wsRoutes.wsPrimary,
    secondary: wsRoutes.wsSecondary,
    up: wsRoutes.wsPrimaryUp,
  },
} as const;

export type RouteKind = keyof typeof ROUTE_TABLES;
export const ROUTE_KINDS = Object.keys(ROUTE_TABLES) as RouteKind[];

/**
 * A tgid's routes of every protocol in one statement (built once): each protocol's rows with its
 * place in ROUTE_KINDS first, by protocol and id. Rows of a union are mapped by position.
 */
const routesOfTgid = statement((db, name) => {
  const [first, second, ...rest] = ROUTE_KINDS.map((kind, i) => {
    const r = ROUTE_TABLES[kind];
    return db.select({
      kind: sql<number>`${sql.raw(String(i))}`.as("kind"),
      id: r.table.id,
      memberOrMobileNum: r.table.memberOrMobileNum,
      conversion: r.table.conversion,
      destination: r.primary,
      secondary: r.secondary,
      primaryUp: r.up ?? sql<number | null>`null`,
    }).from(r.table).where(eq(r.table.tgidId, sql.placeholder("tgidId")));
  });
  return unionAll(first, second, ...rest).orderBy(sql`1`, sql`2`).prepare(name);
});

/** A tgid's routes, every protocol (none without a tgid). */
export async function allRoutesOf(
  db: Db,
  tgidId: number | null,
): Promise<Record<RouteKind, RouteRow[]>> {
  const routes = { tcp: [], smtp: [], ftp: [], ws: [] } as Record<RouteKind, RouteRow[]>;
  if (tgidId === null) return routes;
  for (const { kind, primaryUp, ...row } of await routesOfTgid(db).execute({ tgidId })) {
    routes[ROUTE_KINDS[Number(kind)]].push({
      ...row,
      primaryUp: primaryUp === null ? null : Number(primaryUp),
    });
  }
  return routes;
}

/** `(select count(*) from routes_<kind> where tgid_id = <column>)`, per protocol. */
export const routeCounts = (tgidColumn: AnyColumn) =>
  Object.fromEntries(ROUTE_KINDS.map((k) => {
    const t = ROUTE_TABLES[k].table;
    return [k, sql<number>`(select count(*)::int from ${t} where ${t.tgidId} = ${tgidColumn})`];
  })) as Record<RouteKind, SQL<number>>;
