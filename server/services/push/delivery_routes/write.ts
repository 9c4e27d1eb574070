/**
 * Delivery routes, written (management-routing §3–§5, §7; administrators): add, update and
 * delete a tcp, ftp, ws or smtp route, and lock or unlock a destination. A route's tgid (Remise)
 * must exist (400). Answers use the route rows of find (./routes.ts).
 * docs/decisions/0012-routing.md, "Delivery routes".
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { ftpRoutes, smtpRoutes, tcpRoutes, tgids, wsRoutes } from "../../../../db/schema/mod.ts";
import type { RouteType } from "../../../../openapi/enums.ts";
import type { PushFound } from "../../../../openapi/schemas/push/push_find.ts";
import type {
  DestinationLocked,
  FtpRouteInput,
  LockDestination,
  SmtpRouteInput,
  TcpRouteInput,
  WsRouteInput,
} from "../../../../openapi/schemas/push/delivery_routes.ts";
import {
  DESTINATION_LABELS,
  ROUTE_MESSAGES,
} from "../../../../openapi/schemas/push/delivery_route_messages.ts";
import { ApiError, notFound } from "../../../errors.ts";
import { findRoutes } from "./find.ts";
import { checkDestinations } from "./egress.ts";
import type { EgressPolicy } from "../../../delivery/types.ts";

type Row<T extends RouteType> = PushFound[T]["results"][number];
const TABLES = { tcp: tcpRoutes, ftp: ftpRoutes, ws: wsRoutes, smtp: smtpRoutes } as const;
const routeNotFound = (type: RouteType) => notFound(ROUTE_MESSAGES.notFound(type));

const one = { count: 1, page: 1 } as const;
/** The route row as find shows it, or 404. */
async function rowOf<T extends RouteType>(db: Db, type: T, id: number): Promise<Row<T>> {
  const page = await findRoutes<RouteType>(db, { type, filter: { id }, ...one });
  const row = page.results[0];
  if (!row) throw routeNotFound(type);
  return row as Row<T>;
}

async function requireTgid(db: Db, id: number) {
  const [t] = await db.select({ id: tgids.id }).from(tgids).where(eq(tgids.id, id));
  if (!t) throw new ApiError(400, ROUTE_MESSAGES.tgidUnknown(id));
}

type Common = Pick<
  TcpRouteInput,
  "Remise" | "Member_or_MobileNum" | "API_Add" | "Conversion" | "Follow_On" | "Transmit_Frequency"
>;
const commonColumns = (r: Common) => ({
  tgidId: r.Remise,
  memberOrMobileNum: r.Member_or_MobileNum,
  apiAdd: r.API_Add,
  conversion: r.Conversion,
  followOn: r.Follow_On,
  transmitFrequency: r.Transmit_Frequency,
});

/** A new destination's up flag: as given, else 1 (a backup: 1 when given, else 0). */
const newUp = (given: number | undefined, destination: string | null) =>
  given ?? (destination ? 1 : 0);
/**
 * An updated destination's up flag. A locked one stays locked (lockDestination unlocks it); a
 * backup taken away becomes 0 and one newly given becomes 1; else as given, or kept.
 */
function nextUp(
  current: number,
  given: number | undefined,
  before: string | null,
  after: string | null,
): number {
  if (!after) return 0;
  if (current < 0) return current;
  if (given !== undefined) return given;
  return before ? current : 1;
}

const tcpColumns = (r: TcpRouteInput) => ({
  ...commonColumns(r),
  ipPortTxPrimary: r.IP_Port_Tx_Primary,
  ipPortTxSecondary: r.IP_Port_Tx_Secondary,
});
const ftpColumns = (r: FtpRouteInput) => ({
  ...commonColumns(r),
  ftpPrimary: r.ftp_Primary,
  ftpSecondary: r.ftp_Secondary,
  ftpType: r.mode,
  ftpVerif: r.checkDelivery,
});
const wsColumns = (r: WsRouteInput) => ({
  ...commonColumns(r),
  wsPrimary: r.ws_Primary,
  wsSecondary: r.ws_Secondary,
  wsPrimarySslCheck: r.ws_Primary_SSL_Check,
  wsSecondarySslCheck: r.ws_Secondary_SSL_Check,
  keys: r.keys,
  token: r.token,
  namespace: r.namespace,
  format: r.format,
});
const smtpColumns = (r: SmtpRouteInput) => ({
  ...commonColumns(r),
  emailMaster: r.emailMaster,
  emailSecondary: r.emailSecondary,
  encoding: r.encoding,
  signature: r.signature,
  subject: r.subject,
  body: r.body,
});

