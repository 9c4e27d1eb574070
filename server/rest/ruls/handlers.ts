/** The /rest/ruls handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { allRuls, filterRuls, findRuls, getRul, lastRul } from "../../services/ruls/read.ts";
import { createRul, deleteRul, updateRul } from "../../services/ruls/write.ts";

export const handlers: Handlers<typeof routes> = {
  filter: async (c) =>
    c.json(await filterRuls(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
  get: async (c) => c.json(await getRul(c.var.deps.db, c.req.valid("query").id), 200),
  all: async (c) => c.json(await allRuls(c.var.deps.db), 200),
  find: async (c) => c.json(await findRuls(c.var.deps.db, c.req.valid("json")), 200),
  create: async (c) => c.json(await createRul(c.var.deps.db, c.req.valid("json")), 200),
  update: async (c) => c.json(await updateRul(c.var.deps.db, c.req.valid("json")), 200),
  remove: async (c) => c.json(await deleteRul(c.var.deps.db, c.req.valid("json")), 200),
  lastRul: async (c) => c.json(await lastRul(c.var.deps.db), 200),
};
