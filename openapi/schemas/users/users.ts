/**
 * Users (portal-shell §3, §5 and §7): the administrators' calls under /rest/users and the public
 * set-password call, shared by the server and the islands (forms validate with the same schemas
 * before anything is sent). Decisions: docs/decisions/0008-users-and-passwords.md.
 */
import { z } from "zod";
import { DEFAULT_USER_QUOTA } from "../../enums.ts";
import { ADMIN_MESSAGES, formMessages } from "../messages.ts";
import { findRequestSchema, findResponseSchema } from "../find.ts";
import {
  emailText,
  line,
  MAX_ID,
  nonBlank,
  optionalText,
  RefSchema,
  TeamRightsRefSchema,
  textFilter,
  trimmedBlock,
  trimmedLine,
} from "../common.ts";
import {
  ALIASES_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  QUOTA_MAX,
  REASON_MAX,
  RESET_PAGE_PATH,
  USER_MESSAGES,
} from "./user_messages.ts";

export * from "./user_messages.ts";

const trimmed = optionalText;

/** A text that may be empty: "" and null are both stored as null. */
const nullableText = (text: z.ZodType<string, string>) =>
  z.union([text, z.null()]).optional().transform((v) => v ? v : null);

/** An e-mail address, trimmed and lower-cased. */
const emailSchema = (label: string) =>
  emailText(
    trimmedLine(label).toLowerCase()
      .min(1, formMessages.required(label))
      .max(EMAIL_MAX, formMessages.maxLength(label, EMAIL_MAX)),
    USER_MESSAGES.email(label),
  );

/** A user id as a reference (an existing login): trimmed and lower-cased, not re-validated. */
const userRefSchema = (label = "User id") =>
  nonBlank(
    trimmedLine(label).toLowerCase()
      .min(1, formMessages.required(label))
      .max(EMAIL_MAX, formMessages.maxLength(label, EMAIL_MAX)),
  );

/** The company or team of a user: required together ('Please select a company and a team.'). */
const companyOrTeam = () => {
  const error = ADMIN_MESSAGES.selectCompanyAndTeam;
  return z.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error });
};

/** downloadDnid as the spec sends it: 1 or 0 (1 means true); a boolean is taken too. */
const flag = z.union([z.literal(1), z.literal(0), z.boolean()], {
  error: "downloadDnid is 1 or 0",
}).transform((v) => v === 1 || v === true);

const quotaSchema = z.number({ error: formMessages.match("Maximum e-mails per hour") })
  .int(formMessages.match("Maximum e-mails per hour"))
  .min(0, formMessages.min("Maximum e-mails per hour", 0))
  .max(QUOTA_MAX, formMessages.max("Maximum e-mails per hour", QUOTA_MAX));

const rulSchema = z.union([
  z.number({ error: formMessages.match("Rul") }).int(formMessages.match("Rul"))
    .min(0, formMessages.min("Rul", 0)).max(MAX_ID, formMessages.max("Rul", MAX_ID)),
  z.null(),
], { error: formMessages.match("Rul") });

/** An armoured PGP key: several lines. */
const pgpKey = trimmedBlock("PGP content").max(
  20_000,
  formMessages.maxLength("PGP content", 20_000),
);

const aliasesSchema = z.array(emailSchema("E-mail alias"))
  .max(ALIASES_MAX, formMessages.maxItems("e-mail aliases", ALIASES_MAX))
  // The same alias twice is one alias.
  .transform((list) => [...new Set(list)]);

/**
 * The write shape of create (portal-shell §3): company and team come first, so a form missing
 * them answers 'Please select a company and a team.' whatever else is wrong.
 */
