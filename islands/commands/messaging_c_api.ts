/**
 * The Messaging C islands' calls. The /rest/inmarsat and /rest/station paths are posted with the
 * shell's fetch (portalFetch: 401 to the login page, failures normalised to ApiFailure).
 */
import { PAGE_SIZE } from "../../openapi/enums.ts";
import { failureOf, getJson, portalFetch } from "../runtime/api.ts";
import type {
  AttachmentContent,
  MessagingCSendBody,
  MessagingCSent,
  Recipient,
} from "../../openapi/schemas/messaging_c.ts";
import type { Command } from "../../openapi/schemas/commands.ts";
import type { StationFindResponse, StationMessage } from "../../openapi/schemas/station.ts";

export type { StationMessage };

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await portalFetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failureOf(response);
  return await response.json() as T;
}

export const sendMessage = (body: MessagingCSendBody) =>
  postJson<MessagingCSent>("/rest/inmarsat/send", body);

export const recipientHistory = () => getJson<Recipient[]>("/rest/inmarsat/getRecipientHistory");

/** The carrying command (group 1, item 1 is the recipient's). */
export const commandDetails = (listId: number, groupId = 1, itemId = 1) =>
  getJson<Command>(
    `/rest/command/getCommandDetails?${new URLSearchParams({
      listId: String(listId),
      groupId: String(groupId),
      itemId: String(itemId),
    })}`,
  );

/** The caller's sent messages, newest first (the history panel). */
export const myMessages = () =>
  postJson<StationFindResponse>("/rest/station/find", {
    filter: { mine: true },
    sorting: { field: "createdAt", direction: "desc" },
    count: PAGE_SIZE,
    page: 1,
  });

export const attachmentContent = (refNum: number) =>
  getJson<AttachmentContent>(`/rest/inmarsat/getAttachmentContent?refNum=${refNum}`);

/** Mtls the caller reaches whose imn or label contains `text` (the recipient autocomplete). */
export async function searchMtls(text: string): Promise<Recipient[]> {
  const filter = /^\d+$/.test(text) ? { imn: text } : { label: text };
  const found = await postJson<{
    results: {
      imn: string;
      deviceLabel: string | null;
      model: string | null;
      miniC: boolean;
      isValid: boolean;
    }[];
  }>("/rest/mtls/findMtl", { filter, count: 25 });
  return found.results.map((m) => ({
    mtl: m.imn,
    label: m.deviceLabel,
    model: m.model,
    miniC: m.miniC,
    isValid: m.isValid,
    usedAt: "",
  }));
}

/**
 * One mtl the caller reaches, as a recipient (a carbon copy typed by hand: whether it is mini-C),
 * or null when out of reach.
 */
export async function lookupMtl(imn: string): Promise<Recipient | null> {
  try {
    const m = await getJson<{
      imn: string;
      deviceLabel: string | null;
      model: string | null;
      miniC: boolean;
      isValid: boolean;
    }>(`/rest/mtls/getMtl?${new URLSearchParams({ mtl: imn })}`);
    return {
      mtl: m.imn,
      label: m.deviceLabel,
      model: m.model,
      miniC: m.miniC,
      isValid: m.isValid,
      usedAt: "",
    };
  } catch {
    return null;
  }
}

/** Tells other islands of the page that a message was sent (the history refreshes). */
export const SENT_EVENT = "messagingc:sent";
