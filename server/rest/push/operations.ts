/** The /rest/push calls (management-routing §7) built so far: the push traffic overview's find. */
import {
  DESTINATION_LABELS,
  ROUTE_MESSAGES,
} from "../../../openapi/schemas/push/delivery_route_messages.ts";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  PushTrafficIdQuerySchema,
  PushTrafficItemsSchema,
  RetransmitRequestSchema,
  RetransmitResponseSchema,
} from "../../../openapi/schemas/push/push_retransmit.ts";
import { RETRANSMIT_MESSAGES } from "../../../openapi/schemas/push/push_traffic_messages.ts";
import { DeliveryAttemptsSchema } from "../../../openapi/schemas/push/push_attempts.ts";
import {
  PushFindAnyRequestSchema,
  PushFindAnyResponseSchema,
  RobotContentQuerySchema,
} from "../../../openapi/schemas/push/push_find.ts";
import { z } from "@hono/zod-openapi";
import {
  DestinationLockedSchema,
  FtpRouteAddedSchema,
  FtpRouteAddSchema,
  FtpRouteUpdateSchema,
  LockDestinationSchema,
  RouteDeletedSchema,
  RouteIdQuerySchema,
  SmtpRouteAddedSchema,
  SmtpRouteAddSchema,
  SmtpRouteUpdateSchema,
  TcpRouteAddedSchema,
  TcpRouteAddSchema,
  TcpRouteUpdateSchema,
  WsRouteAddedSchema,
  WsRouteAddSchema,
  WsRouteUpdateSchema,
} from "../../../openapi/schemas/push/delivery_routes.ts";
import {
  FtpRouteRowSchema,
  SmtpRouteRowSchema,
  TcpRouteRowSchema,
  WsRouteRowSchema,
} from "../../../openapi/schemas/push/push_find.ts";
import {
  PROCESS_MESSAGES,
  ProcessAddedSchema,
  ProcessAddSchema,
  ProcessIdQuerySchema,
  ProcessListSchema,
  ProcessSchema,
  ProcessUpdateSchema,
} from "../../../openapi/schemas/push/push_processes.ts";
import { PROCESS_DEFAULTS } from "../../../openapi/enums.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/push/find",
  paged: true,
  summary: "Find routing rows of one type",
  description: "The routing area's lists, filtered, sorted and paged; `type` selects the list " +
    "and with it the filter fields, the sortable fields and the row shape: `pushTraffic` " +
    "(messages pushed out to customers; default sort stored time, newest first) is every " +
    "user's, scoped to the caller's tgids; `pushEvents` and `robotEvents` (the event logs; " +
    "timestamp, newest first), `process` (push processes), `tcp`, `ftp`, `ws`, `smtp` (routes; " +
    "id) and `robotTraffic` (received time, newest first) are for administrators only: 403 " +
    '"Administrator permission required" to a client user.',
  request: {
    body: jsonBody(PushFindAnyRequestSchema, {
      type: "pushTraffic",
      filter: { tgid: "13" },
      sorting: { field: "lesCStoredTime", direction: "desc" },
      count: 25,
    }),
  },
  responses: {
    200: jsonResponse(PushFindAnyResponseSchema, "One page of rows of that type, with the totals"),
  },
});

// ---- delivery routes (admin) ----

/** The egress check of tcp, ftp and ws destinations (services/push/route_egress.ts). */
const NOT_DIALLED = "400 naming the field (`fields[0].path`) for a destination the delivery " +
  "engine never dials: a loopback, private, link-local, CGNAT or metadata address not in " +
  "DELIVERY_ALLOW (in any written form), localhost or a metadata host name; host names are " +
  "checked when delivered. ";

/**
 * What a destination within its pattern can still be refused with: an address the egress policy
 * refuses (the reason, `…`, depends on DELIVERY_ALLOW); a ws URL a browser's parser does not read
 * (a host ending in a number that is no IPv4 address, an invalid IPv6 address).
 */
const DESTINATION_RULES = Object.values(DESTINATION_LABELS).map((label) =>
  ROUTE_MESSAGES.notAllowed(label, "…")
);
const WS_DESTINATION_RULES = [
  ...Object.values(DESTINATION_LABELS).map(ROUTE_MESSAGES.ws),
  ...DESTINATION_RULES,
];

export const addTcp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/addTcp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...DESTINATION_RULES],
  summary: "Add a TCP route",
  description: "A TCP route for the tgid `Remise` (400 when it does not exist). " +
    "Destinations are host:port (port 1 to 65535): primary required, backup optional. " +
    NOT_DIALLED +
    "The answer carries lastInsertId and the route.",
  request: {
    body: jsonBody(TcpRouteAddSchema, {
      Remise: 12,
      IP_Port_Tx_Primary: "push.atlas-logistics.example:5000",
      Conversion: 4,
    }),
  },
  responses: { 200: jsonResponse(TcpRouteAddedSchema, "The new route's id, and the route") },
});