export const UserCreateSchema = z.object({
  company: companyOrTeam().meta({ description: "The company's id (required with team)" }),
  team: companyOrTeam().meta({ description: "The team's id; must belong to the company" }),
  id: emailSchema("User id").meta({
    description: "The login: a valid e-mail address, stored lower-cased",
    example: "jane.doe@example.com",
  }),
  mail: z.union([emailSchema("Mail"), z.literal(""), z.null()]).optional()
    .transform((v) => v || undefined)
    .meta({ description: "Where the user's mail goes; empty means the user id" }),
  firstName: trimmed("First name", NAME_MAX).default(""),
  lastName: trimmed("Last name", NAME_MAX).default(""),
  webAccess: z.boolean().default(true),
  wsAccess: z.boolean().default(false),
  ftpAccess: z.boolean().default(false),
  messagingC: z.object({
    access: z.boolean().default(false),
    rul: rulSchema.optional().transform((v) => v ?? null),
  }).default({ access: false, rul: null }),
  downloadDnid: flag.default(false).meta({ description: "1 or 0 (1 means true)" }),
  customerCareCase: nullableText(trimmed("Customer care case", 200)),
  telnet: z.object({
    access: z.boolean().default(false),
    address: nullableText(trimmed("Telnet address", 255)),
  }).default({ access: false, address: null }),
  smtp: z.object({
    access: z.boolean().default(false),
    pgpId: nullableText(trimmed("PGP id", 200)),
    pgpContent: nullableText(pgpKey),
    quota: quotaSchema.default(DEFAULT_USER_QUOTA).meta({
      description: `Maximum e-mails per hour (default ${DEFAULT_USER_QUOTA})`,
    }),
  }).default({ access: false, pgpId: null, pgpContent: null, quota: DEFAULT_USER_QUOTA }),
  active: z.boolean().default(true),
  aliases: aliasesSchema.default([]).meta({
    description: "E-mail aliases the user may also sign in with",
  }),
}).meta({ id: "UserCreate" });
export type UserCreate = z.output<typeof UserCreateSchema>;

/**
 * Update: the same fields; `id` names the user (it is changed with changeId only). A field left
 * out keeps its value; `aliases`, when given, replaces the whole set.
 */
export const UserUpdateSchema = z.object({
  company: companyOrTeam(),
  team: companyOrTeam(),
  id: userRefSchema().meta({ description: "The user to change (not changed here: see changeId)" }),
  mail: z.union([emailSchema("Mail"), z.literal(""), z.null()]).optional()
    .meta({ description: "Empty means the user id; left out keeps the current mail" }),
  firstName: trimmed("First name", NAME_MAX).optional(),
  lastName: trimmed("Last name", NAME_MAX).optional(),
  webAccess: z.boolean().optional(),
  wsAccess: z.boolean().optional(),
  ftpAccess: z.boolean().optional(),
  messagingC: z.object({ access: z.boolean().optional(), rul: rulSchema.optional() }).optional(),
  downloadDnid: flag.optional().meta({ description: "1 or 0 (1 means true)" }),
  customerCareCase: z.union([trimmed("Customer care case", 200), z.null()]).optional(),
  telnet: z.object({
    access: z.boolean().optional(),
    address: z.union([trimmed("Telnet address", 255), z.null()]).optional(),
  }).optional(),
  smtp: z.object({
    access: z.boolean().optional(),
    pgpId: z.union([trimmed("PGP id", 200), z.null()]).optional(),
    pgpContent: z.union([pgpKey, z.null()]).optional(),
    quota: quotaSchema.optional(),
  }).optional(),
  active: z.boolean().optional(),
  aliases: aliasesSchema.optional().meta({ description: "When given, replaces every alias" }),
}).meta({ id: "UserUpdate" });
export type UserUpdate = z.output<typeof UserUpdateSchema>;

// ---- reads ----

const MailLoginSchema = z.object({
  user_id: z.string().meta({ description: "The user's id" }),
  mail: z.string().meta({ description: "The alias" }),
}).meta({ id: "MailLogin" });

/** What a user's list entry has after the id; the user as read has it too. */
const listedFields = {
  mail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  company: RefSchema,
  team: TeamRightsRefSchema,
};

