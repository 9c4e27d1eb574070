import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DEFAULT_LES, ITEM_TYPES } from "../../openapi/enums.ts";
import { auditTimes, tstz } from "./columns.ts";
import { companies, teams, users } from "./admin.ts";

/** Remote user-logins, keyed by (id, les). */
export const ruls = pgTable("ruls", {
  id: integer().notNull(),
  les: integer().notNull().default(DEFAULT_LES),
  password: text().notNull().default(""),
  customerName: text().notNull().default(""),
  comments: text(),
  mailContact: text(),
  phoneContact: text(),
  companyName: text(),
  requesterName: text(),
  /**
   * The customer company the login is for (not in the spec's field list; decision 0010): its
   * users may pick the rul for their enids. Null: an operator's own login.
   */
  companyId: integer().references(() => companies.id),
  ...auditTimes(),
}, (t) => [
  primaryKey({ columns: [t.id, t.les] }),
  // An id names one rul whatever its LES ("The RUL with id {id} already exists"; decision 0010).
  uniqueIndex("ruls_id_key").on(t.id),
  index("ruls_customer_idx").on(t.customerName),
  index("ruls_company_idx").on(t.companyId),
]);

/** Terminal groups. The owning team is `teamId`; further teams share it through tgid_teams. */
export const tgids = pgTable("tgids", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  label: text(),
  teamId: integer().notNull().references(() => teams.id),
  createdBy: integer().references(() => users.key, { onDelete: "set null" }),
  createdOn: tstz().notNull().defaultNow(),
  updatedBy: integer().references(() => users.key, { onDelete: "set null" }),
  updatedOn: tstz().notNull().defaultNow(),
}, (t) => [index("tgids_team_idx").on(t.teamId), index("tgids_label_idx").on(t.label)]);

export const tgidTeams = pgTable(
  "tgid_teams",
  {
    tgidId: integer().notNull().references(() => tgids.id, { onDelete: "cascade" }),
    teamId: integer().notNull().references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tgidId, t.teamId] }), index("tgid_teams_team_idx").on(t.teamId)],
);

/** Data network identifiers, keyed by (id, les); les is always 21 on create and update. */
export const dnids = pgTable("dnids", {
  id: integer().notNull(),
  les: integer().notNull().default(DEFAULT_LES),
  companyId: integer().notNull().references(() => companies.id),
  teamId: integer().references(() => teams.id),
  tgidId: integer().references(() => tgids.id),
  rulId: integer(),
  carbonCopy: text(),
  comments: text(),
  comments2: text(),
  /** The monitoring flag. */
  immediateDelivery: boolean().notNull().default(false),
  vms: integer().notNull().default(0),
  color: text(),
  ...auditTimes(),
}, (t) => [
  primaryKey({ columns: [t.id, t.les] }),
  foreignKey({ columns: [t.rulId, t.les], foreignColumns: [ruls.id, ruls.les] }),
  index("dnids_company_idx").on(t.companyId),
  index("dnids_tgid_idx").on(t.tgidId),
  index("dnids_team_idx").on(t.teamId),
  index("dnids_monitoring_idx").on(t.immediateDelivery),
]);

/** One terminal (member) registered on a dnid, with its program. */
export const dnidStatuses = pgTable("dnid_statuses", {
  dnidId: integer().notNull(),
  les: integer().notNull(),
  member: integer().notNull(),
  /** The mtl (terminal identifier, imn). */
  device: text().notNull(),
  serial: text(),
  /** Negative: not authorized; below 3: active; 3 or more: inactive. */
  status: integer().notNull().default(0),
  progActive: boolean().notNull().default(false),
  progInterval: integer(),
  progStartFrame: integer(),
  progUpdatedOn: tstz(),
  updatedOn: tstz().notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.dnidId, t.les, t.member, t.device] }),
  foreignKey({ columns: [t.dnidId, t.les], foreignColumns: [dnids.id, dnids.les] }).onDelete(
    "cascade",
  ),
  index("dnid_statuses_device_idx").on(t.device),
  index("dnid_statuses_status_idx").on(t.status),
  index("dnid_statuses_updated_idx").on(t.updatedOn),
]);