export const updateTcp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/updateTcp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...DESTINATION_RULES],
  summary: "Update a TCP route",
  description: "Replaces the route's fields (an optional field left out takes its default, " +
    "as on add). 404 when unknown, 400 when the tgid does not exist. " + NOT_DIALLED.trim(),
  request: {
    body: jsonBody(TcpRouteUpdateSchema, {
      id: 12,
      Remise: 13,
      IP_Port_Tx_Primary: "push.atlas-logistics.example:5000",
      IP_Port_Tx_Secondary: "backup.atlas-logistics.example:5000",
    }),
  },
  responses: { 200: jsonResponse(TcpRouteRowSchema, "The route, updated") },
  errors: [404],
});

export const deleteTcp = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/push/deleteTcp",
  summary: "Delete a TCP route",
  description: "Deletes the TCP route `id`. 404 when unknown.",
  request: { query: RouteIdQuerySchema },
  responses: { 200: jsonResponse(RouteDeletedSchema, "The deleted route's id") },
  errors: [404],
});

export const addFtp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/addFtp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...DESTINATION_RULES],
  summary: "Add an FTP route",
  description: "A FTP route for the tgid `Remise` (400 when it does not exist). " +
    "Destinations are ftp://host[:port]/path or host[:port]/path: primary required, " +
    "backup optional; mode 1 Passive (default) or 0 Active, checkDelivery 0 or 1. " +
    NOT_DIALLED +
    "The answer carries lastInsertId and the route.",
  request: {
    body: jsonBody(FtpRouteAddSchema, {
      Remise: 12,
      ftp_Primary: "ftp://ftp.atlas-logistics.example/in",
      mode: 1,
    }),
  },
  responses: { 200: jsonResponse(FtpRouteAddedSchema, "The new route's id, and the route") },
});

export const updateFtp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/updateFtp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...DESTINATION_RULES],
  summary: "Update an FTP route",
  description: "Replaces the route's fields (an optional field left out takes its default, " +
    "as on add). 404 when unknown, 400 when the tgid does not exist. " + NOT_DIALLED.trim(),
  request: {
    body: jsonBody(FtpRouteUpdateSchema, {
      id: 12,
      Remise: 13,
      ftp_Primary: "ftp://ftp.atlas-logistics.example/in",
      checkDelivery: 1,
    }),
  },
  responses: { 200: jsonResponse(FtpRouteRowSchema, "The route, updated") },
  errors: [404],
});

export const deleteFtp = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/push/deleteFtp",
  summary: "Delete an FTP route",
  description: "Deletes the FTP route `id`. 404 when unknown.",
  request: { query: RouteIdQuerySchema },
  responses: { 200: jsonResponse(RouteDeletedSchema, "The deleted route's id") },
  errors: [404],
});

export const addWs = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/addWs",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...WS_DESTINATION_RULES],
  summary: "Add a web service route",
  description: "A web service route for the tgid `Remise` (400 when it does not exist). " +
    "Destinations are http:// or https:// URLs: primary required, backup optional; " +
    "keys, token, namespace and format are free text. " +
    NOT_DIALLED +
    "The answer carries lastInsertId and the route.",
  request: {
    body: jsonBody(WsRouteAddSchema, {
      Remise: 12,
      ws_Primary: "https://api.atlas-logistics.example/positions",
      format: "json",
    }),
  },
  responses: { 200: jsonResponse(WsRouteAddedSchema, "The new route's id, and the route") },
});

export const updateWs = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/updateWs",
  rules: [ROUTE_MESSAGES.tgidUnknown(12), ...WS_DESTINATION_RULES],
  summary: "Update a web service route",
  description: "Replaces the route's fields (an optional field left out takes its default, " +
    "as on add). 404 when unknown, 400 when the tgid does not exist. " + NOT_DIALLED.trim(),
  request: {
    body: jsonBody(WsRouteUpdateSchema, {
      id: 12,
      Remise: 13,
      ws_Primary: "https://api.atlas-logistics.example/positions",
    }),
  },
  responses: { 200: jsonResponse(WsRouteRowSchema, "The route, updated") },
  errors: [404],
});

export const deleteWs = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/push/deleteWs",
  summary: "Delete a web service route",
  description: "Deletes the web service route `id`. 404 when unknown.",
  request: { query: RouteIdQuerySchema },
  responses: { 200: jsonResponse(RouteDeletedSchema, "The deleted route's id") },
  errors: [404],
});

export const addSmtp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/addSmtp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12)],
  summary: "Add an SMTP route",
  description: "A SMTP route for the tgid `Remise` (400 when it does not exist). " +
    "emailMaster must be an e-mail address; emailSecondary is normalised (spaces " +
    "removed, newlines and ';' become commas, doubled commas collapse, a trailing one dropped) " +
    "and each address must be valid; encoding, signature, subject and body as the format " +
    "preset fills them (free text). " +
    "The answer carries lastInsertId and the route.",
  request: {
    body: jsonBody(SmtpRouteAddSchema, {
      Remise: 12,
      emailMaster: "ops@atlas-logistics.example",
      subject: "Position report",
    }),
  },
  responses: { 200: jsonResponse(SmtpRouteAddedSchema, "The new route's id, and the route") },
});

