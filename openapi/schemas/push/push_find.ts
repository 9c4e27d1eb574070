/**
 * POST /rest/push/find for every list of the routing area (management-routing §7): `type` selects
 * the list — push and robot events, processes, the routes of each type, push and robot traffic —
 * and with it the filter fields, the sortable fields and the row shape (a discriminated union).
 * Push traffic's own schemas live in ./push.ts.
 */
import { z } from "zod";
import {
  CHECKED,
  CONVERSIONS,
  EVENT_LEVELS,
  PROCESS_MODES,
  ROBOT_NAMES,
  ROBOT_STATUS,
  ROBOT_TYPES,
  ROUTE_MODES,
  ROUTE_STATUS,
} from "../../enums.ts";
import { codeFilter, findRequestSchema, findResponseSchema, intFilter } from "../find.ts";
import { codeList, codeSchema, textFilter } from "../common.ts";
import { PushFindRequestSchema, PushFindResponseSchema } from "./push.ts";

const dateTime = z.string().meta({ format: "date-time" });
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(", ")}` }).optional();

// ---- push events ----

const PUSH_EVENT_SORT_FIELDS = [
  "id",
  "timestamp",
  "hostname",
  "processId",
  "tgid",
  "level",
] as const;
const PushEventFilterSchema = z.object({
  hostname: textFilter("Hostname"),
  processId: intFilter("Process").optional(),
  tgid: intFilter("TGID").optional(),
  level: choice(EVENT_LEVELS, "Level"),
  message: textFilter("Message"),
}).strict().meta({ id: "PushEventFilter" });
const PushEventRowSchema = z.object({
  id: z.number().int(),
  timestamp: dateTime,
  hostname: z.string(),
  processId: z.number().int().nullable(),
  tgid: z.number().int().nullable(),
  level: z.string(),
  message: z.string(),
}).meta({ id: "PushEventRow" });
export type PushEventRow = z.infer<typeof PushEventRowSchema>;

// ---- robot events ----

const ROBOT_EVENT_SORT_FIELDS = ["id", "timestamp", "robot", "level"] as const;
const RobotEventFilterSchema = z.object({
  robot: choice(ROBOT_NAMES, "Robot"),
  level: choice(EVENT_LEVELS, "Level"),
  message: textFilter("Message"),
}).strict().meta({ id: "RobotEventFilter" });
const RobotEventRowSchema = z.object({
  id: z.number().int(),
  timestamp: dateTime,
  robot: z.string(),
  level: z.string(),
  message: z.string(),
}).meta({ id: "RobotEventRow" });
export type RobotEventRow = z.infer<typeof RobotEventRowSchema>;

// ---- processes ----

const PROCESS_SORT_FIELDS = [
  "id",
  "hostname",
  "mode",
  "port",
  "min",
  "max",
  "team",
] as const;
const ProcessFilterSchema = z.object({
  id: intFilter("Id").optional(),
  hostname: textFilter("Hostname"),
  mode: choice(PROCESS_MODES, "Mode"),
  port: intFilter("Port").optional(),
  team: intFilter("Team").optional(),
}).strict().meta({ id: "ProcessFilter" });
export const ProcessRowSchema = z.object({
  id: z.number().int(),
  hostname: z.string().meta({ description: "The process's host (its address)" }),
  mode: z.string().meta({ description: `Delivery mode: ${PROCESS_MODES.join(", ")}` }),
  protocol: z.string().nullable(),
  port: z.number().int(),
  min: z.number().int().meta({ description: "Minimum spare processes" }),
  max: z.number().int().meta({ description: "Maximum spare processes" }),
  ipFep: z.string().nullable(),
  team: z.number().int().nullable(),
  teamName: z.string().nullable(),
}).meta({ id: "ProcessRow" });
export type ProcessRow = z.infer<typeof ProcessRowSchema>;

// ---- routes (tcp, ftp, ws, smtp) ----

const COMMON_ROUTE_SORT_FIELDS = [
  "id",
  "Remise",
  "Member_or_MobileNum",
  "Conversion",
  "Transmit_Frequency",
] as const;
const TCP_ROUTE_SORT_FIELDS = [
  ...COMMON_ROUTE_SORT_FIELDS,
  "IP_Port_Tx_Primary",
  "IP_Port_Tx_Secondary",
  "Tx_Primary_Up",
  "Tx_Secondary_Up",
] as const;
const FTP_ROUTE_SORT_FIELDS = [
  ...COMMON_ROUTE_SORT_FIELDS,
  "ftp_Type",
  "ftp_Verif",
  "ftp_Primary",
  "ftp_Secondary",
  "ftp_Primary_Up",
  "ftp_Secondary_Up",
] as const;
const WS_ROUTE_SORT_FIELDS = [
  ...COMMON_ROUTE_SORT_FIELDS,
  "ws_Primary",
  "ws_Secondary",
  "ws_Primary_Up",
  "ws_Secondary_Up",
  "Format",
] as const;
const SMTP_ROUTE_SORT_FIELDS = [
  ...COMMON_ROUTE_SORT_FIELDS,
  "email_Master",
  "Encoding",
] as const;

const status = (label: string) =>
  codeFilter(ROUTE_STATUS, label).optional().meta({
    description: `${codeList(ROUTE_STATUS)} (Locked: the up flag is negative)`,
  });
const checked = (label: string) => codeFilter(CHECKED, label).optional();

const commonRouteFilter = {
  id: intFilter("Id").optional(),
  Remise: intFilter("TGID").optional(),
  Member_or_MobileNum: textFilter("Member or mobile number"),
  Conversion: codeFilter(CONVERSIONS, "Conversion").optional(),
};
const TcpRouteFilterSchema = z.object({
  ...commonRouteFilter,
  IP_Port_Tx_Primary: textFilter("Primary destination"),
  IP_Port_Tx_Secondary: textFilter("Backup destination"),
  Tx_Primary_Up: status("Primary status"),
  Tx_Secondary_Up: status("Backup status"),
}).strict().meta({ id: "TcpRouteFilter" });
const FtpRouteFilterSchema = z.object({
  ...commonRouteFilter,
  ftp_Type: codeFilter(ROUTE_MODES, "Mode").optional(),
  ftp_Verif: checked("Check delivery"),
  ftp_Primary: textFilter("Primary destination"),
  ftp_Secondary: textFilter("Backup destination"),
  ftp_Primary_Up: status("Primary status"),
  ftp_Secondary_Up: status("Backup status"),
}).strict().meta({ id: "FtpRouteFilter" });
const WsRouteFilterSchema = z.object({
  ...commonRouteFilter,
  ws_Primary: textFilter("Primary destination"),
  ws_Secondary: textFilter("Backup destination"),
  ws_Primary_SSL_Check: checked("Primary SSL check"),
  ws_Secondary_SSL_Check: checked("Backup SSL check"),
  ws_Primary_Up: status("Primary status"),
  ws_Secondary_Up: status("Backup status"),
  Format: textFilter("Format"),
}).strict().meta({ id: "WsRouteFilter" });
const SmtpRouteFilterSchema = z.object({
  ...commonRouteFilter,
  email_Master: textFilter("Master e-mail"),
  email_Secondary: textFilter("Secondary e-mails"),
  Encoding: textFilter("Encoding"),
}).strict().meta({ id: "SmtpRouteFilter" });

const routeRow = {
  id: z.number().int(),
  Remise: z.number().int().meta({ description: "The tgid the route delivers for" }),
  tgidLabel: z.string().nullable(),
  Member_or_MobileNum: z.string().nullable(),
  API_Add: z.boolean(),
  Conversion: codeSchema(CONVERSIONS, "Conversion"),
  Follow_On: z.boolean(),
  Transmit_Frequency: z.number().int(),
};
const up = (which: string) =>
  z.number().int().meta({ description: `${which} up flag: 1 active, 0 inactive, negative locked` });
export const TcpRouteRowSchema = z.object({
  ...routeRow,
  IP_Port_Tx_Primary: z.string(),
  IP_Port_Tx_Secondary: z.string().nullable(),
  Tx_Primary_Up: up("Primary"),
  Tx_Secondary_Up: up("Backup"),
}).meta({ id: "TcpRouteRow" });
export const FtpRouteRowSchema = z.object({
  ...routeRow,
  ftp_Type: z.number().int().meta({ description: `Mode: ${codeList(ROUTE_MODES)}` }),
  ftp_Verif: z.number().int().meta({ description: `Check delivery: ${codeList(CHECKED)}` }),
  ftp_Primary: z.string(),
  ftp_Secondary: z.string().nullable(),
  ftp_Primary_Up: up("Primary"),
  ftp_Secondary_Up: up("Backup"),
}).meta({ id: "FtpRouteRow" });
export const WsRouteRowSchema = z.object({
  ...routeRow,
  ws_Primary: z.string(),
  ws_Secondary: z.string().nullable(),
  ws_Primary_SSL_Check: z.boolean(),
  ws_Secondary_SSL_Check: z.boolean(),
  ws_Primary_Up: up("Primary"),
  ws_Secondary_Up: up("Backup"),
  keys: z.string().nullable(),
  token: z.string().nullable(),
  Namespace: z.string().nullable(),
  Format: z.string().nullable(),
}).meta({ id: "WsRouteRow" });
export const SmtpRouteRowSchema = z.object({
  ...routeRow,
  email_Master: z.string(),
  email_Secondary: z.string().nullable(),
  Encoding: z.string().nullable(),
  Signature: z.string().nullable(),
  Subject: z.string().nullable(),
  Body: z.string().nullable(),
}).meta({ id: "SmtpRouteRow" });
export type TcpRouteRow = z.infer<typeof TcpRouteRowSchema>;
export type FtpRouteRow = z.infer<typeof FtpRouteRowSchema>;
export type WsRouteRow = z.infer<typeof WsRouteRowSchema>;
export type SmtpRouteRow = z.infer<typeof SmtpRouteRowSchema>;

// ---- robot traffic ----

const ROBOT_TRAFFIC_SORT_FIELDS = [
  "realId",
  "type",
  "robot",
  "receivedTime",
  "status",
  "deliveryStatus",
  "deliveryAttempts",
  "code",
  "logId",
  "routageId",
] as const;
const RobotTrafficFilterSchema = z.object({
  realId: intFilter("Id").optional(),
  type: codeFilter(ROBOT_TYPES, "Robot type").optional(),
  robot: choice(ROBOT_NAMES, "Robot"),
  status: codeFilter(ROBOT_STATUS, "Robot status").optional(),
  tgid: intFilter("TGID").optional(),
  errorLabel: textFilter("Error label"),
}).strict().meta({ id: "RobotTrafficFilter" });
const RobotTrafficRowSchema = z.object({
  realId: z.number().int(),
  type: codeSchema(ROBOT_TYPES, "Robot type"),
  robot: z.string().meta({ description: `The robot: ${ROBOT_NAMES.join(", ")}` }),
  receivedTime: dateTime,
  status: codeSchema(ROBOT_STATUS, "Robot status"),
  errorLabel: z.string().nullable(),
  deliveryStatus: z.number().int().nullable(),
  deliveryAttempts: z.number().int(),
  code: z.number().int().nullable(),
  logId: z.number().int().nullable(),
  routageId: z.number().int().nullable(),
  tgid: z.number().int().nullable(),
  hasContent: z.boolean().meta({ description: "Whether GET getRobotContent has a text" }),
}).meta({ id: "RobotTrafficRow" });
export type RobotTrafficRow = z.infer<typeof RobotTrafficRowSchema>;

// ---- the union ----

const typeOf = <const T extends string>(type: T) => ({ type: z.literal(type) });

export const PushEventsFindSchema = findRequestSchema(
  "PushEventsFind",
  PushEventFilterSchema,
  PUSH_EVENT_SORT_FIELDS,
  "timestamp descending",
  typeOf("pushEvents"),
);
export const RobotEventsFindSchema = findRequestSchema(
  "RobotEventsFind",
  RobotEventFilterSchema,
  ROBOT_EVENT_SORT_FIELDS,
  "timestamp descending",
  typeOf("robotEvents"),
);
export const ProcessFindSchema = findRequestSchema(
  "ProcessFind",
  ProcessFilterSchema,
  PROCESS_SORT_FIELDS,
  "id ascending",
  typeOf("process"),
);
export const TcpRoutesFindSchema = findRequestSchema(
  "TcpRoutesFind",
  TcpRouteFilterSchema,
  TCP_ROUTE_SORT_FIELDS,
  "id ascending",
  typeOf("tcp"),
);
export const FtpRoutesFindSchema = findRequestSchema(
  "FtpRoutesFind",
  FtpRouteFilterSchema,
  FTP_ROUTE_SORT_FIELDS,
  "id ascending",
  typeOf("ftp"),
);
export const WsRoutesFindSchema = findRequestSchema(
  "WsRoutesFind",
  WsRouteFilterSchema,
  WS_ROUTE_SORT_FIELDS,
  "id ascending",
  typeOf("ws"),
);
export const SmtpRoutesFindSchema = findRequestSchema(
  "SmtpRoutesFind",
  SmtpRouteFilterSchema,
  SMTP_ROUTE_SORT_FIELDS,
  "id ascending",
  typeOf("smtp"),
);
/** Push traffic's member (./push.ts): the one list clients may ask for. */
const PushTrafficFindSchema = PushFindRequestSchema;
export const RobotTrafficFindSchema = findRequestSchema(
  "RobotTrafficFind",
  RobotTrafficFilterSchema,
  ROBOT_TRAFFIC_SORT_FIELDS,
  "receivedTime descending",
  typeOf("robotTraffic"),
);

/** The request of POST /rest/push/find: one member per list, chosen by `type`. */
export const PushFindAnyRequestSchema = z.discriminatedUnion("type", [
  PushEventsFindSchema,
  RobotEventsFindSchema,
  ProcessFindSchema,
  TcpRoutesFindSchema,
  FtpRoutesFindSchema,
  WsRoutesFindSchema,
  SmtpRoutesFindSchema,
  PushTrafficFindSchema,
  RobotTrafficFindSchema,
], {
  error: "type must be one of pushEvents, robotEvents, process, tcp, ftp, ws, smtp, " +
    "pushTraffic, robotTraffic",
}).meta({ id: "PushFindRequest" });
export type PushFindAnyRequest = z.output<typeof PushFindAnyRequestSchema>;
export type PushFindType = PushFindAnyRequest["type"];
export type PushFindOf<T extends PushFindType> = Extract<PushFindAnyRequest, { type: T }>;

const found = <T extends z.ZodType>(id: string, row: T, rows: string) =>
  findResponseSchema(id, row, rows);

const PushEventsFoundSchema = found("PushEventsFound", PushEventRowSchema, "push event");
const RobotEventsFoundSchema = found("RobotEventsFound", RobotEventRowSchema, "robot event");
const ProcessFoundSchema = found("ProcessFound", ProcessRowSchema, "push process");
const TcpRoutesFoundSchema = found("TcpRoutesFound", TcpRouteRowSchema, "tcp route");
const FtpRoutesFoundSchema = found("FtpRoutesFound", FtpRouteRowSchema, "ftp route");
const WsRoutesFoundSchema = found("WsRoutesFound", WsRouteRowSchema, "ws route");
const SmtpRoutesFoundSchema = found("SmtpRoutesFound", SmtpRouteRowSchema, "smtp route");
const PushTrafficFoundSchema = PushFindResponseSchema;
const RobotTrafficFoundSchema = found(
  "RobotTrafficFound",
  RobotTrafficRowSchema,
  "robot traffic row",
);

/** The answer: `{results, total, filtered}` with the rows of the requested type. */
export const PushFindAnyResponseSchema = z.union([
  PushEventsFoundSchema,
  RobotEventsFoundSchema,
  ProcessFoundSchema,
  TcpRoutesFoundSchema,
  FtpRoutesFoundSchema,
  WsRoutesFoundSchema,
  SmtpRoutesFoundSchema,
  PushTrafficFoundSchema,
  RobotTrafficFoundSchema,
]).meta({
  id: "PushFindResponse",
  description: "The rows of the requested type: pushEvents → PushEventRow, robotEvents → " +
    "RobotEventRow, process → ProcessRow, tcp/ftp/ws/smtp → TcpRouteRow/FtpRouteRow/WsRouteRow/" +
    "SmtpRouteRow, pushTraffic → PushTrafficRow, robotTraffic → RobotTrafficRow.",
});

export interface PushFound {
  pushEvents: z.infer<typeof PushEventsFoundSchema>;
  robotEvents: z.infer<typeof RobotEventsFoundSchema>;
  process: z.infer<typeof ProcessFoundSchema>;
  tcp: z.infer<typeof TcpRoutesFoundSchema>;
  ftp: z.infer<typeof FtpRoutesFoundSchema>;
  ws: z.infer<typeof WsRoutesFoundSchema>;
  smtp: z.infer<typeof SmtpRoutesFoundSchema>;
  pushTraffic: z.infer<typeof PushTrafficFoundSchema>;
  robotTraffic: z.infer<typeof RobotTrafficFoundSchema>;
}

// ---- robot content ----

export const RobotContentQuerySchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, "Id is not in a valid format").transform(Number)
    .meta({ description: "The robot traffic row's real_id", example: "12" }),
  type: z.enum(["0", "1"], { error: `Robot type must be one of ${codeList(ROBOT_TYPES)}` })
    .transform(Number).meta({
      description: `The row's robot type: ${codeList(ROBOT_TYPES)}`,
      example: "0",
    }),
});
