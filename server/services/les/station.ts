/**
 * The simulated LES station's data (server/les/simulated.ts): its record of an mtl, read from the
 * mtl, its terminal's login item logs and the dnid memberships of the device, and the station
 * messages it records when a message is handed over.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { dnidStatuses, mtls, stationMessages, terminalItems } from "../../../db/schema/mod.ts";
import { DEFAULT_LES, REGIONS } from "../../../openapi/enums.ts";
import type { StationMtl } from "../../../openapi/schemas/mtls.ts";
import type { MessageReceipt, OutgoingMessage } from "../../les/adapter.ts";

const regionName = (region: number | null) =>
  region === null ? null : REGIONS[region as keyof typeof REGIONS] ?? null;

/** A stored date item as ISO text (null when missing or not a date). */
const isoOf = (value: string | undefined) => {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** Logged in when the last login is after the last logout (or there is no logout). */
const loginState = (login: string | null, logout: string | null): StationMtl["status"] =>
  login === null ? "unknown" : logout === null || login > logout ? "logged in" : "logged out";

/** The station's record of the mtl `imn`; null when the station does not know it. */
export async function stationRecordOf(db: Db, imn: string): Promise<StationMtl | null> {
  const [mtl] = await db.select().from(mtls).where(eq(mtls.imn, imn));
  if (!mtl) return null;
  const [logs, memberships] = await Promise.all([
    mtl.deviceId === null ? [] : db.select({ name: terminalItems.name, value: terminalItems.value })
      .from(terminalItems)
      .where(and(
        eq(terminalItems.deviceId, mtl.deviceId),
        inArray(terminalItems.name, ["loginTime", "logoutTime"]),
      )),
    db.select({
      dnid: dnidStatuses.dnidId,
      les: dnidStatuses.les,
      member: dnidStatuses.member,
      status: dnidStatuses.status,
    }).from(dnidStatuses).where(eq(dnidStatuses.device, imn))
      .orderBy(asc(dnidStatuses.dnidId), asc(dnidStatuses.les), asc(dnidStatuses.member)),
  ]);
  const item = (name: string) => isoOf(logs.find((l) => l.name === name)?.value ?? undefined);
  const lastLogin = item("loginTime");
  const lastLogout = item("logoutTime");
  return {
    imn: mtl.imn,
    serial: mtl.serial,
    model: mtl.model,
    les: DEFAULT_LES,
    region: mtl.region,
    oceanRegion: regionName(mtl.region),
    mtl: mtl.mtl,
    isValid: mtl.isValid,
    miniC: mtl.miniC,
    status: loginState(lastLogin, lastLogout),
    lastLogin,
    lastLogout,
    dnids: memberships,
  };
}

/** Records a handed-over message as a station message, forward in progress (status 0). */
export async function recordStationMessage(
  db: Db,
  message: OutgoingMessage,
): Promise<MessageReceipt> {
  const [row] = await db.insert(stationMessages).values({
    listId: message.listId,
    userKey: message.userKey,
    les: message.les,
    recipient: message.recipient,
    format: message.format,
    text: message.text,
    size: new TextEncoder().encode(message.text).length,
    status: 0,
  }).returning({ reference: stationMessages.refNum, status: stationMessages.status });
  return { reference: Number(row.reference), status: row.status };
}
