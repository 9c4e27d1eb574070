/**
 * The /rest/inmarsat calls of Messaging C (portal-shell §5, §7): send a message, the sender's
 * recipient history, a sent message's attachment, and the attachment upload. Messaging C is for
 * administrators and for users given Messaging C access (403 'Messaging C access required'
 * otherwise); and the delete of a station message not forwarded yet, for every user on its
 * company's messages (another company's answers 404 'Station message not found').
 */
import { z } from "@hono/zod-openapi";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  EXAMPLE_ATTACHMENT_NAME,
  UPLOAD_EXAMPLE,
  UploadQuerySchema,
  UploadResultSchema,
  uploadRules,
} from "../../../openapi/schemas/file/file.ts";
import {
  AttachmentContentSchema,
  AttachmentQuerySchema,
  MESSAGING_C_MESSAGES as M,
  MessagingCSendSchema,
  MessagingCSentSchema,
  RecipientEntrySchema,
  RecipientHistorySchema,
  RecipientStoreSchema,
} from "../../../openapi/schemas/inmarsat/messaging_c.ts";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  MAX_CARBON_COPIES,
  MESSAGE_MAX_KB,
  MINI_C_MESSAGE_MAX_KB,
} from "../../../openapi/enums.ts";
import {
  RefNumQuerySchema,
  STATION_MESSAGES,
  StationDeletedSchema,
} from "../../../openapi/schemas/station/station.ts";

const ACCESS = `Users without Messaging C access answer 403 '${M.noAccess}'.`;

export const send = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/inmarsat/send",
  rules: [
    M.fromRequired,
    M.replyToRequired,
    M.ita2("…"),
    M.ita2("…, …"),
    M.tooBig(MESSAGE_MAX_KB * 1024 + 1, MESSAGE_MAX_KB * 1024),
  ],
  summary: "Send a Messaging C message",
  description: "Sends `message` to the `recipient` (an mtl the caller may send to, valid: else " +
    `404 '${M.recipientInvalid}'; a client sends only to its own company's tgids' terminals, ` +
    "not to those of a tgid merely shared with it) and the `carboncopies` (at most " +
    `${MAX_CARBON_COPIES}, 400; unknown, unreachable, invalid or duplicate ones, those a client ` +
    "may not send to and the recipient itself are dropped). The " +
    `size (the text's bytes — 5 bits a character for ita2 — plus the attachment's) is at most ` +
    `${MESSAGE_MAX_KB} KB, ${MINI_C_MESSAGE_MAX_KB} KB when any recipient is mini-C (400 ` +
    "'Message is too big ! …'). Also refused (400): a message with neither text nor an " +
    `attachment ('${M.empty}'), ita2 text with a character ITA2 cannot carry (it has letters, ` +
    "digits, space, line breaks and -?:().,'=/+!&#$\"), an active From or Reply-to without " +
    `its address, and an attachment no longer stored ('${M.attachmentMissing}'). ` +
    "Records one command list (protocol 5 MESSAGINGC) with one " +
    "'sendMessage' command per recipient (group 1; the recipient item 1, the carbon copies 2…), " +
    "hands each to the LES and keeps every recipient in the caller's history. A refusal of the " +
    "station answers 200 with `status.success` false and 'Error sending message: …' (its " +
    `command is Failed; the list can be followed). ${ACCESS}`,
  request: {
    body: jsonBody(MessagingCSendSchema, {
      recipient: "436912345",
      carboncopies: [],
      message: {
        raw: "Please confirm your ETA at Brest.",
        format: "text",
        from: { active: false, value: "" },
        replyTo: { active: false, value: "" },
        notification: null,
        data: { size: UPLOAD_EXAMPLE.length, name: EXAMPLE_ATTACHMENT_NAME },
      },
    }),
  },
  responses: { 200: jsonResponse(MessagingCSentSchema, "The list that carries the message") },
  errors: [404],
});

export const storeRecipientInHistory = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/inmarsat/storeRecipientInHistory",
  summary: "Keep a recipient in the caller's recipient history",
  description: `\`mtl\` is an imn the caller reaches (404 'Mtl not found' otherwise); answers ` +
    `its entry (label, model, mini-C). ${ACCESS}`,
  request: { body: jsonBody(RecipientStoreSchema) },
  responses: { 200: jsonResponse(RecipientEntrySchema, "Its entry in the history") },
  errors: [404],
});

export const getRecipientHistory = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/inmarsat/getRecipientHistory",
  summary: "The caller's recipient history",
  description: "The mtls the caller sent to, most recent first, only those it still reaches, " +
    `with label, model and mini-C (for the size limit). ${ACCESS}`,
  responses: { 200: jsonResponse(RecipientHistorySchema, "The recipients") },
});

export const getAttachmentContent = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/inmarsat/getAttachmentContent",
  summary: "A sent message's attachment",
  description: "The attachment of station message `refNum`, base64: a client's own company's " +
    `messages only (404 '${M.attachmentNotFound}' otherwise, and when it has none). ${ACCESS}`,
  request: { query: AttachmentQuerySchema },
  responses: { 200: jsonResponse(AttachmentContentSchema, "The attachment") },
  errors: [404],
});

export const uploadAttachment = defineRoute({
  access: "user",
  tenancy: "caller",
  method: "post",
  path: "/rest/inmarsat/uploadAttachment",
  rules: [...uploadRules(M.attachmentLarge(ATTACHMENT_MAX_BYTES)), M.attachmentType("…")],
  summary: "Upload a Messaging C attachment in chunks",
  description: "The chunk protocol of POST /rest/file/upload, for an attachment of at most " +
    `${ATTACHMENT_MAX_BYTES / 1024} KB (413, and nothing is kept) of one of these types: ` +
    `${ATTACHMENT_TYPES.join(", ")} (400 otherwise, nothing stored). The answer's \`name\` goes ` +
    `in the message's \`data.name\`. ${ACCESS}`,
  request: {
    query: UploadQuerySchema,
    body: {
      required: true,
      description: "The chunk's bytes",
      content: {
        "application/octet-stream": {
          schema: z.string().meta({ format: "binary" }),
          example: UPLOAD_EXAMPLE,
        },
      },
    },
  },
  responses: { 200: jsonResponse(UploadResultSchema, "The chunk is stored (and the file)") },
  errors: [404],
});

export const remove = defineRoute({
  writes: true,
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/inmarsat/delete",
  summary: "Delete a station message not forwarded yet",
  description: "Only a message that is forward in progress (0) can be deleted: the land earth " +
    "station stops it (14 user deleted; its command becomes 13 Cancelled). Any other status, " +
    `or a refusal of the station, answers 409 '${STATION_MESSAGES.deleteError("{reason}")}'; ` +
    "404 when unknown.",
  request: { query: RefNumQuerySchema },
  responses: { 200: jsonResponse(StationDeletedSchema, "The message as it is now") },
  errors: [404, 409],
});
