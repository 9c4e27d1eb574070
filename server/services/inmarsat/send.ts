/**
 * Sending a Messaging C message (POST /rest/inmarsat/send): the recipient and the carbon copies
 * the caller reaches, the attachment it uploaded, the size limit (10 KB when any of them is
 * mini-C), then one command list (protocol 5 MESSAGINGC) with one "sendMessage" command per
 * recipient — the recipient item 1, the carbon copies items 2… — each handed to the LES, which
 * records it as a station message. Every recipient joins the sender's recipient history.
 *
 * A client sends only to its own company's terminals (not to tgids merely shared with it:
 * ownTgidRows); each station message belongs to the sender's company (a client) or to the company
 * owning ITS recipient (an administrator), so a carbon copy to another company is that company's.
 * Everything that can refuse the send is checked before the list is recorded.
 */
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commands, files, teams, tgids } from "../../../db/schema/mod.ts";
import { ATTACHMENT_TYPES, DEFAULT_LES } from "../../../openapi/enums.ts";
import {
  isMiniC,
  messageSize,
  MESSAGING_C_MESSAGES as M,
  type MessagingCSend,
  type MessagingCSent,
  sizeLimit,
  validNotificationDate,
} from "../../../openapi/schemas/inmarsat/messaging_c.ts";
import type { Mtl } from "../../../openapi/schemas/mtls.ts";
import { IMN_PATTERN } from "../../../openapi/schemas/terminal/terminal_templates.ts";
import { uploadedFileName } from "../../../openapi/schemas/file/file.ts";
import { ApiError } from "../../errors.ts";
import { type StationAdapter, StationFault } from "../../station/adapter.ts";
import { createCommandList, markHandoverFailed, markRefused } from "../command/issue.ts";
import { ownTgidRows, type Scope } from "../tenancy.ts";
import { findMtl } from "../mtls/read.ts";
import { rememberRecipients } from "./history.ts";

/** Command list protocol 5 MESSAGINGC; generic command type 0 Inmarsat C. */
const MESSAGING_C = 5;
const INMARSAT_C = 0;

/** The sender, as the send needs it. */
export interface Sender {
  key: number;
  companyId: number;
}

/** A recipient, with the company owning its terminal's tgid (null: not attached). */
type Target = Mtl & { ownerId: number | null };

/**
 * A recipient the caller may send to and the station can deliver to (valid), else null: a client
 * only its own company's terminals (ownTgidRows), an administrator any mtl.
 */
async function reachable(db: Db, scope: Scope, imn: string): Promise<Target | null> {
  if (!IMN_PATTERN.test(imn)) return null;
  const mtl = await findMtl(db, scope, imn);
  if (!mtl || !mtl.isValid) return null;
  const [own] = mtl.tgid
    ? await db.select({ companyId: teams.companyId }).from(tgids)
      .leftJoin(teams, eq(teams.id, tgids.teamId))
      .where(and(eq(tgids.id, mtl.tgid.id), ownTgidRows(scope, tgids.id)))
    : [];
  if (!own && scope.onlyCompany !== null) return null;
  return { ...mtl, ownerId: own?.companyId ?? null };
}

/** The carbon copies kept: reachable, valid, each once, not the recipient; in the order given. */
async function keptCarbonCopies(db: Db, scope: Scope, recipient: string, ccs: string[]) {
  const kept: Target[] = [];
  for (const imn of new Set(ccs)) {
    if (imn === recipient) continue;
    const mtl = await reachable(db, scope, imn);
    if (mtl) kept.push(mtl);
  }
  return kept;
}

/** The attachment the caller's company uploaded (an upload of an allowed type), else 400. */
async function attachmentOf(db: Db, sender: Sender, name: string) {
  const [file] = await db.select({
    name: files.name,
    size: files.size,
    contentType: files.contentType,
  }).from(files).where(and(
    eq(files.name, name),
    eq(files.companyId, sender.companyId),
    like(files.name, uploadedFileName("%", "%")),
  ));
  const type = file?.contentType.split(";")[0].trim().toLowerCase();
  if (!file || !(ATTACHMENT_TYPES as readonly string[]).includes(type!)) {
    throw new ApiError(400, M.attachmentMissing);
  }
  return { ...file, fileName: file.name.slice(file.name.lastIndexOf("/") + 1) };
}

