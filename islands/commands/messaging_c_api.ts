/**
 * The Messaging C islands' calls, typed by the contract (runtime/api.ts: 401 to the login page,
 * failures normalised to ApiFailure).
 */
import { PAGE_SIZE } from "../../openapi/enums.ts";
import { call, client } from "../runtime/api.ts";
import type { MessagingCSendBody, Recipient } from "../../openapi/schemas/inmarsat/messaging_c.ts";
import type { StationMessage } from "../../openapi/schemas/station/station.ts";

export type { StationMessage };

export const sendMessage = (body: MessagingCSendBody) =>
  call(client.POST("/rest/inmarsat/send", { body }));

/** The carrying command (group 1, item 1 is the recipient's). */
export const commandDetails = (listId: number, groupId = 1, itemId = 1) =>
  call(client.GET("/rest/command/getCommandDetails", {
    params: {
      query: { listId: listId, groupId: groupId, itemId: itemId },
    },
  }));

/** The caller's sent messages, newest first (the history panel). */
export const myMessages = () =>
  call(client.POST("/rest/station/find", {
    body: {
      filter: { mine: true },
      sorting: { field: "createdAt", direction: "desc" },
      count: PAGE_SIZE,
      page: 1,
    },
  }));

export const attachmentContent = (refNum: number) =>
  call(client.GET("/rest/inmarsat/getAttachmentContent", {
    params: { query: { refNum: refNum } },
  }));

/** An mtl as a recipient (not sent to yet: no usedAt). */
const recipientOf = (
  m: {
    imn: string;
    deviceLabel: string | null;
    model: string | null;
    miniC: boolean;
    isValid: boolean;
  },
): Recipient => ({
  mtl: m.imn,
  label: m.deviceLabel,
  model: m.model,
  miniC: m.miniC,
  isValid: m.isValid,
  usedAt: "",
});

/** Mtls the caller reaches whose imn or label contains `text` (the recipient autocomplete). */
export async function searchMtls(text: string): Promise<Recipient[]> {
  const filter = /^\d+$/.test(text) ? { imn: text } : { label: text };
  const found = await call(
    client.POST("/rest/mtls/findMtl", { body: { filter, count: 25, page: 1 } }),
  );
  return found.results.map(recipientOf);
}

/**
 * One mtl the caller reaches, as a recipient (a carbon copy typed by hand: whether it is mini-C),
 * or null when out of reach.
 */
export async function lookupMtl(imn: string): Promise<Recipient | null> {
  try {
    return recipientOf(
      await call(client.GET("/rest/mtls/getMtl", { params: { query: { mtl: imn } } })),
    );
  } catch {
    return null;
  }
}

/** Tells other islands of the page that a message was sent (the history refreshes). */
export const SENT_EVENT = "messagingc:sent";
