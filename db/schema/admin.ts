import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DEFAULT_NEWS_LEVEL,
  DEFAULT_TEAM_RIGHTS,
  DEFAULT_USER_QUOTA,
  NEWS_LEVELS,
  type Rights,
} from "../../openapi/enums.ts";
import { auditTimes, tstz } from "./columns.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const companies = pgTable("companies", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  ...auditTimes(),
}, (t) => [uniqueIndex("companies_name_key").on(t.name)]);

export const teams = pgTable("teams", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  companyId: integer().notNull().references(() => companies.id),
  rights: integer().$type<Rights>().notNull().default(DEFAULT_TEAM_RIGHTS),
  mtlInfoActive: boolean().notNull().default(false),
  mtlInfoFtp: boolean().notNull().default(false),
  ...auditTimes(),
}, (t) => [
  index("teams_company_idx").on(t.companyId),
  index("teams_name_idx").on(t.name),
  index("teams_rights_idx").on(t.rights),
]);

/**
 * Users. `id` is the login (an e-mail address, also the default mail) and can be changed with
 * changeId; `key` is the stable internal identity every other table and every session refers to.
 */
export const users = pgTable("users", {
  key: integer().primaryKey().generatedAlwaysAsIdentity(),
  id: text().notNull(),
  mail: text().notNull(),
  firstName: text().notNull().default(""),
  lastName: text().notNull().default(""),
  companyId: integer().notNull().references(() => companies.id),
  teamId: integer().notNull().references(() => teams.id),
  active: boolean().notNull().default(true),
  passwordHash: text(),
  passwordChangedAt: tstz(),
  webAccess: boolean().notNull().default(true),
  wsAccess: boolean().notNull().default(false),
  ftpAccess: boolean().notNull().default(false),
  messagingCAccess: boolean().notNull().default(false),
  messagingCRul: integer(),
  downloadDnid: boolean().notNull().default(false),
  telnetAccess: boolean().notNull().default(false),
  telnetAddress: text(),
  smtpAccess: boolean().notNull().default(false),
  gpgId: text(),
  gpgContent: text(),
  /** Maximum e-mails per hour. */
  quota: integer().notNull().default(DEFAULT_USER_QUOTA),
  /** Customer care case ("subject"). */
  subject: text(),
  ...auditTimes(),
}, (t) => [
  uniqueIndex("users_id_key").on(t.id),
  index("users_company_idx").on(t.companyId),
  index("users_team_idx").on(t.teamId),
  index("users_active_idx").on(t.active),
  index("users_name_idx").on(t.firstName, t.lastName),
]);

/** E-mail aliases a user may log in or receive with ("mailLogin"). */
export const userAliases = pgTable(
  "user_aliases",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
    mail: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
  },
  (
    t,
  ) => [
    uniqueIndex("user_aliases_mail_key").on(t.mail),
    index("user_aliases_user_idx").on(t.userKey),
  ],
);

/**
 * Single-use links to set a password, issued by an administrator's "Reset password"
 * (docs/decisions/0008). Only the SHA-256 of the random token is stored; a link works once,
 * until `expiresAt`, and issuing a new one invalidates the user's earlier unused ones.
 */
export const passwordResets = pgTable("password_resets", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
  /** SHA-256 of the token, base64url; the token itself is never stored. */
  tokenHash: text().notNull(),
  reason: text().notNull(),
  createdByKey: integer().references(() => users.key, { onDelete: "set null" }),
  createdAt: tstz().notNull().defaultNow(),
  expiresAt: tstz().notNull(),
  /** When the link was used, or invalidated by a newer one. */
  usedAt: tstz(),
}, (t) => [
  uniqueIndex("password_resets_token_key").on(t.tokenHash),
  index("password_resets_user_idx").on(t.userKey),
  index("password_resets_created_by_idx").on(t.createdByKey),
]);

export const newsLevel = pgEnum("news_level", NEWS_LEVELS);

export const news = pgTable("news", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  title: text().notNull(),
  content: text().notNull(),
  level: newsLevel().notNull().default(DEFAULT_NEWS_LEVEL),
  public: boolean().notNull().default(false),
  authorKey: integer().references(() => users.key, { onDelete: "set null" }),
  ...auditTimes(),
}, (t) => [index("news_created_idx").on(t.createdAt), index("news_level_idx").on(t.level)]);

/** Which news items a user has read. */
export const newsReads = pgTable(
  "news_reads",
  {
    userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
    newsId: integer().notNull().references(() => news.id, { onDelete: "cascade" }),
    readAt: tstz().notNull().defaultNow(),
  },
  (
    t,
  ) => [primaryKey({ columns: [t.userKey, t.newsId] }), index("news_reads_news_idx").on(t.newsId)],
);

export const errorCodes = pgTable("error_codes", {
  code: integer().primaryKey(),
  message: text().notNull(),
});

/** Stored downloadable files (the user guide PDF, attachments). */
export const files = pgTable("files", {
  name: text().primaryKey(),
  /** Owning company; null means every signed-in user may download it (the user guide). */
  companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
  contentType: text().notNull(),
  content: bytea().notNull(),
  size: integer().notNull(),
  /** Digest of the content (or of what it is rendered from): the HTTP ETag. */
  etag: text().notNull(),
  updatedAt: tstz().notNull().defaultNow(),
}, (t) => [index("files_company_idx").on(t.companyId)]);

/**
 * Chunks of a file being uploaded (POST /rest/file/upload), kept until the last one arrives and
 * they are assembled into `files`; abandoned uploads are pruned after a day (housekeeping).
 */
export const uploadChunks = pgTable("upload_chunks", {
  /** Made by the client for one upload; only its uploader may add chunks to it. */
  uploadId: uuid().notNull(),
  /** 0-based position of the chunk in the file. */
  index: integer().notNull(),
  userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
  companyId: integer().notNull().references(() => companies.id, { onDelete: "cascade" }),
  data: bytea().notNull(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.uploadId, t.index] }),
  index("upload_chunks_user_idx").on(t.userKey),
  index("upload_chunks_company_idx").on(t.companyId),
  index("upload_chunks_created_idx").on(t.createdAt),
]);

/** One row per signed-in session; the signed token names it, logout revokes it. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey(),
    userKey: integer().notNull().references(() => users.key, { onDelete: "cascade" }),
    remember: boolean().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    ip: text(),
  },
  (t) => [index("sessions_user_idx").on(t.userKey), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Every login attempt; lockout counts recent failures per username and per address. */
export const loginAttempts = pgTable("login_attempts", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  username: text().notNull(),
  ip: text().notNull(),
  succeeded: boolean().notNull(),
  attemptedAt: tstz().notNull().defaultNow(),
}, (t) => [
  index("login_attempts_username_idx").on(t.username, t.attemptedAt),
  index("login_attempts_ip_idx").on(t.ip, t.attemptedAt),
]);

export { bytea };