/** "2014-11-30 12:56:24" (UTC) as a Date; 400 when it is not a real one (years 1970–9999). */
function notificationDate(text: string): Date | null {
  if (!text) return null;
  if (!validNotificationDate(text)) throw new ApiError(400, M.notificationDate(text));
  return new Date(`${text.replace(" ", "T")}Z`);
}

export async function sendMessage(
  db: Db,
  station: Pick<StationAdapter, "sendMessage">,
  scope: Scope,
  sender: Sender,
  req: MessagingCSend,
): Promise<MessagingCSent> {
  const recipient = await reachable(db, scope, req.recipient);
  if (!recipient) throw new ApiError(404, M.recipientInvalid);
  const ccs = await keptCarbonCopies(db, scope, recipient.imn, req.carboncopies);
  const all = [recipient, ...ccs];

  const m = req.message;
  const attachment = m.data ? await attachmentOf(db, sender, m.data.name) : null;
  const size = messageSize(m.raw, m.format, attachment?.size ?? 0);
  const limit = sizeLimit(all.some(isMiniC));
  if (size > limit) throw new ApiError(400, M.tooBig(size, limit));

  const notification = m.notification
    ? {
      recipients: m.notification.recipients,
      reference: m.notification.reference || null,
      date: notificationDate(m.notification.customDate),
    }
    : null;

  const les_ = DEFAULT_LES;
  /** A client's messages are its company's; an administrator's, each its recipient's owner's. */
  const companyOf = (t: Target) => scope.onlyCompany ?? t.ownerId ?? sender.companyId;
  const companyId = companyOf(recipient);
  const baseParameters = {
    les: les_,
    format: m.format,
    text: m.raw,
    ...(attachment ? { attachment: attachment.fileName } : {}),
  };
  const created = await db.transaction(async (tx) => {
    const list = await createCommandList(tx, {
      userKey: sender.key,
      companyId,
      protocol: MESSAGING_C,
      commands: all.map((mtl, i) => ({
        groupId: 1,
        itemId: i + 1,
        command: "sendMessage",
        mt: mtl.imn,
        genericCommandType: INMARSAT_C,
        parameters: { ...baseParameters, cc: i > 0 },
      })),
    });
    await rememberRecipients(tx, sender.key, all.map((r) => r.imn));
    return list;
  });

  const recipients: MessagingCSent["recipients"] = [];
  for (const [i, c] of created.commands.entries()) {
    const imn = all[i].imn;
    try {
      const receipt = await station.sendMessage({
        listId: created.listId,
        groupId: c.commandId.groupId,
        itemId: c.commandId.itemId,
        userKey: sender.key,
        companyId: companyOf(all[i]),
        les: les_,
        recipient: imn,
        carbonCopies: all.filter((_, j) => j !== i).map((r) => r.imn),
        format: m.format,
        text: m.raw,
        size,
        attachment: attachment
          ? {
            name: attachment.fileName,
            file: attachment.name,
            size: attachment.size,
            contentType: attachment.contentType,
          }
          : null,
        notification,
        sender: m.from.active ? m.from.value : null,
        replyTo: m.replyTo.active ? m.replyTo.value : null,
      });
      await db.update(commands)
        .set({ parameters: { ...c.parameters, refNum: receipt.reference } })
        .where(and(
          eq(commands.listId, c.commandId.listId),
          eq(commands.groupId, c.commandId.groupId),
          eq(commands.itemId, c.commandId.itemId),
        ));
      recipients.push({
        mtl: imn,
        itemId: c.commandId.itemId,
        refNum: receipt.reference,
        fault: null,
      });
    } catch (e) {
      if (!(e instanceof StationFault)) {
        // Not a refusal: this command and the ones not handed over yet must not stay In
        // Progress; the caller gets the error.
        for (const left of created.commands.slice(i)) {
          await markHandoverFailed(db, left.commandId).catch(() => {});
        }
        throw e;
      }
      await markRefused(db, c.commandId, e.message);
      recipients.push({ mtl: imn, itemId: c.commandId.itemId, refNum: null, fault: e.message });
    }
  }
  const refused = recipients.filter((r) => r.fault !== null);
  const fault = refused.length === 1 && recipients.length === 1
    ? refused[0].fault!
    : refused.map((r) => `${r.mtl}: ${r.fault}`).join("; ");
  return {
    status: refused.length
      ? { success: false, message: M.sendError(fault) }
      : { success: true, message: M.sent(les_) },
    listId: created.listId,
    recipients,
    size,
  };
}