export const updateSmtp = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/updateSmtp",
  rules: [ROUTE_MESSAGES.tgidUnknown(12)],
  summary: "Update an SMTP route",
  description: "Replaces the route's fields (an optional field left out takes its default, " +
    "as on add). 404 when unknown, 400 when the tgid does not exist.",
  request: {
    body: jsonBody(SmtpRouteUpdateSchema, {
      id: 12,
      Remise: 13,
      emailMaster: "ops@atlas-logistics.example",
      emailSecondary: "dispatch@atlas-logistics.example",
    }),
  },
  responses: { 200: jsonResponse(SmtpRouteRowSchema, "The route, updated") },
  errors: [404],
});

export const deleteSmtp = defineRoute({
  writes: true,
  access: "admin",
  method: "get",
  path: "/rest/push/deleteSmtp",
  summary: "Delete an SMTP route",
  description: "Deletes the SMTP route `id`. 404 when unknown.",
  request: { query: RouteIdQuerySchema },
  responses: { 200: jsonResponse(RouteDeletedSchema, "The deleted route's id") },
  errors: [404],
});

export const lockDestination = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/lockDestination",
  summary: "Lock or unlock a route destination",
  description: "`type` tcp, ftp or ws; `target` primary or backup; `lock` true sets the up " +
    "flag to -1 (locked), false sets a locked destination back to 1 (active). Locking a locked " +
    "destination or unlocking an unlocked one changes nothing. 404 when the route is unknown, " +
    "409 for the backup of a route without one.",
  request: {
    body: jsonBody(LockDestinationSchema, { id: 12, type: "tcp", target: "primary", lock: true }),
  },
  responses: { 200: jsonResponse(DestinationLockedSchema, "The destination's up flag now") },
  errors: [404, 409],
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
  rules: [RETRANSMIT_MESSAGES.tooMany],
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

export const getDeliveryAttempts = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/push/getDeliveryAttempts",
  summary: "A push traffic row's delivery attempts",
  description: "The 'Show All' dialog's delivery section: the row's status, when the delivery " +
    "engine next tries (null when nothing is left to do), its counters and its delivery " +
    "attempts (time, round, target, destination, outcome, error, duration), newest first, at " +
    "most 200. 404 when the row is unknown or not reachable.",
  request: { query: PushTrafficIdQuerySchema },
  responses: { 200: jsonResponse(DeliveryAttemptsSchema, "The row's delivery attempts") },
  errors: [404],
});

// ---- push processes (admin) ----

/** The spare counts out of order (min above max), and a team that does not exist. */
const PROCESS_RULES = [
  PROCESS_MESSAGES.minProcess(4),
  PROCESS_MESSAGES.maxProcess(2),
  PROCESS_MESSAGES.unknownTeam,
];

export const addProcess = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/addProcess",
  rules: PROCESS_RULES,
  summary: "Add a push process",
  description: `Defaults: hostname ${PROCESS_DEFAULTS.hostname}, mode ${PROCESS_DEFAULTS.mode}, ` +
    `min spare ${PROCESS_DEFAULTS.min} (0 to 19), max spare ${PROCESS_DEFAULTS.max} (0 to 49); ` +
    "min must not exceed max; port 1 to 65535; ipFep an IPv4 address or a host name; an " +
    "unknown team answers 400. The answer carries lastInsertId and the process.",
  request: { body: jsonBody(ProcessAddSchema) },
  responses: { 200: jsonResponse(ProcessAddedSchema, "The new process's id, and the process") },
});

export const updateProcess = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/push/updateProcess",
  rules: PROCESS_RULES,
  summary: "Update a push process",
  description: "`address` is the hostname and `delivery` the mode (the spec's names on update). " +
    "404 when unknown. Protocol, ipFep and team: omitted keeps, null or empty clears.",
  request: {
    body: jsonBody(ProcessUpdateSchema, {
      id: 12,
      address: "pushc",
      delivery: "D",
      protocol: "TCP",
      port: 5112,
      min: 2,
      max: 6,
    }),
  },
  responses: { 200: jsonResponse(ProcessSchema, "The process, updated") },
  errors: [404],
});

export const deleteProcess = defineRoute({
  access: "admin",
  method: "delete",
  path: "/rest/push/deleteProcess",
  summary: "Delete a push process",
  description: "Deletes the process (its push events stay, without it). 404 when unknown.",
  request: { query: ProcessIdQuerySchema },
  responses: { 200: jsonResponse(ProcessSchema, "The deleted process") },
  errors: [404],
});

export const getProcess = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/push/getProcess",
  summary: "A push process",
  description: "The process with its team. 404 when unknown.",
  request: { query: ProcessIdQuerySchema },
  responses: { 200: jsonResponse(ProcessSchema, "The process") },
  errors: [404],
});

export const all = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/push/all",
  summary: "Every push process",
  description: "Every push process with its team, by id (the same rows as find's `process`).",
  responses: { 200: jsonResponse(ProcessListSchema, "Every push process") },
});
