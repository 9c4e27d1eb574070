/**
 * POST /rest/push/retransmitTraffic and GET /rest/push/getMultiPushTraffic (the 'Show All' dialog's
 * multiPushTraffic items) — docs/decisions/0012-routing.md, "Push traffic: retransmit and details".
 */
import { z } from "zod";
import { digitsAtMost, line, matching, MAX_ID, queryId } from "../common.ts";
import { PushTrafficRowSchema } from "./push.ts";
import { RETRANSMIT_MAX_IDS, RETRANSMIT_MESSAGES as M } from "./push_traffic_messages.ts";

/** Generous: 2000 ids of 10 digits with their separators, plus room for duplicates. */
const IDS_MAX_LENGTH = 4 * RETRANSMIT_MAX_IDS * 11;

/** A push traffic id: 1 to MAX_ID, in at most 10 digits (leading zeros too). */
const ID = digitsAtMost(MAX_ID, true);
const ONE_ID = new RegExp(`^${ID}$`);

/**
 * `ids`: push traffic ids joined by ';' ("12;15;19"), 1 to 2000 distinct positive ids; the
 * output is the distinct ids in the order given. Digits and ';' that are no such list name the
 * first id that is not one.
 */
const RetransmitIdsSchema = matching(
  line("Ids", M.required).min(1, M.required).max(IDS_MAX_LENGTH, M.tooMany),
  new RegExp(`^${ID}(?:;${ID})*$`),
  {
    error: (issue) => {
      const text = String(issue.input);
      const bad = /^\d+(;\d+)*$/.test(text) && text.split(";").find((id) => !ONE_ID.test(id));
      return bad ? M.badId(bad) : M.format;
    },
  },
)
  .transform((text) => [...new Set(text.split(";").map(Number))])
  .pipe(z.array(z.number().int()).max(RETRANSMIT_MAX_IDS, M.tooMany))
  .meta({
    description: `Push traffic ids joined by ';' (1 to ${RETRANSMIT_MAX_IDS} distinct ids; ` +
      `duplicates count once), each 1 to ${MAX_ID} in at most 10 digits`,
    example: "12;15;19",
  });

export const RetransmitRequestSchema = z.object({ ids: RetransmitIdsSchema }).strict()
  .meta({ id: "RetransmitRequest" });
export type RetransmitRequest = z.output<typeof RetransmitRequestSchema>;

export const RetransmitResponseSchema = z.object({
  retransmitted: z.number().int().meta({ description: "How many messages were rescheduled" }),
  ids: z.array(z.number().int()).meta({ description: "Their ids, ascending" }),
}).meta({ id: "RetransmitResponse" });
export type RetransmitResponse = z.infer<typeof RetransmitResponseSchema>;

/** `?id` of GET /rest/push/getMultiPushTraffic. */
export const PushTrafficIdQuerySchema = z.object({
  id: queryId("Id", "The push traffic id"),
});

/**
 * One multiPushTraffic item: a message of a multi-push (its parent is the row shown), with these
 * fields of a push traffic row.
 */
export const MultiPushItemSchema = PushTrafficRowSchema.pick({
  pushTrafficId: true,
  tgid: true,
  dnid: true,
  les: true,
  lesCStoredTime: true,
  status: true,
  deliveryType: true,
  protocol: true,
  errorLabel: true,
  dataLength: true,
  deliveryAttempts: true,
  failureReason: true,
}).meta({ id: "MultiPushItem" });
export type MultiPushItem = z.infer<typeof MultiPushItemSchema>;

export const PushTrafficItemsSchema = z.object({
  pushTrafficId: z.number().int(),
  multiPushTraffic: z.array(MultiPushItemSchema)
    .meta({ description: "The row's multi-push items (rows whose parent it is), oldest first" }),
}).meta({ id: "PushTrafficItems" });
export type PushTrafficItems = z.infer<typeof PushTrafficItemsSchema>;
