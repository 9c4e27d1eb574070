/** The /rest/dnids handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  dnidAllocation,
  dnidDetails,
  dnidKeys,
  findDnids,
  lastDnid,
  lesDetails,
  searchDnids,
} from "../../services/dnids/read.ts";
import { addDnid, deleteDnid, toggleMonitoring, updateDnid } from "../../services/dnids/write.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) =>
    c.json(await searchDnids(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
  get: async (c) => {
    const q = c.req.valid("query");
    return c.json(await dnidDetails(c.var.deps.db, c.var.scope, q.id, q.les), 200);
  },
  getDnidsKeys: async (c) => c.json(await dnidKeys(c.var.deps.db, c.var.scope), 200),
  lastDnid: async (c) => c.json(await lastDnid(c.var.deps.db), 200),
  find: async (c) => c.json(await findDnids(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  add: async (c) => c.json(await addDnid(c.var.deps.db, c.req.valid("json"), c.var.user.key), 200),
  update: async (c) =>
    c.json(await updateDnid(c.var.deps.db, c.req.valid("json"), c.var.user.key), 200),
  toggleMonitoring: async (c) =>
    c.json(await toggleMonitoring(c.var.deps.db, c.req.valid("json")), 200),
  getLesDetails: async (c) => {
    const q = c.req.valid("query");
    const host = c.var.deps.config.STORE_N_PUSH_HOST;
    return c.json(await lesDetails(c.var.deps.db, c.var.scope, host, q.id, q.les), 200);
  },
  getStoreNPushHostName: (c) => c.json({ hostName: c.var.deps.config.STORE_N_PUSH_HOST }, 200),
  remove: async (c) => {
    const { id, les } = c.req.valid("json");
    return c.json(await deleteDnid(c.var.deps.db, id, les), 200);
  },
  allocation: async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(await dnidAllocation(c.var.deps.db, c.var.scope, from, to), 200);
  },
};