/** The user as read (portal-shell §3); never the password hash. */
export const UserSchema = z.object({
  id: z.string().meta({ description: "The login (an e-mail address)", example: "jane@x.example" }),
  ...listedFields,
  quota: z.number().int().meta({ description: "Maximum e-mails per hour" }),
  webAccess: z.boolean(),
  wsAccess: z.boolean(),
  ftpAccess: z.boolean(),
  messagingCAccess: z.boolean(),
  messagingCRul: z.number().int().nullable(),
  downloadDnid: z.boolean(),
  telnetAccess: z.boolean(),
  telnetAddress: z.string().nullable(),
  smtpAccess: z.boolean(),
  gpgId: z.string().nullable(),
  gpgContent: z.string().nullable(),
  subject: z.string().nullable().meta({ description: "Customer care case" }),
  mailLogin: z.array(MailLoginSchema).meta({ description: "E-mail aliases, by address" }),
  hasPassword: z.boolean().meta({
    description: "False after a password reset until the user sets a new one",
  }),
}).meta({ id: "User" });
export type User = z.infer<typeof UserSchema>;

/** A user in lists (all, find). */
const UserListItemSchema = z.object({ id: z.string(), ...listedFields })
  .meta({ id: "UserListItem" });
export type UserListItem = z.infer<typeof UserListItemSchema>;
export const UserListSchema = z.array(UserListItemSchema).meta({ id: "UserList" });

export const UserHierarchySchema = z.array(z.object({
  id: z.number().int(),
  name: z.string(),
  teams: z.array(TeamRightsRefSchema.extend({
    users: z.array(z.object({
      id: z.string(),
      mail: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      active: z.boolean(),
    })).meta({ description: "By id" }),
  })).meta({ description: "Teams with users, by name" }),
})).meta({
  id: "UserHierarchy",
  description: "Companies with users, by name → their teams with users → the users",
});
export type UserHierarchy = z.infer<typeof UserHierarchySchema>;

export const GetUserQuerySchema = z.object({
  user: userRefSchema().meta({
    description: "The user's id",
    example: "admin@demo.test",
    param: { in: "query" },
  }),
});

// ---- the list page's find ----

const USER_SORT_FIELDS = ["id", "name", "company", "team", "active"] as const;

const UsersFilterSchema = z.object({
  id: textFilter("Id").meta({ description: "Part of the id, any case" }),
  name: textFilter("Name").meta({ description: "Part of the first or last name, any case" }),
  company: textFilter("Company").meta({ description: "Part of the company name" }),
  team: textFilter("Team").meta({ description: "Part of the team name" }),
  active: z.union([z.boolean(), z.enum(["true", "false"])], {
    error: "Status is Active (true) or Inactive (false)",
  }).transform((v) => v === true || v === "true").optional()
    .meta({ description: "true: active users only; false: inactive ones" }),
}).strict().meta({ id: "UsersFilter" });

export const UsersFindRequestSchema = findRequestSchema(
  "UsersFindRequest",
  UsersFilterSchema,
  USER_SORT_FIELDS,
  "id ascending",
);
export type UsersFindRequest = z.output<typeof UsersFindRequestSchema>;

export const UsersFindResponseSchema = findResponseSchema(
  "UsersFindResponse",
  UserListItemSchema,
  "user",
);
export type UsersFindResponse = z.infer<typeof UsersFindResponseSchema>;

// ---- the other calls ----

export const ChangeIdSchema = z.object({
  oldId: userRefSchema("Current user id"),
  newId: emailSchema("New user id"),
}).meta({ id: "UserChangeId" });

export const ResetPasswordSchema = z.object({
  id: userRefSchema(),
  // What the administrator writes for the record, in the dialog's multi-line box: line breaks are
  // kept, other control characters refused; blank (once trimmed) is no reason.
  reason: nonBlank(
    trimmedBlock("The reason", USER_MESSAGES.reasonRequired)
      .min(1, USER_MESSAGES.reasonRequired)
      .max(REASON_MAX, formMessages.maxLength("The reason", REASON_MAX)),
    "block",
  ),
}).meta({ id: "UserResetPassword" });

