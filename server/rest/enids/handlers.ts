/** The /rest/enids handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  findEnids,
  getEnid,
  getEnidTeams,
  lastEnid,
  searchEnids,
  teamChoices,
} from "../../services/enids/read.ts";
import { createEnid, deleteEnid, updateEnid, updateEnidTeams } from "../../services/enids/write.ts";

export const handlers: Handlers<typeof routes> = {
  get: async (c) => c.json(await getEnid(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
  create: async (c) =>
    c.json(await createEnid(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  update: async (c) =>
    c.json(await updateEnid(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  remove: async (c) =>
    c.json(await deleteEnid(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  search: async (c) =>
    c.json(await searchEnids(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
  find: async (c) => c.json(await findEnids(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  lastEnid: async (c) => c.json(await lastEnid(c.var.deps.db, c.var.scope), 200),
  getTeams: async (c) =>
    c.json(await getEnidTeams(c.var.deps.db, c.var.scope, c.req.valid("query").enidId), 200),
  updateTeams: async (c) =>
    c.json(await updateEnidTeams(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  teamChoices: async (c) =>
    c.json(await teamChoices(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
};
