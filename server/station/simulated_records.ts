/**
 * The simulated LES station's data (server/station/simulated.ts): its record of an mtl, read from the
 * mtl, its terminal's login item logs and the dnid memberships of the device, and the station
 * messages it records when a message is handed over.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  commandLists,
  commands,
  dnidStatuses,
  mtls,
  stationMessages,
  terminalItems,
} from "../../db/schema/mod.ts";
import { DEFAULT_LES, REGIONS, STATION_MESSAGE_DELETABLE_STATUS } from "../../openapi/enums.ts";
import type { StationMtl } from "../../openapi/schemas/mtls.ts";
import type { MessageReceipt, OutgoingMessage } from "./adapter.ts";
import { keptLabels } from "../services/command/target_labels.ts";

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

/**
 * The command carrying a message, and the company it is sent for: as given, else the list's
 * sendMessage command to the recipient and the list's company (callers that name only the list).
 */
async function carrierOf(db: Db, message: OutgoingMessage) {
  const given = {
    groupId: message.groupId ?? null,
    itemId: message.itemId ?? null,
    companyId: message.companyId ?? null,
  };
  if (given.groupId !== null && given.itemId !== null && given.companyId !== null) return given;
  const [found] = await db.select({
    groupId: commands.groupId,
    itemId: commands.itemId,
    companyId: commandLists.companyId,
  }).from(commandLists)
    .leftJoin(
      commands,
      and(
        eq(commands.listId, commandLists.id),
        eq(commands.command, "sendMessage"),
        eq(commands.mt, message.recipient),
      ),
    )
    .where(eq(commandLists.id, message.listId))
    .orderBy(asc(commands.groupId), asc(commands.itemId))
    .limit(1);
  const command = given.groupId !== null && given.itemId !== null ? given : found ?? given;
  return {
    groupId: command.groupId,
    itemId: command.itemId,
    companyId: given.companyId ?? found?.companyId ?? null,
  };
}

/**
 * Records a handed-over message as a station message, forward in progress (status 0), with its
 * first step due at `nextStepAt`, and the recipient's label as the message's company sees it now
 * (kept: docs/decisions/0019).
 */
export async function recordStationMessage(
  db: Db,
  message: OutgoingMessage,
  nextStepAt: Date,
): Promise<MessageReceipt> {
  const now = new Date();
  const carrier = await carrierOf(db, message);
  const [recipientLabel] = await keptLabels(db, carrier.companyId, [{ mt: message.recipient }]);
  const textBytes = new TextEncoder().encode(message.text).length;
  const [row] = await db.insert(stationMessages).values({
    listId: message.listId,
    groupId: carrier.groupId,
    itemId: carrier.itemId,
    userKey: message.userKey,
    companyId: carrier.companyId,
    les: message.les,
    recipient: message.recipient,
    recipientLabel,
    carbonCopies: message.carbonCopies ?? [],
    format: message.format,
    text: message.text,
    size: message.size ?? textBytes + (message.attachment?.size ?? 0),
    status: STATION_MESSAGE_DELETABLE_STATUS,
    notification: message.notification?.recipients.join(", ") || null,
    notificationRecipients: message.notification?.recipients ?? [],
    notificationReference: message.notification?.reference ?? null,
    notificationDate: message.notification?.date ?? null,
    sender: message.sender ?? null,
    replyTo: message.replyTo ?? null,
    attachmentName: message.attachment?.name ?? null,
    attachmentFile: message.attachment?.file ?? null,
    attachmentSize: message.attachment?.size ?? null,
    attachmentType: message.attachment?.contentType ?? null,
    nextStepAt,
    createdAt: now,
    updatedAt: now,
  }).returning({ reference: stationMessages.refNum, status: stationMessages.status });
  return { reference: Number(row.reference), status: row.status };
}
