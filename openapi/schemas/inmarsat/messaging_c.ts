/**
 * Messaging C (portal-shell §3, §5, §7): the /rest/inmarsat calls — send a message to an Inmarsat
 * C terminal with carbon copies, an attachment and a delivery notification; the sender's recipient
 * history; an attachment's content; the attachment upload — shared by the server and the
 * /commands/messagingC page, whose form validates with these same schemas. The words and the size
 * arithmetic are in the zod-free ./messaging_c_messages.ts.
 */
import { z } from "zod";
import { MAX_CARBON_COPIES, MESSAGE_MAX_KB, MESSAGING_C_FORMATS } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { block, line, matching, optionalText, trimmedLine } from "../common.ts";
import { IMN_PATTERN } from "../terminal/terminal_templates.ts";
import { EXAMPLE_ATTACHMENT_NAME } from "../file/file.ts";
import {
  EMAIL,
  messageSize,
  MESSAGING_C_MESSAGES as M,
  nonIta2,
  NOTIFICATION_DATE_OR_NONE,
  sizeLimit,
} from "./messaging_c_messages.ts";

export * from "./messaging_c_messages.ts";

/** The longest text accepted: 32 KB of ita2 characters (5 bits each). */
const MESSAGE_TEXT_MAX = Math.ceil((MESSAGE_MAX_KB * 1024 * 8) / 5);
const ADDRESS_MAX = 100;
const NOTIFICATION_RECIPIENTS_MAX = 10;

// ---- parts ----

/** The recipient: an imn (9 digits starting with 4); anything else is the spec's message. */
const RecipientSchema = matching(
  trimmedLine("Recipient", M.recipientInvalid),
  IMN_PATTERN,
  M.recipientInvalid,
).meta({ description: "The recipient terminal's imn", example: "436912345" });

/** A From or Reply-to address: when active, its value is required. */
const addressSchema = (label: string) =>
  z.object({
    active: z.boolean().meta({ description: `Whether the ${label} address is sent` }),
    value: optionalText(label, ADDRESS_MAX).meta({
      description: "The address; required when active",
    }),
  });

const NotificationSchema = z.object({
  recipients: z.array(
    matching(trimmedLine("Notification recipient").max(ADDRESS_MAX), EMAIL, {
      error: (issue) => M.notificationRecipient(String(issue.input)),
    }),
  )
    .min(1, M.notificationRecipientsRequired)
    .max(
      NOTIFICATION_RECIPIENTS_MAX,
      formMessages.max("Notification recipients", NOTIFICATION_RECIPIENTS_MAX),
    )
    .meta({ description: "E-mail addresses told when the message is delivered" }),
  reference: optionalText("Notification reference", ADDRESS_MAX).meta({
    description: "The sender's reference, repeated in the notification",
  }),
  customDate: matching(
    optionalText("Notification Date", 19),
    NOTIFICATION_DATE_OR_NONE,
    { error: (issue) => M.notificationDate(String(issue.input)) },
  ).meta({
    description: "Empty, or a date and time like 2014-11-30 12:56:24 (UTC): a real one, of " +
      "the years 1970–9999",
    example: "2014-11-30 12:56:24",
  }),
}).meta({ id: "MessagingCNotification" });

