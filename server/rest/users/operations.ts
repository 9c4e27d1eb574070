/**
 * The /rest/users calls (portal-shell §7 Users, plus find for the list page): all for
 * administrators, but setting a password with a reset link.
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import {
  AddAliasSchema,
  ChangeIdSchema,
  ChangeStatusSchema,
  ChangeTeamSchema,
  DeleteAliasSchema,
  EXAMPLE_RESET_TOKEN,
  GetUserQuerySchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_LINK_HOURS,
  ResetPasswordResponseSchema,
  ResetPasswordSchema,
  SearchUserListSchema,
  SetPasswordSchema,
  USER_MESSAGES,
  UserCreatedSchema,
  UserCreateSchema,
  UserHierarchySchema,
  UserListSchema,
  UserSchema,
  UsersFindRequestSchema,
  UsersFindResponseSchema,
  UserUpdateSchema,
} from "../../../openapi/schemas/users/users.ts";
import { SuccessSchema } from "../../../openapi/schemas/common.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { DEFAULT_USER_QUOTA, MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

/** Refusals of a user's company and team (create, update). */
const TEAM_OF_COMPANY_RULES = [
  USER_MESSAGES.unknownCompany,
  USER_MESSAGES.unknownTeam,
  USER_MESSAGES.teamNotInCompany,
];

export const search = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/users/search",
  summary: "Find users",
  description: "Users whose login, mail, first or last name contains the text " +
    `(case-insensitive), with their company and team, at most ${MULTISELECT_SEARCH_LIMIT}: ` +
    "exact matches first, then by login.",
  request: { query: SearchQuerySchema },
  responses: {
    200: jsonResponse(SearchUserListSchema, "Matching users"),
  },
});

export const getUser = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/users/getUser",
  summary: "One user",
  description:
    "The user as read: access flags, quota, company, team, e-mail aliases (`mailLogin`) and " +
    "whether a password is set (never the password itself).",
  request: { query: GetUserQuerySchema },
  responses: {
    200: jsonResponse(UserSchema, "The user"),
  },
  errors: [404],
});

export const hierarchy = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/users/hierarchy",
  summary: "Users by company and team",
  description:
    "Companies that have users (by name), each with its teams that have users (by name), each " +
    "with its users (by id).",
  responses: {
    200: jsonResponse(UserHierarchySchema, "Companies → teams → users"),
  },
});

export const all = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/users/all",
  summary: "Every user",
  description: "Every user with company and team, by id.",
  responses: {
    200: jsonResponse(UserListSchema, "Every user"),
  },
});

export const find = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/users/find",
  paged: true,
  summary: "Find users (the user list)",
  description:
    "The user list: filtered (parts of id, name, company or team, any case; active or not), " +
    "sorted (default: id ascending) and paged.",
  request: { body: jsonBody(UsersFindRequestSchema) },
  responses: {
    200: jsonResponse(UsersFindResponseSchema, "One page of users, with the totals"),
  },
});

export const create = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/users/create",
  rules: TEAM_OF_COMPANY_RULES,
  summary: "Create a user",
  description:
    `Company and team are required ('${ADMIN_MESSAGES.selectCompanyAndTeam}'), and the team ` +
    "must belong to the company. Defaults: web access only, " +
    `${DEFAULT_USER_QUOTA} e-mails per hour, active. The id and every alias must not already ` +
    "be a user id or an alias (409). The new user has no password: `passwordLink` is their " +
    `single-use link to set one (valid ${RESET_LINK_HOURS} hours), e-mailed to the user's mail ` +
    "when SMTP_RELAY is configured (then `mailed` is true and the link is not in the answer), " +
    "else (or when the e-mail failed, `mailError`) in `resetUrl` for the administrator to hand " +
    "over.",
  request: {
    body: jsonBody(UserCreateSchema, {
      id: "jane.doe@example.com",
      company: 12,
      team: 12,
      firstName: "Jane",
      lastName: "Doe",
    }),
  },
  responses: {
    200: jsonResponse(UserCreatedSchema, "The new user, and their set-password link"),
  },
  errors: [409],
});

export const update = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/users/update",
  rules: TEAM_OF_COMPANY_RULES,
  summary: "Change a user",
  description:
    "`id` names the user (change it with changeId). Company and team are required; the other " +
    "fields change when given. `aliases`, when given, replaces every alias. Deactivating " +
    "oneself is refused (400).",
  request: {
    body: jsonBody(UserUpdateSchema, {
      id: "client@demo.test",
      company: 12,
      team: 12,
      firstName: "Seán",
      lastName: "O'Brien",
      messagingC: { access: true, rul: null },
    }),
  },
  responses: {
    200: jsonResponse(UserSchema, "The user as changed"),
  },
  errors: [404, 409],
});

