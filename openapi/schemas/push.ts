import { z } from "zod";
import { DELIVERY_TYPES, PUSH_STATUS, TRAFFIC_PROTOCOLS } from "../enums.ts";
import { intFilter, pagingShape, sortingSchema } from "./find.ts";

const codes = (o: Record<number, string>) => Object.keys(o).map(Number);
const oneOf = (o: Record<number, string>, what: string) =>
  intFilter(what).refine((v) => codes(o).includes(v), `Unknown ${what.toLowerCase()}`);

export const PUSH_TRAFFIC_SORT_FIELDS = [
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

export const PushTrafficFilterSchema = z.object({
  pushTrafficId: intFilter("Id").optional(),
  tgid: intFilter("TGID").optional(),
  dnid: intFilter("DNID").optional(),
  status: oneOf(PUSH_STATUS, "Push status").optional(),
  deliveryType: oneOf(DELIVERY_TYPES, "Delivery type").optional(),
  protocol: oneOf(TRAFFIC_PROTOCOLS, "Protocol").optional(),
  errorLabel: z.string().trim().max(200).optional().meta({ description: "Contains, any case" }),
}).strict().meta({ id: "PushTrafficFilter" });

/**
 * POST /rest/push/find. `type` names the list; this release serves `pushTraffic` (the other
 * lists of the spec — events, processes, routes, robot traffic — join this call with their
 * screens).
 */
export const PushFindRequestSchema = z.object({
  type: z.literal("pushTraffic"),
  filter: PushTrafficFilterSchema.default({}),
  sorting: sortingSchema(PUSH_TRAFFIC_SORT_FIELDS).optional().meta({
    description: "Default: lesCStoredTime descending",
  }),
  ...pagingShape,
}).meta({ id: "PushFindRequest" });
export type PushFindRequest = z.output<typeof PushFindRequestSchema>;

export const PushTrafficRowSchema = z.object({
  pushTrafficId: z.number().int(),
  parentId: z.number().int().nullable(),
  tgid: z.number().int().nullable(),
  tgidLabel: z.string().nullable(),
  dnid: z.number().int().nullable(),
  les: z.number().int().nullable(),
  lesCStoredTime: z.string().meta({ format: "date-time" }),
  status: z.number().int(),
  deliveryType: z.number().int(),
  protocol: z.number().int(),
  errorLabel: z.string().nullable(),
  dataLength: z.number().int(),
  headerLength: z.number().int(),
  deliveryAttempts: z.number().int(),
  pushDeliveryAttempts: z.number().int(),
  pushDeliveryStatus: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  routagePushId: z.number().int().nullable(),
  routageType: z.number().int().nullable(),
  multiPush: z.number().int().meta({ description: "How many multi-push items the row has" }),
}).meta({ id: "PushTrafficRow" });
export type PushTrafficRow = z.infer<typeof PushTrafficRowSchema>;

export const PushFindResponseSchema = z.object({
  results: z.array(PushTrafficRowSchema),
  total: z.number().int().meta({ description: "Rows the user may see" }),
  filtered: z.number().int().meta({ description: "Rows matching the filter" }),
}).meta({ id: "PushFindResponse" });
export type PushFindResponse = z.infer<typeof PushFindResponseSchema>;