const MessagingCMessageSchema = z.object({
  raw: block("Text").max(MESSAGE_TEXT_MAX, formMessages.maxLength("Text", MESSAGE_TEXT_MAX))
    .meta({ description: "The message text" }),
  format: z.enum(MESSAGING_C_FORMATS, {
    error: `Format must be one of ${MESSAGING_C_FORMATS.join(", ")}`,
  }).meta({ description: "text and binary: 8 bits a character; ita2: 5 bits a character" }),
  from: addressSchema("From"),
  replyTo: addressSchema("Reply-to"),
  notification: NotificationSchema.nullable().meta({
    description: "A delivery notification by e-mail, or null",
  }),
  data: z.object({
    size: z.number().int().min(0).max(MESSAGE_MAX_KB * 1024).meta({
      description: "The attachment's size in bytes (the server uses the stored file's)",
    }),
    name: line("Attachment").min(1).max(255).meta({
      description: "The stored name uploadAttachment answered",
      example: EXAMPLE_ATTACHMENT_NAME,
    }),
  }).nullable().meta({ description: "The attachment, or null" }),
}).superRefine((m, ctx) => {
  if (m.from.active && !m.from.value) {
    ctx.addIssue({ code: "custom", message: M.fromRequired, path: ["from", "value"] });
  }
  if (m.replyTo.active && !m.replyTo.value) {
    ctx.addIssue({ code: "custom", message: M.replyToRequired, path: ["replyTo", "value"] });
  }
  if (!m.raw.trim() && !m.data) {
    ctx.addIssue({ code: "custom", message: M.empty, path: ["raw"] });
    return;
  }
  const bad = m.format === "ita2" ? nonIta2(m.raw) : null;
  if (bad) ctx.addIssue({ code: "custom", message: M.ita2(bad), path: ["raw"] });
  // The larger limit here; the server applies the mini-C one, knowing the recipients.
  const size = messageSize(m.raw, m.format, m.data?.size ?? 0);
  const limit = sizeLimit(false);
  if (size > limit) ctx.addIssue({ code: "custom", message: M.tooBig(size, limit), path: ["raw"] });
}).meta({ id: "MessagingCMessage" });
type MessagingCMessage = z.output<typeof MessagingCMessageSchema>;

export const MessagingCSendSchema = z.object({
  recipient: RecipientSchema,
  carboncopies: z.array(trimmedLine("Carbon copy").max(ADDRESS_MAX))
    .max(MAX_CARBON_COPIES, M.tooManyCarbonCopies)
    .meta({
      description: `Other recipients' imns, at most ${MAX_CARBON_COPIES}; unknown, unreachable ` +
        "or duplicate ones, and the recipient itself, are dropped",
    }),
  message: MessagingCMessageSchema,
}).meta({ id: "MessagingCSend" });
export type MessagingCSend = z.output<typeof MessagingCSendSchema>;
export type MessagingCSendBody = z.input<typeof MessagingCSendSchema>;

export const RecipientStoreSchema = z.object({
  mtl: matching(trimmedLine("Mtl", M.recipientInvalid), IMN_PATTERN, M.recipientInvalid)
    .meta({ description: "The recipient's imn", example: "436912345" }),
}).meta({ id: "RecipientStore" });

/** A sent message's reference number in the query string (`?refNum=12`). */
export { RefNumQuerySchema as AttachmentQuerySchema } from "../station/station.ts";

// ---- answers ----

export const MessagingCSentSchema = z.object({
  status: z.object({
    success: z.boolean(),
    message: z.string().meta({
      description: "'Message successfully sent to LES 21 Inmarsat C teleport', or " +
        "'Error sending message: …' with the station's fault",
    }),
  }),
  listId: z.number().int().meta({ description: "The command list that carries the message" }),
  recipients: z.array(z.object({
    mtl: z.string(),
    itemId: z.number().int().meta({ description: "Its command: group 1, this item" }),
    refNum: z.number().int().nullable().meta({ description: "The station message; null: refused" }),
    fault: z.string().nullable().meta({ description: "The station's refusal, if any" }),
  })).meta({ description: "The recipient (item 1) and the carbon copies kept (items 2…)" }),
  size: z.number().int().meta({ description: "Bytes sent, attachment included" }),
}).meta({ id: "MessagingCSent" });
export type MessagingCSent = z.infer<typeof MessagingCSentSchema>;

export const RecipientEntrySchema = z.object({
  mtl: z.string().meta({ description: "The imn" }),
  label: z.string().nullable().meta({ description: "The terminal's label" }),
  model: z.string().nullable(),
  miniC: z.boolean().meta({ description: "Flagged mini-C or of a mini-C model: 10 KB limit" }),
  isValid: z.boolean(),
  usedAt: z.string().meta({ format: "date-time", description: "Last sent to" }),
}).meta({ id: "MessagingCRecipient" });
export type Recipient = z.infer<typeof RecipientEntrySchema>;

export const RecipientHistorySchema = z.array(RecipientEntrySchema).meta({
  id: "MessagingCRecipientHistory",
});

export const AttachmentContentSchema = z.object({
  refNum: z.number().int(),
  name: z.string().meta({ description: "The file name" }),
  contentType: z.string(),
  size: z.number().int(),
  content: z.string().meta({ description: "The bytes, base64", format: "byte" }),
}).meta({ id: "MessagingCAttachment" });
export type AttachmentContent = z.infer<typeof AttachmentContentSchema>;
