import { z } from "zod";
import { DELIVERY_TYPES, PUSH_STATUS, TRAFFIC_PROTOCOLS } from "../../enums.ts";
import { codeFilter, findRequestSchema, findResponseSchema, intFilter } from "../find.ts";
import { codeList, codeSchema, textFilter } from "../common.ts";

const PUSH_TRAFFIC_SORT_FIELDS = [
  "pushTrafficId",
  "tgid",
  "dnid",
  "lesCStoredTime",
  "status",
  "deliveryType",
  "protocol",
  "dataLength",
  "deliveryAttempts",
] as const;

const PushTrafficFilterSchema = z.object({
  pushTrafficId: intFilter("Id").optional(),
  tgid: intFilter("TGID").optional(),
  dnid: intFilter("DNID").optional(),
  status: codeFilter(PUSH_STATUS, "Push status").optional(),
  deliveryType: codeFilter(DELIVERY_TYPES, "Delivery type").optional(),
  protocol: codeFilter(TRAFFIC_PROTOCOLS, "Protocol").optional(),
  errorLabel: textFilter("Error label"),
}).strict().meta({ id: "PushTrafficFilter" });

/**
 * POST /rest/push/find's push traffic member (`type: "pushTraffic"`); the other lists' members
 * and the discriminated union the route takes are in ./push_find.ts.
 */
export const PushFindRequestSchema = findRequestSchema(
  "PushTrafficFind",
  PushTrafficFilterSchema,
  PUSH_TRAFFIC_SORT_FIELDS,
  "lesCStoredTime descending",
  { type: z.literal("pushTraffic") },
);
export type PushFindRequest = z.output<typeof PushFindRequestSchema>;

export const PushTrafficRowSchema = z.object({
  pushTrafficId: z.number().int(),
  parentId: z.number().int().nullable(),
  tgid: z.number().int().nullable(),
  tgidLabel: z.string().nullable(),
  dnid: z.number().int().nullable(),
  les: z.number().int().nullable(),
  lesCStoredTime: z.string().meta({ format: "date-time" }),
  status: codeSchema(PUSH_STATUS, "Push status"),
  deliveryType: codeSchema(DELIVERY_TYPES, "Delivery type"),
  protocol: codeSchema(TRAFFIC_PROTOCOLS, "Protocol"),
  errorLabel: z.string().nullable(),
  dataLength: z.number().int(),
  headerLength: z.number().int(),
  deliveryAttempts: z.number().int(),
  pushDeliveryAttempts: z.number().int(),
  pushDeliveryStatus: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  routagePushId: z.number().int().nullable(),
  routageType: codeSchema(DELIVERY_TYPES, "Routage type").nullable()
    .meta({ description: `The route's type: ${codeList(DELIVERY_TYPES)}` }),
  multiPush: z.number().int().meta({ description: "How many multi-push items the row has" }),
}).meta({ id: "PushTrafficRow" });
export type PushTrafficRow = z.infer<typeof PushTrafficRowSchema>;

export const PushFindResponseSchema = findResponseSchema(
  "PushTrafficFound",
  PushTrafficRowSchema,
  "push traffic row",
);
export type PushFindResponse = z.infer<typeof PushFindResponseSchema>;
