/**
 * Reset password (administrators) and set password (public, with the link's token):
 * docs/decisions/0008-users-and-passwords.md.
 */
import { createRoute, type RouteHandler } from "@hono/zod-openapi";
import {
  type AppEnv,
  AUTHED_ERRORS,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "../../router.ts";
import { requireAdmin } from "../../auth/middleware.ts";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  RESET_LINK_HOURS,
  ResetPasswordResponseSchema,
  ResetPasswordSchema,
  SetPasswordSchema,
  USER_MESSAGES,
} from "../../../openapi/schemas/users.ts";
import { SuccessSchema } from "../../../openapi/schemas/common.ts";
import { resetPassword, setPasswordWithToken } from "../../services/users/password_reset.ts";
import { setFlash } from "../../pages/flash.ts";

export const resetPasswordRoute = createRoute({
  method: "post",
  path: "/rest/users/resetPassword",
  tags: ["Users"],
  summary: "Reset a user's password",
  description: "Administrators only. A reason is required (1 to 500 characters). The user's " +
    "password stops working and every session of the user ends; the answer is a single-use " +
    `link, valid ${RESET_LINK_HOURS} hours, for the user to set a new password (earlier unused ` +
    "links stop working). Only a digest of the link's token is stored: it cannot be shown again.",
  middleware: [requireAdmin] as const,
  request: { body: jsonBody(ResetPasswordSchema) },
  responses: {
    200: jsonResponse(ResetPasswordResponseSchema, "The link to hand to the user"),
    ...errorResponses(...AUTHED_ERRORS, 404),
  },
});

export const SET_PASSWORD_PATH = "/rest/users/setPassword";

export const setPasswordRoute = createRoute({
  method: "post",
  path: SET_PASSWORD_PATH,
  tags: ["Users"],
  summary: "Set a password with a reset link",
  description: "Public (no session): the token of a link from Reset password and the new " +
    `password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters). A link works once; an unknown, ` +
    `used or expired one answers 400 '${USER_MESSAGES.linkInvalid}'.`,
  security: [],
  request: { body: jsonBody(SetPasswordSchema) },
  responses: {
    200: jsonResponse(SuccessSchema, "The password is set: the user can sign in with it"),
    ...errorResponses(400, 403, 413, 500),
  },
});

export const resetPasswordHandler: RouteHandler<typeof resetPasswordRoute, AppEnv> = async (c) =>
  c.json(await resetPassword(c.var.deps.db, c.var.user, c.req.valid("json")), 200);

export const setPasswordHandler: RouteHandler<typeof setPasswordRoute, AppEnv> = async (c) => {
  const { db, config } = c.var.deps;
  await setPasswordWithToken(db, config.PASSWORD_ITERATIONS, c.req.valid("json"));
  // The login page the browser goes to next says so.
  setFlash(c, { kind: "success", message: USER_MESSAGES.passwordSet });
  return c.json({ success: true as const }, 200);
};
