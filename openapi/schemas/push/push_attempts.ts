/**
 * GET /rest/push/getDeliveryAttempts: a push traffic message's delivery attempts, as the 'Show
 * All' dialog shows them (issue 17, docs/decisions/0015-delivery-engine.md).
 */
import { z } from "zod";
import { PUSH_STATUS } from "../../enums.ts";
import { codeSchema } from "../common.ts";
import {
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_TARGET_LABELS,
  MAX_ATTEMPTS_SHOWN,
} from "./push_attempt_messages.ts";

const dateTime = (description: string) => z.string().meta({ format: "date-time", description });

/** One attempt: one destination tried once. */
const DeliveryAttemptSchema = z.object({
  at: dateTime("When the attempt started"),
  round: z.number().int()
    .meta({ description: "The delivery round (push_delivery_attempts after it)" }),
  target: z.string()
    .meta({ description: `Where it went: ${Object.keys(ATTEMPT_TARGET_LABELS).join(", ")}` }),
  destination: z.string()
    .meta({ description: "The destination as configured on the route (host:port, URL, …)" }),
  outcome: z.string()
    .meta({ description: `How it ended: ${Object.keys(ATTEMPT_OUTCOME_LABELS).join(", ")}` }),
  error: z.string().nullable(),
  durationMs: z.number().int(),
}).meta({ id: "DeliveryAttempt" });
type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const DeliveryAttemptsSchema = z.object({
  pushTrafficId: z.number().int(),
  status: codeSchema(PUSH_STATUS, "Push status"),
  nextAttemptAt: dateTime(
    "When the engine next tries (or a worker's lease ends); null when " +
      "nothing is left to do",
  ).nullable(),
  deliveryAttempts: z.number().int(),
  pushDeliveryAttempts: z.number().int(),
  attempts: z.array(DeliveryAttemptSchema)
    .meta({ description: `Newest first, at most ${MAX_ATTEMPTS_SHOWN}` }),
}).meta({ id: "DeliveryAttempts" });
export type DeliveryAttempts = z.infer<typeof DeliveryAttemptsSchema>;