export const changeId = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/users/changeId",
  summary: "Change a user's id (login)",
  description:
    "The same user under a new login: sessions, aliases and history stay; the mail follows " +
    "when it was the old id. The new id must be a valid e-mail address not used as any id or " +
    "alias (409).",
  request: {
    body: jsonBody(ChangeIdSchema, {
      oldId: "client@demo.test",
      newId: "sean.obrien@oceanic-fisheries.example",
    }),
  },
  responses: {
    200: jsonResponse(UserSchema, "The user under the new id"),
  },
  errors: [404, 409],
});

export const changeStatus = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/users/changeStatus",
  summary: "Activate or deactivate a user",
  description:
    "A deactivated user cannot sign in and their sessions end at once; reactivating restores " +
    "sign-in. An administrator cannot deactivate themself (400).",
  request: { body: jsonBody(ChangeStatusSchema, { userId: "client@demo.test", active: false }) },
  responses: {
    200: jsonResponse(UserSchema, "The user"),
  },
  errors: [404],
});

export const addEmailAlias = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/users/addEmailAlias",
  summary: "Add an e-mail alias",
  description:
    "The user may also sign in with the alias. It must be a valid e-mail address not used as " +
    "any id or alias (409).",
  request: {
    body: jsonBody(AddAliasSchema, { userId: "client@demo.test", alias: "fleet-ops@demo.test" }),
  },
  responses: {
    200: jsonResponse(UserSchema, "The user with the alias"),
  },
  errors: [404, 409],
});

export const deleteEmailAlias = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/users/deleteEmailAlias",
  summary: "Delete an e-mail alias",
  description: "404 when the address is not one of the user's aliases.",
  request: {
    body: jsonBody(DeleteAliasSchema, { userId: "client@demo.test", alias: "skipper@demo.test" }),
  },
  responses: {
    200: jsonResponse(UserSchema, "The user without the alias"),
  },
  errors: [404],
});

export const changeTeam = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/users/changeTeam",
  rules: [USER_MESSAGES.unknownTeam],
  summary: "Move a user to another team",
  description: "The user moves to the team and to the team's company.",
  request: { body: jsonBody(ChangeTeamSchema, { userId: "client@demo.test", teamId: 14 }) },
  responses: {
    200: jsonResponse(UserSchema, "The user in the new team"),
  },
  errors: [404],
});

export const resetPassword = defineRoute({
  access: "admin",
  refreshesSessions: true,
  method: "post",
  path: "/rest/users/resetPassword",
  summary: "Reset a user's password",
  description: "A reason is required: trimmed, 1 to 500 characters, line breaks " +
    "kept, no other control characters; it is recorded with the reset. The user's " +
    "password stops working and every session of the user ends; a single-use link, valid " +
    `${RESET_LINK_HOURS} hours, lets the user set a new password (earlier unused links stop ` +
    "working). With SMTP_RELAY it is e-mailed to the user's mail (`mailed`, no link in the " +
    "answer); else, or when the e-mail failed (`mailError`), the answer's `resetUrl` is the " +
    "link to hand over. Only a digest of the link's token is stored: it cannot be shown again.",
  request: {
    body: jsonBody(ResetPasswordSchema, {
      id: "client@demo.test",
      reason: "Forgotten password (phone call of 12 May)",
    }),
  },
  responses: {
    200: jsonResponse(ResetPasswordResponseSchema, "The link, or that it was e-mailed"),
  },
  errors: [404],
});

export const setPassword = defineRoute({
  audit: "self",
  access: "public",
  method: "post",
  path: "/rest/users/setPassword",
  summary: "Set a password with a reset link",
  description: "The token of a link from Reset password and the new " +
    `password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters). A link works once; an unknown, ` +
    `used or expired one answers 400 '${USER_MESSAGES.linkInvalid}'. When the password pool ` +
    "is full it answers 503 with `Retry-After`, as sign-in does, and the link still works.",
  request: {
    body: jsonBody(SetPasswordSchema, {
      token: EXAMPLE_RESET_TOKEN,
      password: "Harbour-lights-2026",
    }),
  },
  responses: {
    200: jsonResponse(SuccessSchema, "The password is set: the user can sign in with it"),
  },
  errors: [503],
});
