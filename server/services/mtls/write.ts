/**
 * Changing mtls and talking to the LES about them: register a mobile terminal (administrators),
 * relabel it, delete it with its terminal (administrators), the station's record of it, and the
 * test message, which goes through the command path: a Messaging C command list with one
 * "sendMessage" command, handed to the LES (server/station/adapter.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists, commands, mtls, teams, terminals, tgids } from "../../../db/schema/mod.ts";
import { DEFAULT_LES } from "../../../openapi/enums.ts";
import {
  MTL_MESSAGES,
  type MtlAdd,
  type MtlLabelUpdate,
  type StationMtl,
  type TestMessageSent,
} from "../../../openapi/schemas/mtls.ts";
import { ApiError, DUPLICATE_CODE, duplicateAs } from "../../errors.ts";
import { type StationAdapter, StationFault, UNKNOWN_MTL_FAULT } from "../../station/adapter.ts";
import { EVERY_COMPANY, type Scope } from "../tenancy.ts";
import { findMtl, getMtl, getOwnMtl } from "./read.ts";
import { relabelTerminal } from "../terminal/write.ts";
import { createCommandList, FAILED, IN_PROGRESS } from "../command/issue.ts";

/** Command list protocol 5 MESSAGINGC. */
const MESSAGING_C = 5;

/** POST /rest/mtls/addMtl (administrators): registers a mobile terminal, not attached yet. */
export async function addMtl(db: Db, req: MtlAdd) {
  const exists = () => new ApiError(409, MTL_MESSAGES.exists(req.imn), { code: DUPLICATE_CODE });
  if (await findMtl(db, EVERY_COMPANY, req.imn)) throw exists();
  try {
    await db.insert(mtls).values({
      imn: req.imn,
      serial: req.serial || null,
      model: req.model || null,
      fwdId: req.fwdId || null,
      deviceLabel: req.deviceLabel || null,
      ...(req.updateDate ? { updateDate: new Date(req.updateDate) } : {}),
    });
  } catch (e) {
    throw duplicateAs(e, exists);
  }
  return getMtl(db, EVERY_COMPANY, req.imn);
}

/**
 * POST /rest/mtls/updateLabel: the mtl's label, and its terminal's. A client changes only its own
 * company's (getOwnMtl): an mtl of a tgid merely shared with it answers 404 like an unknown one.
 */
export async function updateMtlLabel(db: Db, scope: Scope, req: MtlLabelUpdate) {
  const mtl = await getOwnMtl(db, scope, req.imn);
  const label = req.label || null;
  await (mtl.deviceId === null
    ? db.update(mtls).set({ deviceLabel: label }).where(eq(mtls.imn, req.imn))
    : relabelTerminal(db, mtl.deviceId!, label));
  return getMtl(db, scope, req.imn);
}

/** DELETE /rest/mtls/deleteMtl (administrators): the mtl and its terminal, if attached. */
export async function deleteMtl(db: Db, imn: string) {
  const mtl = await getMtl(db, EVERY_COMPANY, imn);
  await db.transaction(async (tx) => {
    await tx.delete(mtls).where(eq(mtls.imn, imn));
    if (mtl.deviceId !== null) {
      await tx.delete(terminals).where(eq(terminals.deviceId, mtl.deviceId));
    }
  });
  return { imn, deviceId: mtl.deviceId };
}

/**
 * GET /rest/mtls/getStationMtl: the LES's record of the mtl. An mtl the caller cannot reach, and
 * one the station does not know, answer 404 with the station's fault string (the same
 * for both).
 */
export async function stationMtl(
  db: Db,
  station: StationAdapter,
  scope: Scope,
  imn: string,
): Promise<StationMtl> {
  if (!await findMtl(db, scope, imn)) throw new ApiError(404, UNKNOWN_MTL_FAULT);
  try {
    return await station.stationMtl(imn);
  } catch (e) {
    if (e instanceof StationFault) throw new ApiError(404, e.message);
    throw e;
  }
}

/** The portal's test message text. */
const testMessageText = (imn: string, at: Date) =>
  `Test message from the operations portal to ${imn} at ${at.toISOString()}`;

/**
 * POST /rest/mtls/sendTestMessage: records a Messaging C command list with one "sendMessage"
 * command, In Progress, and hands the message to the LES, which records it as a station message
 * (forward in progress). Both belong to the company of the terminal's tgid, the sender's own for a
 * client: like every send (decision 0013), a client sends only to its own company's terminals, and
 * a terminal of a tgid merely shared with it answers 404 like an unknown one (getOwnMtl). A refusal
 * of the LES marks the command Failed and the list finished, and answers 409 with the station's
 * fault.
 */
export async function sendTestMessage(
  db: Db,
  station: StationAdapter,
  scope: Scope,
  userKey: number,
  imn: string,
): Promise<TestMessageSent> {
  const mtl = await getOwnMtl(db, scope, imn);
  if (mtl.deviceId === null || mtl.tgid === null) {
    throw new ApiError(409, MTL_MESSAGES.notAttached(imn));
  }
  if (!mtl.isValid) throw new ApiError(409, MTL_MESSAGES.notValid(imn));
  const [owner] = await db.select({ companyId: teams.companyId }).from(tgids)
    .innerJoin(teams, eq(teams.id, tgids.teamId)).where(eq(tgids.id, mtl.tgid.id));
  const text = testMessageText(imn, new Date());
  const parameters = { les: DEFAULT_LES, format: "text", text };
  const command = { groupId: 1, itemId: 1 };
  // The terminal's owner: a client's own company (getOwnMtl), so the list the dialog links to is
  // the sender's; an administrator's goes to the owner, as its Messaging C lists do.
  const companyId = owner?.companyId ?? null;
  const { listId } = await db.transaction((tx) =>
    createCommandList(tx, {
      userKey,
      companyId,
      protocol: MESSAGING_C,
      commands: [{ ...command, command: "sendMessage", mt: imn, parameters }],
    })
  );
  try {
    const receipt = await station.sendMessage({
      listId,
      ...command,
      userKey,
      companyId,
      les: DEFAULT_LES,
      recipient: imn,
      format: "text",
      text,
    });
    return {
      listId,
      ...command,
      status: IN_PROGRESS,
      recipient: imn,
      reference: receipt.reference,
    };
  } catch (e) {
    if (!(e instanceof StationFault)) throw e;
    await db.transaction(async (tx) => {
      await tx.update(commands).set({ status: FAILED, errorLabel: e.message })
        .where(eq(commands.listId, listId));
      await tx.update(commandLists).set({ terminated: true }).where(eq(commandLists.id, listId));
    });
    throw new ApiError(409, e.message);
  }
}