/**
 * A set-password link as issued on create and reset: e-mailed to the user when SMTP_RELAY is
 * configured (then not in the answer: it goes to the user only), else, or when the e-mail
 * failed, in `resetUrl` for the administrator to hand over (docs/decisions/0008).
 */
const SetPasswordLinkSchema = z.object({
  resetUrl: z.string().nullable().meta({
    description: `The single-use link (a path: ${RESET_PAGE_PATH}?token=…) to hand to the ` +
      "user; null when it was e-mailed to them",
  }),
  expiresAt: z.string().meta({ description: "When the link stops working (ISO 8601)" }),
  mailed: z.boolean().meta({
    description: "Whether the link was e-mailed to the user (SMTP_RELAY is configured and " +
      "the relay took the e-mail)",
  }),
  mailedTo: z.string().nullable().meta({
    description: "The address the e-mail went (or was to go) to: the user's mail; null " +
      "without SMTP_RELAY",
  }),
  mailError: z.string().nullable().meta({
    description: "Why the e-mail could not be sent (the link is then in resetUrl); null " +
      "otherwise",
  }),
}).meta({ id: "UserSetPasswordLink" });
export type SetPasswordLink = z.infer<typeof SetPasswordLinkSchema>;

export const ResetPasswordResponseSchema = SetPasswordLinkSchema;
export type ResetPasswordResponse = SetPasswordLink;

/** create's answer: the new user and the link to set their first password. */
export const UserCreatedSchema = UserSchema.extend({
  passwordLink: SetPasswordLinkSchema,
}).meta({ id: "UserCreated" });
export type UserCreated = z.infer<typeof UserCreatedSchema>;

export const passwordSchema = line("Password")
  .min(PASSWORD_MIN, formMessages.minLength("The password", PASSWORD_MIN))
  .max(PASSWORD_MAX, formMessages.maxLength("The password", PASSWORD_MAX));

/**
 * The token of the set-password example: a made-up link, which the examples' world
 * (tests/fixtures/example_world.ts) holds.
 */
export const EXAMPLE_RESET_TOKEN = "rY4mL0h2Qk7vN8sW1xZ3cB5dF6gH9jK2pT4uV7wX0yA";

export const SetPasswordSchema = z.object({
  token: line("Token", USER_MESSAGES.linkInvalid).min(1, USER_MESSAGES.linkInvalid)
    .max(200, USER_MESSAGES.linkInvalid),
  password: passwordSchema,
}).meta({ id: "UserSetPassword" });

/** The reset page's form: the password twice. */
export const SetPasswordFormSchema = z.object({
  password: passwordSchema,
  confirm: line("Confirmation"),
}).refine((v) => v.password === v.confirm, {
  error: USER_MESSAGES.passwordsDiffer,
  path: ["confirm"],
});

export const ChangeStatusSchema = z.object({
  userId: userRefSchema(),
  active: z.boolean({ error: "active is true or false" }),
}).meta({ id: "UserChangeStatus" });

export const AddAliasSchema = z.object({
  userId: userRefSchema(),
  alias: emailSchema("E-mail alias"),
}).meta({ id: "UserAddAlias" });

export const DeleteAliasSchema = z.object({
  userId: userRefSchema(),
  alias: userRefSchema("E-mail alias"),
}).meta({ id: "UserDeleteAlias" });

export const ChangeTeamSchema = z.object({
  userId: userRefSchema(),
  teamId: z.number({ error: ADMIN_MESSAGES.selectCompanyAndTeam }).int().min(1).max(MAX_ID),
}).meta({ id: "UserChangeTeam" });

// ---- search ----

const SearchUserSchema = z.object({
  id: z.string().meta({ description: "The login", example: "admin@demo.test" }),
  mail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  company: RefSchema,
  team: RefSchema,
}).meta({ id: "SearchUser" });
export type SearchUser = z.infer<typeof SearchUserSchema>;
export const SearchUserListSchema = z.array(SearchUserSchema).meta({ id: "SearchUserList" });
