/** Signing in and out, and who is signed in (portal-shell §7, Session and shell). */
import { lockedMessage, SIGN_IN_INVALID } from "../../../../openapi/schemas/messages.ts";
import { ACCOUNT_MESSAGES } from "../../../../openapi/schemas/users/account_messages.ts";
import { z } from "@hono/zod-openapi";
import { defineRoute, jsonBody, jsonResponse, requiredHeader } from "../../define.ts";
import {
  LoginRequestSchema,
  LoginResponseSchema,
  SessionUserSchema,
} from "../../../../openapi/schemas/users/session.ts";
import { SuccessSchema } from "../../../../openapi/schemas/common.ts";
import {
  ChangePasswordResponseSchema,
  ChangePasswordSchema,
} from "../../../../openapi/schemas/users/account.ts";
import { DEFAULT_DEMO_PASSWORD } from "../../../config.ts";

/** The sign-in lockout's refusals (429), per username and per client address. */
const LOCK_RULES = [lockedMessage("username", 5), lockedMessage("address", 50)];

export const login = defineRoute({
  audit: "self",
  access: "public",
  method: "post",
  path: "/rest/users/login",
  rules: [SIGN_IN_INVALID, ...LOCK_RULES],
  summary: "Sign in",
  description:
    "Checks the credentials and starts a session: sets an HttpOnly SameSite=Strict cookie and " +
    "returns a bearer token. Repeated failures lock the username (and the address) for a " +
    "while: the 429 answer says when to retry. Passwords are checked a few at a time: when " +
    "more sign-ins wait than the server takes (`PASSWORD_QUEUE`), it answers 503 with " +
    "`Retry-After` at once, and the attempt does not count as a failed login. A missing " +
    "username or password answers 400 'Error empty login'.",
  request: {
    body: jsonBody(LoginRequestSchema, {
      username: "admin@demo.test",
      password: DEFAULT_DEMO_PASSWORD,
    }),
  },
  responses: {
    200: jsonResponse(LoginResponseSchema, "Signed in: the user and a bearer token", {
      "Set-Cookie": requiredHeader(
        "The session cookie for browsers (HttpOnly, SameSite=Strict; persistent with `remember`)",
      ),
    }),
  },
  errors: [401, 429, 503],
});

export const logout = defineRoute({
  audit: "self",
  access: "user",
  tenancy: "caller",
  method: "post",
  path: "/rest/users/logout",
  summary: "Sign out",
  description:
    "Ends the current session (the token stops working on every instance) and clears the cookie.",
  request: {
    body: { content: { "application/json": { schema: z.object({}).meta({ id: "Empty" }) } } },
  },
  responses: {
    200: jsonResponse(SuccessSchema, "Signed out", {
      "Set-Cookie": requiredHeader("Clears the session cookie"),
    }),
  },
});

export const current = defineRoute({
  access: "user",
  tenancy: "caller",
  method: "get",
  path: "/rest/users/current",
  summary: "The signed-in user",
  description: "Who is signed in, with the team rights that decide what the shell shows.",
  responses: { 200: jsonResponse(SessionUserSchema, "The signed-in user") },
});

export const changePassword = defineRoute({
  audit: "self",
  access: "user",
  tenancy: "caller",
  method: "post",
  path: "/rest/users/changePassword",
  rules: [ACCOUNT_MESSAGES.currentWrong, ...LOCK_RULES],
  summary: "Change your password",
  description: "The current password and a new one. Every other session of yours ends (on every " +
    "instance); this one goes on. A wrong current password answers 400 and counts as a failed " +
    "login: the sign-in lockout applies (429). When the password pool is full it answers 503 " +
    "with `Retry-After`, as sign-in does.",
  request: {
    body: jsonBody(ChangePasswordSchema, {
      currentPassword: DEFAULT_DEMO_PASSWORD,
      newPassword: "Harbour-lights-2026",
    }),
  },
  responses: {
    200: jsonResponse(ChangePasswordResponseSchema, "Changed: how many other sessions ended"),
  },
  errors: [429, 503],
  refreshesSessions: true,
});
