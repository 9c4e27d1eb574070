/**
 * A tgid's delivery routes (tcp, smtp, ftp, ws; each route's "Remise" is its tgid) in the one
 * shape the dnid and tgid pages show them, and how many each protocol has.
 */
import { type AnyColumn, asc, eq, type SQL, sql } from "drizzle-orm";
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

/** A tgid's routes of one protocol, by id (a statement per protocol, built once). */
const routesStatements = Object.fromEntries(ROUTE_KINDS.map((kind) => {
  const r = ROUTE_TABLES[kind];
  return [
    kind,
    statement((db, name) =>
      db.select({
        id: r.table.id,
        memberOrMobileNum: r.table.memberOrMobileNum,
        conversion: r.table.conversion,
        destination: r.primary,
        secondary: r.secondary,
        primaryUp: r.up ?? sql<number | null>`null`,
      }).from(r.table).where(eq(r.table.tgidId, sql.placeholder("tgidId")))
        .orderBy(asc(r.table.id)).prepare(name)
    ),
  ];
}));

/** A tgid's routes of one protocol, by id (none without a tgid). */
async function routesOf(db: Db, kind: RouteKind, tgidId: number | null): Promise<RouteRow[]> {
  if (tgidId === null) return [];
  const rows = await routesStatements[kind](db).execute({ tgidId });
  return rows.map((x) => ({ ...x, primaryUp: x.primaryUp === null ? null : Number(x.primaryUp) }));
}

/** A tgid's routes, every protocol. */
export async function allRoutesOf(db: Db, tgidId: number | null) {
  const [tcp, smtp, ftp, ws] = await Promise.all(ROUTE_KINDS.map((k) => routesOf(db, k, tgidId)));
  return { tcp, smtp, ftp, ws };
}

/** `(select count(*) from routes_<kind> where tgid_id = <column>)`, per protocol. */
export const routeCounts = (tgidColumn: AnyColumn) =>
  Object.fromEntries(ROUTE_KINDS.map((k) => {
    const t = ROUTE_TABLES[k].table;
    return [k, sql<number>`(select count(*)::int from ${t} where ${t.tgidId} = ${tgidColumn})`];
  })) as Record<RouteKind, SQL<number>>;
