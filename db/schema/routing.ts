import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { auditTimes, tstz } from "./columns.ts";
import { companies, teams, users } from "./admin.ts";
import { tgids } from "./management.ts";
import type {
  DeliveryType,
  ProcessMode,
  PushStatus,
  TrafficProtocol,
} from "../../openapi/enums.ts";

/** Push delivery processes running on the store-and-push hosts. */
export const pushProcesses = pgTable(
  "push_processes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    hostname: text().notNull(),
    /** Delivery mode: D, P, F or W. */
    mode: text().$type<ProcessMode>().notNull(),
    protocol: text(),
    port: integer().notNull(),
    minSpare: integer().notNull(),
    maxSpare: integer().notNull(),
    ipFep: text(),
    teamId: integer().references(() => teams.id),
    ...auditTimes(),
  },
  (
    t,
  ) => [
    index("push_processes_team_idx").on(t.teamId),
    index("push_processes_host_idx").on(t.hostname),
  ],
);

/** Columns every route type shares. "Remise" is the tgid the route delivers for. */
const routeCommon = () => ({
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  tgidId: integer().notNull().references(() => tgids.id),
  memberOrMobileNum: text(),
  apiAdd: boolean().notNull().default(false),
  conversion: integer().notNull().default(0),
  followOn: boolean().notNull().default(false),
  transmitFrequency: integer().notNull().default(0),
  ...auditTimes(),
});

/** Up flags: 1 active, 0 inactive, negative = locked. */
export const tcpRoutes = pgTable("routes_tcp", {
  ...routeCommon(),
  ipPortTxPrimary: text().notNull(),
  ipPortTxSecondary: text(),
  txPrimaryUp: integer().notNull().default(1),
  txSecondaryUp: integer().notNull().default(0),
}, (t) => [index("routes_tcp_tgid_idx").on(t.tgidId)]);

export const ftpRoutes = pgTable("routes_ftp", {
  ...routeCommon(),
  /** Mode: 1 passive, 0 active. */
  ftpType: integer().notNull().default(1),
  /** Check delivery: 1 checked. */
  ftpVerif: integer().notNull().default(0),
  ftpPrimary: text().notNull(),
  ftpSecondary: text(),
  ftpPrimaryUp: integer().notNull().default(1),
  ftpSecondaryUp: integer().notNull().default(0),
}, (t) => [index("routes_ftp_tgid_idx").on(t.tgidId)]);

export const wsRoutes = pgTable("routes_ws", {
  ...routeCommon(),
  wsPrimary: text().notNull(),
  wsSecondary: text(),
  wsPrimarySslCheck: boolean().notNull().default(true),
  wsSecondarySslCheck: boolean().notNull().default(true),
  wsPrimaryUp: integer().notNull().default(1),
  wsSecondaryUp: integer().notNull().default(0),
  keys: text(),
  token: text(),
  namespace: text(),
  format: text(),
}, (t) => [index("routes_ws_tgid_idx").on(t.tgidId)]);

export const smtpRoutes = pgTable("routes_smtp", {
  ...routeCommon(),
  emailMaster: text().notNull(),
  emailSecondary: text(),
  encoding: text(),
  signature: text(),
  subject: text(),
  body: text(),
}, (t) => [index("routes_smtp_tgid_idx").on(t.tgidId)]);

/** Log of the push processes. */
export const pushEvents = pgTable("push_events", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  timestamp: tstz().notNull().defaultNow(),
  hostname: text().notNull(),
  processId: integer().references(() => pushProcesses.id, { onDelete: "set null" }),
  tgidId: integer(),
  level: text().notNull(),
  message: text().notNull(),
}, (t) => [
  index("push_events_timestamp_idx").on(t.timestamp),
  index("push_events_level_idx").on(t.level),
  index("push_events_tgid_idx").on(t.tgidId),
  index("push_events_process_idx").on(t.processId, t.timestamp),
]);

/** Log of the robots that process incoming messages. */
export const robotEvents = pgTable(
  "robot_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    timestamp: tstz().notNull().defaultNow(),
    robot: text().notNull(),
    level: text().notNull(),
    message: text().notNull(),
  },
  (
    t,
  ) => [
    index("robot_events_timestamp_idx").on(t.timestamp),
    index("robot_events_robot_idx").on(t.robot),
  ],
);

/** Messages pushed out to customers. A retransmission or multi-push row points to its parent. */
export const pushTraffic = pgTable("push_traffic", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  parentId: bigint({ mode: "number" }).references((): AnyPgColumn => pushTraffic.id, {
    onDelete: "cascade",
  }),
  tgidId: integer().references(() => tgids.id, { onDelete: "set null" }),
  dnid: integer(),
  les: integer(),
  lesCStoredTime: tstz().notNull(),
  status: integer().$type<PushStatus>().notNull(),
  deliveryType: integer().$type<DeliveryType>().notNull(),
  protocol: integer().$type<TrafficProtocol>().notNull(),
  errorLabel: text(),
  dataLength: integer().notNull().default(0),
  headerLength: integer().notNull().default(0),
  deliveryAttempts: integer().notNull().default(0),
  pushDeliveryAttempts: integer().notNull().default(0),
  pushDeliveryStatus: integer(),
  failureReason: text(),
  routagePushId: integer(),
  routageType: integer().$type<DeliveryType>(),
  content: text(),
  updatedAt: tstz().notNull().defaultNow(),
  /**
   * The delivery queue (docs/decisions/0015-delivery-engine.md): when the engine next takes the
   * message — null when nothing is left to do. While a worker holds the message (status 1) it is
   * the end of that worker's lease: past it, any worker may take the message again.
   */
  nextAttemptAt: tstz(),
  /** The holding worker's claim; its result is written only while the claim is still its own. */
  claimToken: text(),
  /** Position in the retry schedule (DELIVERY_RETRY_SCHEDULE); retransmit starts it afresh. */
  retryStep: integer().notNull().default(0),
}, (t) => [
  index("push_traffic_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  index("push_traffic_stored_idx").on(t.lesCStoredTime),
  index("push_traffic_tgid_stored_idx").on(t.tgidId, t.lesCStoredTime),
  index("push_traffic_status_idx").on(t.status, t.lesCStoredTime),
  // A client's list filtered by status (bench section 7).
  index("push_traffic_tgid_status_idx").on(t.tgidId, t.status, t.lesCStoredTime),
  index("push_traffic_delivery_idx").on(t.deliveryType),
  index("push_traffic_protocol_idx").on(t.protocol),
  index("push_traffic_dnid_idx").on(t.dnid),
  index("push_traffic_parent_idx").on(t.parentId),
]);

