import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { AppEnv } from "../../router.ts";
import type * as routes from "./admin_routes.ts";
import { allUsers, findUsers, userById, userHierarchy } from "../../services/users/read.ts";
import {
  addAlias,
  changeStatus,
  changeTeam,
  changeUserId,
  createUser,
  deleteAlias,
  updateUser,
  userNotFound,
} from "../../services/users/write.ts";

type H<R extends RouteConfig> = RouteHandler<R, AppEnv>;

export const getUserHandler: H<typeof routes.getUser> = async (c) => {
  const user = await userById(c.var.deps.db, c.req.valid("query").user);
  if (!user) throw userNotFound();
  return c.json(user, 200);
};

export const hierarchyHandler: H<typeof routes.hierarchy> = async (c) =>
  c.json(await userHierarchy(c.var.deps.db), 200);

export const allHandler: H<typeof routes.all> = async (c) =>
  c.json(await allUsers(c.var.deps.db), 200);

export const findHandler: H<typeof routes.find> = async (c) =>
  c.json(await findUsers(c.var.deps.db, c.req.valid("json")), 200);

export const createHandler: H<typeof routes.create> = async (c) =>
  c.json(await createUser(c.var.deps.db, c.req.valid("json")), 200);

export const updateHandler: H<typeof routes.update> = async (c) =>
  c.json(await updateUser(c.var.deps.db, c.var.user, c.req.valid("json")), 200);

export const changeIdHandler: H<typeof routes.changeId> = async (c) => {
  const { oldId, newId } = c.req.valid("json");
  return c.json(await changeUserId(c.var.deps.db, oldId, newId), 200);
};

export const changeStatusHandler: H<typeof routes.changeStatus> = async (c) => {
  const { userId, active } = c.req.valid("json");
  return c.json(await changeStatus(c.var.deps.db, c.var.user, userId, active), 200);
};

export const addEmailAliasHandler: H<typeof routes.addEmailAlias> = async (c) => {
  const { userId, alias } = c.req.valid("json");
  return c.json(await addAlias(c.var.deps.db, userId, alias), 200);
};

export const deleteEmailAliasHandler: H<typeof routes.deleteEmailAlias> = async (c) => {
  const { userId, alias } = c.req.valid("json");
  return c.json(await deleteAlias(c.var.deps.db, userId, alias), 200);
};

export const changeTeamHandler: H<typeof routes.changeTeam> = async (c) => {
  const { userId, teamId } = c.req.valid("json");
  return c.json(await changeTeam(c.var.deps.db, userId, teamId), 200);
};
