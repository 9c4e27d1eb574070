/**
 * LES traffic (portal-shell §4 and §7): the station messages handed to the land earth station —
 * `POST /rest/station/find` and `GET /rest/inmarsat/delete?refNum` — shared by the server, the
 * /station pages and the Messaging C history panel.
 *
 * A message is scoped by its sender's company (`companyId`): a client sees its own company's
 * messages only; `mine: true` narrows to the caller's own. The answer carries the spec's `rows`
 * and `totalNumber` (the rows matching the filter), and the kit's `total` and `filtered`.
 */
import { z } from "zod";
import { STATION_MESSAGE_STATUS } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { countsShape } from "../find.ts";
import { codeFilter, findRequestSchema, idFilter } from "../find.ts";
import { codeSchema, queryInteger, textFilter } from "../common.ts";
import { timeBound } from "../time_bounds.ts";
import { STATION_SORT_FIELDS, STATION_STATUS_FAMILIES } from "./station_messages.ts";

export {
  isDeletableStationStatus,
  isFinalStationStatus,
  STATION_FAMILY_CLASS,
  STATION_FAMILY_LABELS,
  STATION_MESSAGES,
  STATION_SORT_FIELDS,
  STATION_STATUS_FAMILIES,
  stationFamilyOf,
  stationStatusLabel,
} from "./station_messages.ts";
export type { StationStatusFamily } from "./station_messages.ts";

// ---- requests ----

/** A reference number in the query string (`?refNum=12`). */
export const RefNumQuerySchema = z.object({
  refNum: queryInteger(
    "refNum",
    z.coerce.number<string>().int().min(1, formMessages.match("refNum"))
      .max(Number.MAX_SAFE_INTEGER, formMessages.match("refNum")),
    { description: "The station message's reference number", example: 12, digits: 15 },
  ),
});

/** A time bound typed in a filter box (a day: `to` takes the whole day). */
const timeFilter = (label: string, end: boolean) =>
  timeBound(label, end, end ? "messages created before it" : "messages created from it");

const FAMILIES = Object.keys(STATION_STATUS_FAMILIES) as [
  keyof typeof STATION_STATUS_FAMILIES,
  ...(keyof typeof STATION_STATUS_FAMILIES)[],
];

const StationFilterSchema = z.object({
  refNum: idFilter("Reference").optional(),
  recipient: textFilter("Recipient").meta({
    description: "A part of the recipient's imn or of the label it was sent with (any case)",
  }),
  status: codeFilter(STATION_MESSAGE_STATUS, "Status").optional(),
  family: z.enum(FAMILIES, { error: `Family must be one of ${FAMILIES.join(", ")}` }).optional()
    .meta({
      description: "A status family: inProgress (0–11, 18), delivered (12, 19), failed " +
        "(13, 100), deleted (14–17)",
    }),
  listId: idFilter("List").optional(),
  mine: z.union([
    z.boolean(),
    z.enum(["true", "false"]).transform((v) => v === "true"),
  ], { error: "Mine must be true or false" }).optional().meta({
    description: "true: only the caller's own messages",
  }),
  from: timeFilter("From", false).optional(),
  to: timeFilter("To", true).optional(),
  text: textFilter("Text").meta({ description: "A part of the message text (any case)" }),
}).strict().meta({ id: "StationFilter" });

export const StationFindRequestSchema = findRequestSchema(
  "StationFindRequest",
  StationFilterSchema,
  STATION_SORT_FIELDS,
  "createdAt descending",
);
export type StationFindRequest = z.output<typeof StationFindRequestSchema>;

// ---- answers ----

const dateTime = (description: string) => z.string().meta({ format: "date-time", description });

const StationMessageSchema = z.object({
  refNum: z.number().int().meta({ description: "The station's reference number" }),
  listId: z.number().int().nullable().meta({ description: "Its command list, when sent here" }),
  groupId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  les: z.number().int().meta({ description: "The land earth station (21)" }),
  recipient: z.string().meta({ description: "The recipient terminal's imn" }),
  recipientLabel: z.string().nullable().meta({
    description: "The recipient terminal's label when the message was sent, as the sender's " +
      "company saw it; kept as sent (null: none, or a terminal of another company)",
  }),
  carbonCopies: z.array(z.string()).meta({ description: "The carbon copies' imns" }),
  format: z.string().meta({ description: "The text's format (text, ita2, …)" }),
  text: z.string(),
  size: z.number().int().meta({ description: "Bytes sent, attachment included" }),
  status: codeSchema(STATION_MESSAGE_STATUS, "Station message status"),
  statusLabel: z.string().meta({ description: "The status's name, e.g. delivered" }),
  final: z.boolean().meta({ description: "The status will not change any more" }),
  deletable: z.boolean().meta({ description: "Forward in progress (0): it may be deleted" }),
  sender: z.string().nullable().meta({
    description: "The sending user's id (e-mail); null once deleted or not sent from here",
  }),
  from: z.string().nullable().meta({ description: "The From address, when activated" }),
  replyTo: z.string().nullable().meta({ description: "The Reply-To address, when activated" }),
  companyId: z.number().int().nullable().meta({ description: "The sender's company" }),
  attachmentName: z.string().nullable(),
  attachmentSize: z.number().int().nullable(),
  notificationRecipients: z.array(z.string()).meta({
    description: "E-mails told of the delivery",
  }),
  notificationReference: z.string().nullable(),
  notificationDate: z.string().nullable().meta({ format: "date-time" }),
  createdAt: dateTime("When it was handed to the station"),
  updatedAt: dateTime("Its last status change"),
}).meta({ id: "StationMessage", description: "A message handed to the land earth station" });
export type StationMessage = z.infer<typeof StationMessageSchema>;

export const StationFindResponseSchema = z.object({
  rows: z.array(StationMessageSchema),
  totalNumber: z.number().int().meta({ description: "Messages matching the filter" }),
  ...countsShape("message"),
}).meta({ id: "StationFindResponse" });
export type StationFindResponse = z.infer<typeof StationFindResponseSchema>;

export const StationDeletedSchema = z.object({
  success: z.literal(true),
  message: StationMessageSchema.meta({ description: "The message, now 14 user deleted" }),
}).meta({ id: "StationDeleted" });
export type StationDeleted = z.infer<typeof StationDeletedSchema>;

/** The /station landing page: counts by family over the last 24 h. */
export interface StationSummary {
  les: { id: number; name: string };
  since: string;
  counts: Record<keyof typeof STATION_STATUS_FAMILIES, number>;
  total: number;
  latest: StationMessage[];
}