/** The default (dnid, les, member) of a terminal; the "default flag" of a dnid status. */
export const defaultMtls = pgTable("default_mtls", {
  deviceId: text().primaryKey(),
  dnidId: integer().notNull(),
  les: integer().notNull(),
  member: integer().notNull(),
  updatedAt: tstz().notNull().defaultNow(),
}, (t) => [
  foreignKey({ columns: [t.dnidId, t.les], foreignColumns: [dnids.id, dnids.les] }).onDelete(
    "cascade",
  ),
  index("default_mtls_dnid_idx").on(t.dnidId, t.les),
]);

export const enids = pgTable("enids", {
  id: integer().notNull(),
  rulLes: integer().notNull().default(DEFAULT_LES),
  companyId: integer().notNull().references(() => companies.id),
  rulId: integer().notNull(),
  comments: text(),
  comments2: text(),
  ...auditTimes(),
}, (t) => [
  primaryKey({ columns: [t.id, t.rulLes] }),
  // GET /rest/enids/get?id names one enid whatever its LES (decision 0010).
  uniqueIndex("enids_id_key").on(t.id),
  foreignKey({ columns: [t.rulId, t.rulLes], foreignColumns: [ruls.id, ruls.les] }),
  index("enids_company_idx").on(t.companyId),
  index("enids_rul_idx").on(t.rulId),
]);

export const enidTeams = pgTable("enid_teams", {
  enidId: integer().notNull(),
  rulLes: integer().notNull(),
  teamId: integer().notNull().references(() => teams.id, { onDelete: "cascade" }),
}, (t) => [
  primaryKey({ columns: [t.enidId, t.rulLes, t.teamId] }),
  foreignKey({ columns: [t.enidId, t.rulLes], foreignColumns: [enids.id, enids.rulLes] }).onDelete(
    "cascade",
  ),
  index("enid_teams_team_idx").on(t.teamId),
]);

export const deviceTypes = pgTable("device_types", {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** Template handler code (-1 is the default template). */
  handler: integer().notNull(),
  deletable: boolean().notNull(),
  addForm: boolean().notNull(),
});

export const terminals = pgTable("terminals", {
  deviceId: integer().primaryKey().generatedByDefaultAsIdentity(),
  deviceTypeId: integer().notNull().references(() => deviceTypes.id),
  deviceLabel: text(),
  tgidId: integer().notNull().references(() => tgids.id),
  terminalSpecificIdentifier: text(),
  /** Seconds; 0 is the device's default. */
  trackingFrequency: integer().notNull().default(0),
  transmitNoChangeEnabled: boolean().notNull().default(false),
  transmitOnUpdateEnabled: boolean().notNull().default(false),
  fastTrackingEnabled: boolean().notNull().default(false),
  updateDate: tstz().notNull().defaultNow(),
}, (t) => [
  index("terminals_type_idx").on(t.deviceTypeId),
  index("terminals_tgid_idx").on(t.tgidId),
  index("terminals_label_idx").on(t.deviceLabel),
  index("terminals_identifier_idx").on(t.terminalSpecificIdentifier),
  // A device type's identifier (imn, IMEI, IMSI, ...) names one terminal (decision 0011).
  uniqueIndex("terminals_type_identifier_key").on(t.deviceTypeId, t.terminalSpecificIdentifier),
  index("terminals_updated_idx").on(t.updateDate),
]);

export const itemType = pgEnum("item_type", ITEM_TYPES);

/** Item logs of a terminal: the last known value of each named property. */
export const terminalItems = pgTable("terminal_items", {
  deviceId: integer().notNull().references(() => terminals.deviceId, { onDelete: "cascade" }),
  name: text().notNull(),
  type: itemType().notNull(),
  value: text(),
  label: text(),
  updatedAt: tstz().notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.deviceId, t.name] })]);

