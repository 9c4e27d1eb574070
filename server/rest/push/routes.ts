/** The /rest/push calls (management-routing §7) built so far: the push traffic overview's find. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  PushTrafficIdQuerySchema,
  PushTrafficItemsSchema,
  RetransmitRequestSchema,
  RetransmitResponseSchema,
} from "../../../openapi/schemas/push_retransmit.ts";
import {
  PushFindAnyRequestSchema,
  PushFindAnyResponseSchema,
  RobotContentQuerySchema,
} from "../../../openapi/schemas/push_find.ts";
import { z } from "@hono/zod-openapi";

export const find = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/push/find",
  summary: "Find routing rows of one type",
  description: "The routing area's lists, filtered, sorted and paged; `type` selects the list " +
    "and with it the filter fields, the sortable fields and the row shape: `pushTraffic` " +
    "(messages pushed out to customers; default sort stored time, newest first) is every " +
    "user's, scoped to the caller's tgids; `pushEvents` and `robotEvents` (the event logs; " +
    "timestamp, newest first), `process` (push processes), `tcp`, `ftp`, `ws`, `smtp` (routes; " +
    "id) and `robotTraffic` (received time, newest first) are for administrators only: 403 " +
    '"Administrator permission required" to a client user.',
  request: { body: jsonBody(PushFindAnyRequestSchema) },
  responses: {
    200: jsonResponse(PushFindAnyResponseSchema, "One page of rows of that type, with the totals"),
  },
});

export const getRobotContent = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/push/getRobotContent",
  summary: "A robot traffic row's text content",
  description: "The text the robot processed for robot traffic row `id` (its real_id) of robot " +
    "type `type` (0 SMTP, 1 FTP), as plain text. 404 when the row is unknown, of another type, " +
    "or has no content.",
  request: { query: RobotContentQuerySchema },
  responses: {
    200: {
      description: "The robot's text content",
      content: { "text/plain": { schema: z.string() } },
    },
  },
  errors: [404],
});

export const retransmitTraffic = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/retransmitTraffic",
  summary: "Retransmit push traffic",
  description: "Puts each message back in the delivery queue, in one transaction: status 8 " +
    "(Delivery Scheduled), its delivery attempts kept, and a push event per message recording " +
    "who asked and when. `ids` are the push traffic ids joined by ';'. 404 (Push traffic not " +
    "found) when any id is unknown, and then nothing changes. The delivery engine delivers " +
    "the queue (a later issue).",
  request: { body: jsonBody(RetransmitRequestSchema) },
  responses: { 200: jsonResponse(RetransmitResponseSchema, "What was rescheduled") },
  errors: [404],
});

export const getMultiPushTraffic = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/push/getMultiPushTraffic",
  summary: "A push traffic row's multiPushTraffic items",
  description: "The 'Show All' dialog's list of the row's multi-push items (the messages whose " +
    "parent it is), oldest first. 404 when the row is unknown or not reachable.",
  request: { query: PushTrafficIdQuerySchema },
  responses: { 200: jsonResponse(PushTrafficItemsSchema, "The row's items") },
  errors: [404],
});