/** Refuses (400) a destination the delivery engine would never dial (./route_egress.ts). */
const allowedTcp = (r: TcpRouteInput, policy: EgressPolicy) =>
  checkDestinations("tcp", policy, [
    ["IP_Port_Tx_Primary", DESTINATION_LABELS.primary, r.IP_Port_Tx_Primary],
    ["IP_Port_Tx_Secondary", DESTINATION_LABELS.backup, r.IP_Port_Tx_Secondary],
  ]);
const allowedFtp = (r: FtpRouteInput, policy: EgressPolicy) =>
  checkDestinations("ftp", policy, [
    ["ftp_Primary", DESTINATION_LABELS.primary, r.ftp_Primary],
    ["ftp_Secondary", DESTINATION_LABELS.backup, r.ftp_Secondary],
  ]);
const allowedWs = (r: WsRouteInput, policy: EgressPolicy) =>
  checkDestinations("ws", policy, [
    ["ws_Primary", DESTINATION_LABELS.primary, r.ws_Primary],
    ["ws_Secondary", DESTINATION_LABELS.backup, r.ws_Secondary],
  ]);

const added = async <T extends RouteType>(db: Db, type: T, id: number) => ({
  lastInsertId: id,
  route: await rowOf(db, type, id),
});

// ---- add ----

export async function addTcpRoute(db: Db, r: TcpRouteInput, policy: EgressPolicy) {
  allowedTcp(r, policy);
  await requireTgid(db, r.Remise);
  const [row] = await db.insert(tcpRoutes).values({
    ...tcpColumns(r),
    txPrimaryUp: newUp(r.Tx_Primary_Up, r.IP_Port_Tx_Primary),
    txSecondaryUp: newUp(r.Tx_Secondary_Up, r.IP_Port_Tx_Secondary),
  }).returning({ id: tcpRoutes.id });
  return added(db, "tcp", row.id);
}

export async function addFtpRoute(db: Db, r: FtpRouteInput, policy: EgressPolicy) {
  allowedFtp(r, policy);
  await requireTgid(db, r.Remise);
  const [row] = await db.insert(ftpRoutes).values({
    ...ftpColumns(r),
    ftpPrimaryUp: newUp(r.ftp_Primary_Up, r.ftp_Primary),
    ftpSecondaryUp: newUp(r.ftp_Secondary_Up, r.ftp_Secondary),
  }).returning({ id: ftpRoutes.id });
  return added(db, "ftp", row.id);
}

export async function addWsRoute(db: Db, r: WsRouteInput, policy: EgressPolicy) {
  allowedWs(r, policy);
  await requireTgid(db, r.Remise);
  const [row] = await db.insert(wsRoutes).values({
    ...wsColumns(r),
    wsPrimaryUp: newUp(r.ws_Primary_Up, r.ws_Primary),
    wsSecondaryUp: newUp(r.ws_Secondary_Up, r.ws_Secondary),
  }).returning({ id: wsRoutes.id });
  return added(db, "ws", row.id);
}

export async function addSmtpRoute(db: Db, r: SmtpRouteInput) {
  await requireTgid(db, r.Remise);
  const [row] = await db.insert(smtpRoutes).values(smtpColumns(r))
    .returning({ id: smtpRoutes.id });
  return added(db, "smtp", row.id);
}

// ---- update ----

const touched = { updatedAt: sql`now()` };

/**
 * Runs an update with the route's row locked: the up flags it keeps were read under the lock, so
 * a concurrent lockDestination (which locks the row too) is never overwritten.
 */
function withRouteLocked<T>(db: Db, type: RouteType, id: number, update: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    const table = TABLES[type] as typeof tcpRoutes;
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update");
    return update(tx);
  });
}

export function updateTcpRoute(
  db: Db,
  r: TcpRouteInput & { id: number },
  policy: EgressPolicy,
) {
  allowedTcp(r, policy);
  return withRouteLocked(db, "tcp", r.id, async (db) => {
    const before = await rowOf(db, "tcp", r.id);
    await requireTgid(db, r.Remise);
    await db.update(tcpRoutes).set({
      ...tcpColumns(r),
      ...touched,
      txPrimaryUp: nextUp(
        before.Tx_Primary_Up,
        r.Tx_Primary_Up,
        before.IP_Port_Tx_Primary,
        r.IP_Port_Tx_Primary,
      ),
      txSecondaryUp: nextUp(
        before.Tx_Secondary_Up,
        r.Tx_Secondary_Up,
        before.IP_Port_Tx_Secondary,
        r.IP_Port_Tx_Secondary,
      ),
    }).where(eq(tcpRoutes.id, r.id));
    return rowOf(db, "tcp", r.id);
  });
}

