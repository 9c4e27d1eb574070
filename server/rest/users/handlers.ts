/** The /rest/users handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  allUsers,
  findUsers,
  searchUsers,
  userById,
  userHierarchy,
} from "../../services/users/read.ts";
import {
  addAlias,
  changeStatus,
  changeTeam,
  changeUserId,
  deleteAlias,
  updateUser,
  userNotFound,
} from "../../services/users/write.ts";
import {
  createUserWithLink,
  resetPassword,
  setPasswordWithToken,
} from "../../services/users/password_reset.ts";
import { deliverLink, type IssuedLink, type LinkOccasion } from "../../services/users/link_mail.ts";
import { requestOrigin } from "../../http/origin.ts";
import type { AppEnv } from "../../router.ts";
import type { Context } from "hono";
import { USER_MESSAGES } from "../../../openapi/schemas/users/users.ts";
import { setFlash } from "../../pages/flash.ts";

/** The link e-mailed when SMTP_RELAY is set, as the answer says (services/users/link_mail.ts). */
function mailed(c: Context<AppEnv>, occasion: LinkOccasion, link: IssuedLink) {
  const { config } = c.var.deps;
  return deliverLink(config, requestOrigin(c.req.raw, config.TRUST_PROXY), occasion, link);
}

export const handlers: Handlers<typeof routes> = {
  search: async (c) => c.json(await searchUsers(c.var.deps.db, c.req.valid("query").query), 200),
  getUser: async (c) => {
    const user = await userById(c.var.deps.db, c.req.valid("query").user);
    if (!user) throw userNotFound();
    return c.json(user, 200);
  },
  hierarchy: async (c) => c.json(await userHierarchy(c.var.deps.db), 200),
  all: async (c) => c.json(await allUsers(c.var.deps.db), 200),
  find: async (c) => c.json(await findUsers(c.var.deps.db, c.req.valid("json")), 200),
  create: async (c) => {
    const { user, link } = await createUserWithLink(c.var.deps.db, c.var.user, c.req.valid("json"));
    return c.json({ ...user, passwordLink: await mailed(c, "created", link) }, 200);
  },
  update: async (c) =>
    c.json(await updateUser(c.var.deps.db, c.var.user, c.req.valid("json")), 200),
  changeId: async (c) => {
    const { oldId, newId } = c.req.valid("json");
    return c.json(await changeUserId(c.var.deps.db, c.var.user, oldId, newId), 200);
  },
  changeStatus: async (c) => {
    const { userId, active } = c.req.valid("json");
    return c.json(await changeStatus(c.var.deps.db, c.var.user, userId, active), 200);
  },
  addEmailAlias: async (c) => {
    const { userId, alias } = c.req.valid("json");
    return c.json(await addAlias(c.var.deps.db, c.var.user, userId, alias), 200);
  },
  deleteEmailAlias: async (c) => {
    const { userId, alias } = c.req.valid("json");
    return c.json(await deleteAlias(c.var.deps.db, c.var.user, userId, alias), 200);
  },
  changeTeam: async (c) => {
    const { userId, teamId } = c.req.valid("json");
    return c.json(await changeTeam(c.var.deps.db, c.var.user, userId, teamId), 200);
  },
  resetPassword: async (c) => {
    const link = await resetPassword(c.var.deps.db, c.var.user, c.req.valid("json"));
    return c.json(await mailed(c, "reset", link), 200);
  },
  setPassword: async (c) => {
    await setPasswordWithToken(c.var.deps, c.req.valid("json"), c.var.clientIp);
    // The login page the browser goes to next says so.
    setFlash(c, { kind: "success", message: USER_MESSAGES.passwordSet });
    return c.json({ success: true as const }, 200);
  },
};