/** Inmarsat C mobile terminals (mtl), attached to a terminal of device type 0. */
export const mtls = pgTable("mtls", {
  /** The inmarsat mobile number (imn), also the mtl id. */
  imn: text().primaryKey(),
  deviceId: integer().references(() => terminals.deviceId, { onDelete: "cascade" }),
  serial: text(),
  model: text(),
  fwdId: text(),
  deviceLabel: text(),
  mtl: integer().notNull().default(0),
  region: integer(),
  isValid: boolean().notNull().default(true),
  miniC: boolean().notNull().default(false),
  updateDate: tstz().notNull().defaultNow(),
}, (t) => [
  uniqueIndex("mtls_device_key").on(t.deviceId),
  index("mtls_serial_idx").on(t.serial),
  index("mtls_model_idx").on(t.model),
]);

/** Routing exception: a (dnid, les, member, ocean) whose data is routed to the tgid. */
export const routingMemberRules = pgTable("routing_member_rules", {
  tgidId: integer().notNull().references(() => tgids.id, { onDelete: "cascade" }),
  dnidId: integer().notNull(),
  les: integer().notNull(),
  member: integer().notNull(),
  ocean: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.tgidId, t.dnidId, t.les, t.member, t.ocean] }),
  foreignKey({ columns: [t.dnidId, t.les], foreignColumns: [dnids.id, dnids.les] }).onDelete(
    "cascade",
  ),
  index("routing_member_rules_dnid_idx").on(t.dnidId, t.les, t.member),
]);

/** Routing exception: an mtl whose data is routed to the tgid. */
export const routingMtlRules = pgTable(
  "routing_mtl_rules",
  {
    tgidId: integer().notNull().references(() => tgids.id, { onDelete: "cascade" }),
    mtlId: text().notNull().references(() => mtls.imn, { onDelete: "cascade" }),
    createdAt: tstz().notNull().defaultNow(),
  },
  (
    t,
  ) => [
    primaryKey({ columns: [t.tgidId, t.mtlId] }),
    index("routing_mtl_rules_mtl_idx").on(t.mtlId),
  ],
);

/** A batch of commands sent together by a user over one protocol. */
export const commandLists = pgTable("command_lists", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  userKey: integer().references(() => users.key, { onDelete: "set null" }),
  companyId: integer().references(() => companies.id),
  date: tstz().notNull().defaultNow(),
  protocol: integer().notNull(),
  terminated: boolean().notNull().default(false),
}, (t) => [
  index("command_lists_date_idx").on(t.date),
  index("command_lists_user_idx").on(t.userKey),
  index("command_lists_company_idx").on(t.companyId),
  index("command_lists_protocol_idx").on(t.protocol),
  index("command_lists_terminated_idx").on(t.terminated),
]);

/** One command of a list, identified by (listId, groupId, itemId). */
export const commands = pgTable("commands", {
  listId: integer().notNull().references(() => commandLists.id, { onDelete: "cascade" }),
  groupId: integer().notNull(),
  itemId: integer().notNull(),
  command: text().notNull(),
  /** Target terminal (mtl or device id). */
  mt: text(),
  /**
   * The target terminal's label when the command was sent, as the list's company saw it (none of
   * another company's terminal); kept, never updated (docs/decisions/0019).
   */
  targetLabel: text(),
  shoutMtType: integer(),
  genericCommandType: integer(),
  commandSubType: integer(),
  status: integer().notNull().default(0),
  errorCode: integer(),
  errorLabel: text(),
  parameters: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  /** The requested start (tracking and program commands); 3 Start time delayed until then. */
  startAt: tstz(),
  /**
   * When the land earth station next moves the command on (server/station/): null once it is final,
   * or for commands the station does not drive (seeded history).
   */
  nextStepAt: tstz(),
  ...auditTimes(),
}, (t) => [
  primaryKey({ columns: [t.listId, t.groupId, t.itemId] }),
  index("commands_status_idx").on(t.status),
  index("commands_mt_idx").on(t.mt),
  index("commands_next_step_idx").on(t.nextStepAt).where(sql`${t.nextStepAt} is not null`),
]);