/**
 * Every delivery attempt of a push traffic message: which destination, when, how it ended. The
 * details dialog lists them; push_traffic.delivery_attempts counts them.
 */
export const pushAttempts = pgTable("push_attempts", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  pushTrafficId: bigint({ mode: "number" }).notNull().references(() => pushTraffic.id, {
    onDelete: "cascade",
  }),
  at: tstz().notNull().defaultNow(),
  /** The round (push_delivery_attempts after it): one round tries primary, then backup. */
  round: integer().notNull(),
  /** ATTEMPT_TARGETS: primary, backup, relay (SMTP), local (DB, ACK, SMS). */
  target: text().notNull(),
  /** The destination as configured on the route (host:port, URL, addresses). */
  destination: text().notNull(),
  /** ATTEMPT_OUTCOMES: delivered, failed, rejected, corrupted, refused, skipped. */
  outcome: text().notNull(),
  error: text(),
  durationMs: integer().notNull().default(0),
  /** The worker that made the attempt. */
  instance: text().notNull(),
}, (t) => [index("push_attempts_traffic_idx").on(t.pushTrafficId, t.at)]);

/** Incoming messages processed by the robots (EGC, DNID, CAPSAT, EPADR). */
export const robotTraffic = pgTable("robot_traffic", {
  realId: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  /** 0 SMTP, 1 FTP. */
  type: integer().notNull(),
  robot: text().notNull(),
  receivedTime: tstz().notNull(),
  status: integer().notNull(),
  errorLabel: text(),
  deliveryStatus: integer(),
  deliveryAttempts: integer().notNull().default(0),
  code: integer(),
  logId: bigint({ mode: "number" }),
  routageId: integer(),
  tgidId: integer().references(() => tgids.id, { onDelete: "set null" }),
  content: text(),
}, (t) => [
  index("robot_traffic_received_idx").on(t.receivedTime),
  index("robot_traffic_status_idx").on(t.status, t.receivedTime),
  index("robot_traffic_type_idx").on(t.type),
  index("robot_traffic_robot_idx").on(t.robot),
  index("robot_traffic_tgid_idx").on(t.tgidId),
]);

/** Messaging C: messages handed to the LES (station) for an Inmarsat C terminal. */
export const stationMessages = pgTable("station_messages", {
  refNum: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  /** The command (list, group, item) that carries the message, when sent from the portal. */
  listId: integer(),
  groupId: integer(),
  itemId: integer(),
  userKey: integer().references(() => users.key, { onDelete: "set null" }),
  /** The sender's company: a client sees its own company's messages only. */
  companyId: integer().references(() => companies.id, { onDelete: "set null" }),
  les: integer().notNull(),
  recipient: text().notNull(),
  /**
   * The recipient terminal's label when the message was sent, as the message's company saw it
   * (none of another company's terminal); kept, never updated (docs/decisions/0019).
   */
  recipientLabel: text(),
  carbonCopies: text().array().notNull().default([]),
  format: text().notNull().default("text"),
  text: text().notNull().default(""),
  size: integer().notNull(),
  /** Station message status (0 forward in progress … 100 missing call data). */
  status: integer().notNull().default(0),
  notification: text(),
  /** Delivery notification: e-mail recipients, the sender's reference, a custom date. */
  notificationRecipients: text().array().notNull().default([]),
  notificationReference: text(),
  notificationDate: tstz(),
  /** From and reply-to addresses, when the sender activated them. */
  sender: text(),
  replyTo: text(),
  attachmentName: text(),
  /** The stored upload (files.name) holding the attachment's bytes, and their size. */
  attachmentFile: text(),
  attachmentSize: integer(),
  attachmentType: text(),
  /** When the land earth station next moves the message on (null once final). */
  nextStepAt: tstz(),
  createdAt: tstz().notNull().defaultNow(),
  updatedAt: tstz().notNull().defaultNow(),
}, (t) => [
  index("station_messages_user_idx").on(t.userKey, t.createdAt),
  index("station_messages_company_idx").on(t.companyId, t.createdAt),
  index("station_messages_list_idx").on(t.listId),
  index("station_messages_next_step_idx").on(t.nextStepAt).where(
    sql`${t.nextStepAt} is not null`,
  ),
  index("station_messages_created_idx").on(t.createdAt),
  index("station_messages_status_idx").on(t.status),
  index("station_messages_recipient_idx").on(t.recipient),
]);

/** Recipients a user has sent Messaging C messages to (autocomplete history). */
export const recipientHistory = pgTable(
  "recipient_history",
  {
    userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
    mtl: text().notNull(),
    usedAt: tstz().notNull().defaultNow(),
  },
  (
    t,
  ) => [
    primaryKey({ columns: [t.userKey, t.mtl] }),
    index("recipient_history_used_idx").on(t.userKey, t.usedAt),
  ],
);
