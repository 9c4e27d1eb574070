/**
 * The pages' forms that work without JavaScript (a press before the page hydrated, or scripts
 * off): the same checks and calls as the API's, then a redirect — to where the form leads, or
 * back to the form with the reason as a flash. Their CSRF guards run first (server/app.ts).
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../router.ts";
import { ApiError } from "../errors.ts";
import { setFlash } from "./flash.ts";
import { safeNext } from "./next.ts";
import { signInWithCookie } from "../rest/users/session/handlers.ts";
import { LoginRequestSchema } from "../../openapi/schemas/users/session.ts";
import {
  RESET_PAGE_PATH,
  SetPasswordFormSchema,
  USER_MESSAGES,
} from "../../openapi/schemas/users/users.ts";
import { setPasswordWithToken } from "../services/users/password_reset.ts";
import { pageUser } from "./page_user.ts";
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PAGE_PATH,
  ChangePasswordFormSchema,
} from "../../openapi/schemas/users/account.ts";
import { changeOwnPassword } from "../services/users/session/change_password.ts";

/** A posted field by name: its text, or "" when it was left out (files are not fields). */
type Fields = (name: string) => string;

/** The input as the schema parses it, else a 400 with the first issue's message. */
function parsed<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new ApiError(400, r.error.issues[0].message);
  return r.data;
}

/** A form post: `act` does the work and says where to go; a failure goes `back` with a flash. */
const formPost = (
  what: string,
  back: (fields: Fields) => string,
  act: (c: Context<AppEnv>, fields: Fields) => Promise<string>,
) =>
async (c: Context<AppEnv>) => {
  const body = await c.req.parseBody().catch(() => ({} as Record<string, unknown>));
  const fields: Fields = (name) => typeof body[name] === "string" ? body[name] as string : "";
  try {
    return c.redirect(await act(c, fields), 303);
  } catch (e) {
    if (!(e instanceof ApiError)) console.error(`form ${what} failed:`, e);
    setFlash(c, {
      kind: "error",
      message: e instanceof ApiError ? e.message : "Unknown server error",
    });
    return c.redirect(back(fields), 303);
  }
};

/** POST /login: the sign-in of POST /rest/users/login (lockout, session, cookie), then `next`. */
const login = formPost(
  "login",
  (f) => `/login?next=${encodeURIComponent(safeNext(f("next")))}`,
  async (c, f) => {
    const input = parsed(LoginRequestSchema, {
      username: f("username"),
      password: f("password"),
      remember: f("remember") === "on",
    });
    await signInWithCookie(c, input);
    return safeNext(f("next"));
  },
);

/** POST /login/reset: the new password of a set-password link, then the login page. */
const setPassword = formPost(
  "set-password",
  (f) => `${RESET_PAGE_PATH}?token=${encodeURIComponent(f("token").slice(0, 200))}`,
  async (c, f) => {
    const { password } = parsed(SetPasswordFormSchema, {
      password: f("password"),
      confirm: f("confirm"),
    });
    await setPasswordWithToken(c.var.deps, { token: f("token"), password }, c.var.clientIp);
    setFlash(c, { kind: "success", message: USER_MESSAGES.passwordSet });
    return "/login";
  },
);

/** POST /account: the signed-in user's new password (POST /rest/users/changePassword). */
const changePassword = formPost(
  "change-password",
  () => ACCOUNT_PAGE_PATH,
  async (c, f) => {
    const user = await pageUser(c);
    if (!user) return `/login?next=${encodeURIComponent(ACCOUNT_PAGE_PATH)}`;
    const input = parsed(ChangePasswordFormSchema, {
      currentPassword: f("currentPassword"),
      newPassword: f("newPassword"),
      confirm: f("confirm"),
    });
    await changeOwnPassword(c.var.deps, user, input, c.var.clientIp);
    c.var.deps.sessions.clear();
    setFlash(c, { kind: "success", message: ACCOUNT_MESSAGES.changed });
    return ACCOUNT_PAGE_PATH;
  },
);

/** Path → handler. */
export const FORM_POSTS = {
  "/login": login,
  [RESET_PAGE_PATH]: setPassword,
  [ACCOUNT_PAGE_PATH]: changePassword,
};
