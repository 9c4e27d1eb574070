import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { searchTgids } from "../../services/tgids/read.ts";
import {
  addMemberRule,
  memberRules,
  removeMemberRule,
} from "../../services/tgids/routing_rules.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) =>
    c.json(await searchTgids(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
  listRoutingRulesByDnid: async (c) =>
    c.json(await memberRules(c.var.deps.db, c.req.valid("query")), 200),
  addDnidRoutingRules: async (c) =>
    c.json(await addMemberRule(c.var.deps.db, c.req.valid("json")), 200),
  removeDnidRoutingRules: async (c) =>
    c.json(await removeMemberRule(c.var.deps.db, c.req.valid("json")), 200),
};
