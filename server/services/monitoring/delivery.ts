/**
 * Delivery figures (GET /rest/monitoring/delivery; docs/decisions/0014 "Live figures"): push
 * traffic delivered, failed and waiting per delivery type and per route over the last hour and
 * day, the messages waiting however old, and the configured destinations locked or down.
 *
 * One statement reads two index ranges of push_traffic — the rows stored in the last 24 hours
 * (stored-time index) and the waiting rows (status index) — and sums them with grouping sets
 * by delivery type and by route; a second lists the destinations.
 */
import { type AnyColumn, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import {
  ftpRoutes,
  pushTraffic,
  smtpRoutes,
  tcpRoutes,
  tgids,
  wsRoutes,
} from "../../../db/schema/mod.ts";
import { DELIVERY_TYPES, type RouteType } from "../../../openapi/enums.ts";
import {
  type Delivery,
  type DeliveryCounts,
  PUSH_DELIVERED_STATUS,
  PUSH_FAILED_STATUSES,
  PUSH_WAITING_STATUSES,
} from "../../../openapi/schemas/monitoring.ts";
import { at, DAY_MS, epochMs, HOUR_MS, isIn, isoOf, pushWaiting, within } from "./queries.ts";

/** At most this many routes and destinations are listed. */
const LIST_LIMIT = 100;

/**
 * The route tables by the delivery type a push row names in routage_type. SMTP routes have no
 * up flag: always active, never locked or down.
 */
const ROUTE_TABLES: {
  deliveryType: number;
  routeType: RouteType;
  table: unknown;
  id: AnyColumn;
  tgid: AnyColumn;
  primary: AnyColumn;
  primaryUp: AnyColumn | null;
  secondary: AnyColumn;
  secondaryUp: AnyColumn | null;
}[] = [
  {
    deliveryType: 0,
    routeType: "tcp",
    table: tcpRoutes,
    id: tcpRoutes.id,
    tgid: tcpRoutes.tgidId,
    primary: tcpRoutes.ipPortTxPrimary,
    primaryUp: tcpRoutes.txPrimaryUp,
    secondary: tcpRoutes.ipPortTxSecondary,
    secondaryUp: tcpRoutes.txSecondaryUp,
  },
  {
    deliveryType: 1,
    routeType: "smtp",
    table: smtpRoutes,
    id: smtpRoutes.id,
    tgid: smtpRoutes.tgidId,
    primary: smtpRoutes.emailMaster,
    primaryUp: null,
    secondary: smtpRoutes.emailSecondary,
    secondaryUp: null,
  },
  {
    deliveryType: 3,
    routeType: "ftp",
    table: ftpRoutes,
    id: ftpRoutes.id,
    tgid: ftpRoutes.tgidId,
    primary: ftpRoutes.ftpPrimary,
    primaryUp: ftpRoutes.ftpPrimaryUp,
    secondary: ftpRoutes.ftpSecondary,
    secondaryUp: ftpRoutes.ftpSecondaryUp,
  },
  {
    deliveryType: 4,
    routeType: "ws",
    table: wsRoutes,
    id: wsRoutes.id,
    tgid: wsRoutes.tgidId,
    primary: wsRoutes.wsPrimary,
    primaryUp: wsRoutes.wsPrimaryUp,
    secondary: wsRoutes.wsSecondary,
    secondaryUp: wsRoutes.wsSecondaryUp,
  },
];

const WINDOWS = { h: HOUR_MS, d: DAY_MS } as const;
const KINDS: Record<keyof DeliveryCounts, readonly number[]> = {
  delivered: [PUSH_DELIVERED_STATUS],
  failed: PUSH_FAILED_STATUSES,
  waiting: PUSH_WAITING_STATUSES,
};

/** The window counts of the rows `x` (recent: stored in the last day), e.g. "h_failed". */
function windowCounts(now: Date) {
  return Object.entries(WINDOWS).flatMap(([w, span]) =>
    Object.entries(KINDS).map(([kind, codes]) =>
      sql`count(*) filter (where recent and t > ${at(now.getTime() - span)} and ${
        isIn(sql`status`, codes)
      })::int as ${sql.identifier(`${w}_${kind}`)}`
    )
  );
}

interface FiguresRow extends Record<`${keyof typeof WINDOWS}_${keyof DeliveryCounts}`, number> {
  by_type: boolean;
  delivery_type: number | null;
  routage_type: number | null;
  routage_push_id: number | null;
  waiting: number;
  oldest_waiting: number | null;
  last_delivered: number | null;
  route_type: RouteType | null;
  tgid_id: number | null;
  tgid_label: string | null;
  destination: string | null;
  up: number | null;
}

function figuresOf(row: FiguresRow) {
  const counts = (w: keyof typeof WINDOWS) => ({
    delivered: Number(row[`${w}_delivered`]),
    failed: Number(row[`${w}_failed`]),
    waiting: Number(row[`${w}_waiting`]),
  });
  return {
    lastHour: counts("h"),
    lastDay: counts("d"),
    waiting: Number(row.waiting),
    oldestWaitingAt: isoOf(row.oldest_waiting),
    lastDeliveredAt: isoOf(row.last_delivered),
  };
}

/** Per delivery type and per route (the routes ranked: most waiting, then most failed). */
function readFigures(db: Db, now: Date) {
  const p = pushTraffic;
  const columns = sql`${p.deliveryType} as delivery_type, ${p.routageType} as routage_type,
    ${p.routagePushId} as routage_push_id, ${p.status} as status, ${p.lesCStoredTime} as t`;
  const routes = sql.join(
    ROUTE_TABLES.map((r) =>
      sql`select ${r.deliveryType}::int as delivery_type, ${r.routeType}::text as route_type,
        ${r.id} as id, ${r.tgid} as tgid_id, ${r.primary} as destination,
        ${r.primaryUp ?? sql`1`}::int as up from ${r.table}`
    ),
    sql` union all `,
  );
  // The newest stored time of a delivered row of the last 24 hours (the status inlined).
  const delivered = sql.raw(String(PUSH_DELIVERED_STATUS));
  const lastDelivered = epochMs(sql`max(t) filter (where recent and status = ${delivered})`);
  return executeRows<FiguresRow>(
    db,
    sql`with x as (
        select ${columns}, true as recent from ${p} where ${within(p.lesCStoredTime, now, DAY_MS)}
        union all
        select ${columns}, false from ${p} where ${pushWaiting}
      ), g as (
        select grouping(delivery_type) = 0 as by_type, delivery_type, routage_type,
          routage_push_id, ${sql.join(windowCounts(now), sql`, `)},
          count(*) filter (where not recent)::int as waiting,
          ${epochMs(sql`min(t) filter (where not recent)`)} as oldest_waiting,
          ${lastDelivered} as last_delivered
        from x group by grouping sets ((delivery_type), (routage_type, routage_push_id))
      ), r as (
        select rt.*, row_number() over (
          order by g.waiting desc, g.d_failed desc, g.routage_type, g.routage_push_id) as rank
        from g join (${routes}) rt
          on rt.delivery_type = g.routage_type and rt.id = g.routage_push_id
        where not g.by_type
      )
      select g.*, r.route_type, r.tgid_id, ${tgids.label} as tgid_label, r.destination, r.up
      from g left join r on not g.by_type and r.delivery_type = g.routage_type
        and r.id = g.routage_push_id
      left join ${tgids} on ${tgids.id} = r.tgid_id
      where g.by_type or r.rank <= ${LIST_LIMIT}
      order by g.by_type desc, r.rank`,
  );
}

interface DestinationRow {
  route_type: RouteType;
  id: number;
  tgid_id: number | null;
  which: "primary" | "secondary";
  destination: string;
  state: "locked" | "down";
  locked: number;
  down: number;
}

/** Configured destinations (a primary; a secondary with an address) locked (< 0) or down (0). */
function readDestinations(db: Db) {
  const flagged = ROUTE_TABLES.flatMap((r) => {
    const one = (which: string, address: AnyColumn, up: AnyColumn | null, configured: unknown) =>
      up
        ? [sql`select ${r.routeType}::text as route_type, ${r.id} as id, ${r.tgid} as tgid_id,
            ${which}::text as which, ${address} as destination, ${up} as up
            from ${r.table} where ${up} <= 0 and ${configured}`]
        : [];
    return [
      ...one("primary", r.primary, r.primaryUp, sql`true`),
      ...one("secondary", r.secondary, r.secondaryUp, sql`coalesce(${r.secondary}, '') <> ''`),
    ];
  });
  return executeRows<DestinationRow>(
    db,
    sql`select route_type, id, tgid_id, which, destination,
        case when up < 0 then 'locked' else 'down' end as state,
        (count(*) filter (where up < 0) over ())::int as locked,
        (count(*) filter (where up = 0) over ())::int as down
      from (${sql.join(flagged, sql` union all `)}) d
      order by up < 0 desc, route_type, id, which
      limit ${LIST_LIMIT}`,
  );
}

export async function readDelivery(db: Db, now = new Date()): Promise<Delivery> {
  const [figures, destinations] = await Promise.all([
    readFigures(db, now),
    readDestinations(db),
  ]);
  const byType = new Map(
    figures.filter((f) => f.by_type).map((f) => [Number(f.delivery_type), figuresOf(f)]),
  );
  const zero = { delivered: 0, failed: 0, waiting: 0 };
  const none = {
    lastHour: zero,
    lastDay: zero,
    waiting: 0,
    oldestWaitingAt: null,
    lastDeliveredAt: null,
  };
  return {
    measuredAt: now.toISOString(),
    types: Object.entries(DELIVERY_TYPES).map(([code, label]) => ({
      deliveryType: Number(code),
      label,
      ...(byType.get(Number(code)) ?? none),
    })),
    routes: figures.filter((f) => !f.by_type).map((f) => ({
      routeType: f.route_type!,
      routeId: Number(f.routage_push_id),
      deliveryType: Number(f.routage_type),
      tgid: f.tgid_id === null ? null : Number(f.tgid_id),
      tgidLabel: f.tgid_label,
      destination: f.destination ?? "",
      up: Number(f.up),
      ...figuresOf(f),
    })),
    destinations: {
      locked: Number(destinations[0]?.locked ?? 0),
      down: Number(destinations[0]?.down ?? 0),
      items: destinations.map((d) => ({
        routeType: d.route_type,
        routeId: Number(d.id),
        tgid: d.tgid_id === null ? null : Number(d.tgid_id),
        which: d.which,
        destination: d.destination,
        state: d.state,
      })),
    },
  };
}
