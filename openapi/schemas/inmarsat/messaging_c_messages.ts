/**
 * Messaging C's words and arithmetic, zod-free so that the /commands/messagingC page's first load
 * does not carry the schemas (./messaging_c.ts re-exports them, and the server uses the same
 * functions): the spec's messages (portal-shell §5 and §8), the size of a message on the air, its
 * packet count and its size limit.
 */
import {
  LES,
  MAX_CARBON_COPIES,
  MESSAGE_MAX_KB,
  MESSAGING_C_BITS,
  MINI_C_MESSAGE_MAX_KB,
  MINI_C_MODELS,
  PACKET_SIZE_BYTES,
} from "../../enums.ts";
import { DAY_SOURCE, HOUR_MINUTE_SOURCE } from "../days.ts";

export type MessagingCFormat = keyof typeof MESSAGING_C_BITS;

/** The spec's words (portal-shell §5, §8), and ours where it shows none. */
export const MESSAGING_C_MESSAGES = {
  recipientInvalid:
    "The recipient is not valid. Please select a valid recipient using the autocomplete feature !",
  tooBig: (size: number, limit: number) =>
    `Message is too big ! Its size is ${size} bytes (${kb(size)} KB); the limit is ${limit} ` +
    `bytes (${kb(limit)} KB).`,
  attachmentTooBig: (size: number, limit: number) =>
    `The attachment cannot be added: the message would be ${size} bytes (${kb(size)} KB); the ` +
    `limit is ${limit} bytes (${kb(limit)} KB).`,
  notificationRecipient: (mail: string) => `Notification recipient ${mail} is not a valid email !`,
  notificationRecipientsRequired: "A notification needs at least one recipient",
  notificationDate: (date: string) => `Notification Date ${date} is not in a valid format`,
  empty: "Your message content is empty. Cannot transmit empty text and no attachments.",
  tooManyCarbonCopies: `At most ${MAX_CARBON_COPIES} carbon copies can be added.`,
  fromRequired: "From is active: give its address",
  replyToRequired: "Reply-to is active: give its address",
  ita2: (chars: string) =>
    `ITA2 cannot carry ${chars}; use the text format or remove ${chars.length > 3 ? "them" : "it"}`,
  noAccess: "Messaging C access required",
  attachmentMissing: "The attachment is not available any more: upload it again",
  attachmentNotFound: "Attachment not found",
  attachmentType: (type: string) => `Attachments of type ${type} are not allowed`,
  attachmentLarge: (max: number) => `File too large: an attachment is at most ${kb(max)} KB`,
  // Transmission (portal-shell §8).
  transmissionError: (detail: string) => `Transmission error: ${detail}`,
  unknownTransmissionError: "Unknown Transmission error",
  retrievingStatus: "Retrieving message status...",
  sent: (les: number) => `Message successfully sent to ${lesName(les)} Inmarsat C teleport`,
  sendError: (fault: string) => `Error sending message: ${fault}`,
  partlySent: (sent: number, all: number) =>
    `Message sent to ${sent} of ${all} recipients; the station refused the others:`,
  refusedRecipient: (mtl: string, fault: string) => `${mtl}: ${fault}`,
  statusUnavailable: "Could not retrieve message status.",
  statusUnknownError: "An unknown error occured while retrieving message status.",
  transmitting: "Transmitting the message...",
  sentWaiting: "The message is in the station's hands.",
} as const;

/** 1 decimal place, without a trailing ".0". */
const kb = (bytes: number) => (Math.round(bytes / 102.4) / 10).toString();

export const lesName = (les: number) => LES[les as keyof typeof LES] ?? `LES ${les}`;

/** ITA2 (Baudot–Murray) letters and figures; letters are sent in capitals. */
const ITA2_CHARS = /^[A-Za-z0-9 \r\n\-?:().,'=/+!&#$"]*$/;

/** The characters of `text` ITA2 cannot carry (each once, in order), quoted for a message. */
export function nonIta2(text: string): string | null {
  const bad = [...new Set([...text].filter((ch) => !ITA2_CHARS.test(ch)))];
  return bad.length ? bad.map((ch) => JSON.stringify(ch)).join(", ") : null;
}

/**
 * Bytes the text takes on the air: 5 bits a character for ita2 (rounded up to whole bytes), 8
 * bits a byte of its UTF-8 encoding otherwise.
 */
export function textBytes(text: string, format: MessagingCFormat): number {
  if (format === "ita2") return Math.ceil(([...text].length * MESSAGING_C_BITS.ita2) / 8);
  return new TextEncoder().encode(text).length;
}

/** The message's size: its text's bytes plus the attachment's. */
export const messageSize = (text: string, format: MessagingCFormat, attachmentBytes = 0) =>
  textBytes(text, format) + attachmentBytes;

/** Packets of PACKET_SIZE_BYTES (256) the message takes (0 when empty). */
export const packetCount = (size: number) => Math.ceil(size / PACKET_SIZE_BYTES);

const MINI_C = new Set<string>(MINI_C_MODELS);

/** A mini-C terminal: flagged so, or of a mini-C model. */
export const isMiniC = (mtl: { miniC?: boolean | null; model?: string | null }) =>
  Boolean(mtl.miniC) || (mtl.model != null && MINI_C.has(mtl.model.trim()));

/** The size limit, in bytes: 10 KB if any recipient is mini-C, else 32 KB. */
export const sizeLimit = (anyMiniC: boolean) =>
  (anyMiniC ? MINI_C_MESSAGE_MAX_KB : MESSAGE_MAX_KB) * 1024;

/**
 * The custom notification date: 2014-11-30 12:56:24 (UTC), a real date and time of the years
 * 1970–9999 (PostgreSQL refuses year 0; 5 digits are no form).
 */
const NOTIFICATION_DATE = new RegExp(
  String.raw`^${DAY_SOURCE} ${HOUR_MINUTE_SOURCE}:[0-5]\d$`,
);

/** Empty, or a custom notification date: the field's pattern. */
export const NOTIFICATION_DATE_OR_NONE = new RegExp(
  `^(?:${NOTIFICATION_DATE.source.slice(1, -1)})?$`,
);

/**
 * A custom notification date that has the form and is a real date and time of years 1970–9999
 * (2014-02-30, 24:00:00 and 0000-01-01 are refused).
 */
export const validNotificationDate = (value: string) => NOTIFICATION_DATE.test(value);

/**
 * An e-mail address, as the notification recipients must be (no blank, control character or
 * <>()[],;:" on either side of the @; a dot and two letters or more at the end).
 */
export const EMAIL =
  // deno-lint-ignore no-control-regex -- the point: these are the characters refused
  /^[^\s@<>()[\],;:"\u0000-\u001f\u007f-\u009f]+@[^\s@<>()[\],;:"\u0000-\u001f\u007f-\u009f]+\.[A-Za-z]{2,}$/;

/** The progress dialog's steps (portal-shell §4): percent done. */
export const TRANSMISSION_STEPS = {
  transmitting: 33,
  result: 50,
  retrieving: 75,
  done: 100,
} as const;

/** Bytes as B, KB or MB (the history and the size line). */
export const formatSize = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
    ? `${Math.round(n / 1024)} KB`
    : `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;