export function updateFtpRoute(
  db: Db,
  r: FtpRouteInput & { id: number },
  policy: EgressPolicy,
) {
  allowedFtp(r, policy);
  return withRouteLocked(db, "ftp", r.id, async (db) => {
    const before = await rowOf(db, "ftp", r.id);
    await requireTgid(db, r.Remise);
    await db.update(ftpRoutes).set({
      ...ftpColumns(r),
      ...touched,
      ftpPrimaryUp: nextUp(
        before.ftp_Primary_Up,
        r.ftp_Primary_Up,
        before.ftp_Primary,
        r.ftp_Primary,
      ),
      ftpSecondaryUp: nextUp(
        before.ftp_Secondary_Up,
        r.ftp_Secondary_Up,
        before.ftp_Secondary,
        r.ftp_Secondary,
      ),
    }).where(eq(ftpRoutes.id, r.id));
    return rowOf(db, "ftp", r.id);
  });
}

export function updateWsRoute(
  db: Db,
  r: WsRouteInput & { id: number },
  policy: EgressPolicy,
) {
  allowedWs(r, policy);
  return withRouteLocked(db, "ws", r.id, async (db) => {
    const before = await rowOf(db, "ws", r.id);
    await requireTgid(db, r.Remise);
    await db.update(wsRoutes).set({
      ...wsColumns(r),
      ...touched,
      wsPrimaryUp: nextUp(before.ws_Primary_Up, r.ws_Primary_Up, before.ws_Primary, r.ws_Primary),
      wsSecondaryUp: nextUp(
        before.ws_Secondary_Up,
        r.ws_Secondary_Up,
        before.ws_Secondary,
        r.ws_Secondary,
      ),
    }).where(eq(wsRoutes.id, r.id));
    return rowOf(db, "ws", r.id);
  });
}

export function updateSmtpRoute(db: Db, r: SmtpRouteInput & { id: number }) {
  return withRouteLocked(db, "smtp", r.id, async (db) => {
    await rowOf(db, "smtp", r.id);
    await requireTgid(db, r.Remise);
    await db.update(smtpRoutes).set({ ...smtpColumns(r), ...touched })
      .where(eq(smtpRoutes.id, r.id));
    return rowOf(db, "smtp", r.id);
  });
}

// ---- delete ----

/** Deletes the route of `type`: 404 when unknown. */
export async function deleteRoute(db: Db, type: RouteType, id: number): Promise<{ id: number }> {
  const table = TABLES[type];
  const gone = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!gone.length) throw routeNotFound(type);
  return { id };
}

// ---- lock ----

const UP_COLUMNS = {
  tcp: {
    table: tcpRoutes,
    primary: "txPrimaryUp",
    backup: "txSecondaryUp",
    dest: "ipPortTxSecondary",
  },
  ftp: {
    table: ftpRoutes,
    primary: "ftpPrimaryUp",
    backup: "ftpSecondaryUp",
    dest: "ftpSecondary",
  },
  ws: { table: wsRoutes, primary: "wsPrimaryUp", backup: "wsSecondaryUp", dest: "wsSecondary" },
} as const;

/**
 * Locks (up flag -1) or unlocks (up flag 1) a route's primary or backup destination. Locking a
 * locked one, or unlocking one that is not locked, changes nothing. 404 for an unknown route, 409
 * for the backup of a route without one.
 */
export function lockDestination(db: Db, req: LockDestination): Promise<DestinationLocked> {
  const c = UP_COLUMNS[req.type];
  const table = c.table as typeof tcpRoutes;
  const upColumn = (req.target === "primary" ? c.primary : c.backup) as "txPrimaryUp";
  const destColumn = c.dest as "ipPortTxSecondary";
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ up: table[upColumn], backup: table[destColumn] })
      .from(table).where(eq(table.id, req.id)).for("update");
    if (!row) throw routeNotFound(req.type);
    if (req.target === "backup" && !row.backup) throw new ApiError(409, ROUTE_MESSAGES.noBackup);
    const up = req.lock ? (row.up < 0 ? row.up : -1) : (row.up < 0 ? 1 : row.up);
    if (up !== row.up) {
      await tx.update(table).set({ [upColumn]: up, ...touched }).where(eq(table.id, req.id));
    }
    return { id: req.id, type: req.type, target: req.target, up, locked: up < 0 };
  });
}
