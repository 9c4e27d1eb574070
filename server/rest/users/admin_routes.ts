/** The administrators' user calls (portal-shell §7 Users, plus find for the list page). */
import { createRoute } from "@hono/zod-openapi";
import { AUTHED_ERRORS, errorResponses, jsonBody, jsonResponse } from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import {
  AddAliasSchema,
  ChangeIdSchema,
  ChangeStatusSchema,
  ChangeTeamSchema,
  DeleteAliasSchema,
  GetUserQuerySchema,
  UserCreateSchema,
  UserHierarchySchema,
  UserListSchema,
  UserSchema,
  UsersFindRequestSchema,
  UsersFindResponseSchema,
  UserUpdateSchema,
} from "../../../openapi/schemas/users.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { DEFAULT_USER_QUOTA } from "../../../openapi/enums.ts";

const ADMIN = "Administrators only. ";

export const getUser = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/rest/users/getUser",
  summary: "One user",
  description: ADMIN +
    "The user as read: access flags, quota, company, team, e-mail aliases (`mailLogin`) and " +
    "whether a password is set (never the password itself).",
  request: { query: GetUserQuerySchema },
  responses: {
    200: jsonResponse(UserSchema, "The user"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const hierarchy = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/rest/users/hierarchy",
  summary: "Users by company and team",
  description: ADMIN +
    "Companies that have users (by name), each with its teams that have users (by name), each " +
    "with its users (by id).",
  responses: {
    200: jsonResponse(UserHierarchySchema, "Companies → teams → users"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const all = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/rest/users/all",
  summary: "Every user",
  description: ADMIN + "Every user with company and team, by id.",
  responses: {
    200: jsonResponse(UserListSchema, "Every user"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const find = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/find",
  summary: "Find users (the user list)",
  description: ADMIN +
    "The user list: filtered (parts of id, name, company or team, any case; active or not), " +
    "sorted (default: id ascending) and paged.",
  request: { body: jsonBody(UsersFindRequestSchema) },
  responses: {
    200: jsonResponse(UsersFindResponseSchema, "One page of users, with the totals"),
    ...errorResponses(...AUTHED_ERRORS),
  },
});

export const create = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/create",
  summary: "Create a user",
  description: ADMIN +
    `Company and team are required ('${ADMIN_MESSAGES.selectCompanyAndTeam}'), and the team ` +
    "must belong to the company. Defaults: web access only, " +
    `${DEFAULT_USER_QUOTA} e-mails per hour, active. The id and every alias must not already ` +
    "be a user id or an alias (409). The new user has no password: Reset password gives the " +
    "link to set one.",
  request: { body: jsonBody(UserCreateSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The new user"),
    ...errorResponses(...AUTHED_ERRORS, 409),
  },
});

export const update = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/update",
  summary: "Change a user",
  description: ADMIN +
    "`id` names the user (change it with changeId). Company and team are required; the other " +
    "fields change when given. `aliases`, when given, replaces every alias. Deactivating " +
    "oneself is refused (400).",
  request: { body: jsonBody(UserUpdateSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user as changed"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});

export const changeId = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/changeId",
  summary: "Change a user's id (login)",
  description: ADMIN +
    "The same user under a new login: sessions, aliases and history stay; the mail follows " +
    "when it was the old id. The new id must be a valid e-mail address not used as any id or " +
    "alias (409).",
  request: { body: jsonBody(ChangeIdSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user under the new id"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});

export const changeStatus = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/changeStatus",
  summary: "Activate or deactivate a user",
  description: ADMIN +
    "A deactivated user cannot sign in and their sessions end at once; reactivating restores " +
    "sign-in. An administrator cannot deactivate themself (400).",
  request: { body: jsonBody(ChangeStatusSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const addEmailAlias = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/addEmailAlias",
  summary: "Add an e-mail alias",
  description: ADMIN +
    "The user may also sign in with the alias. It must be a valid e-mail address not used as " +
    "any id or alias (409).",
  request: { body: jsonBody(AddAliasSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user with the alias"),
    ...errorResponses(...AUTHED_ERRORS, 404, 409),
  },
});

export const deleteEmailAlias = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/deleteEmailAlias",
  summary: "Delete an e-mail alias",
  description: ADMIN + "404 when the address is not one of the user's aliases.",
  request: { body: jsonBody(DeleteAliasSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user without the alias"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const changeTeam = createRoute({
  tags: ["Users"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/rest/users/changeTeam",
  summary: "Move a user to another team",
  description: ADMIN + "The user moves to the team and to the team's company.",
  request: { body: jsonBody(ChangeTeamSchema) },
  responses: {
    200: jsonResponse(UserSchema, "The user in the new team"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});
