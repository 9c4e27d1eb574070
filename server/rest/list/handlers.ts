/** The /rest/list handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { findLists, getCommandsFull } from "../../services/list/read.ts";
import { cancelList } from "../../services/list/write.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) => c.json(await findLists(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  getCommandsFull: async (c) =>
    c.json(await getCommandsFull(c.var.deps.db, c.var.scope, c.req.valid("query").listId), 200),
  cancel: async (c) =>
    c.json(await cancelList(c.var.deps.db, c.var.scope, c.req.valid("query").listId), 200),
};
