/** The /rest/tgid handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  findTgids,
  getTgid,
  searchTgids,
  tgidDetails,
  tgidOpenPorts,
} from "../../services/tgid/read.ts";
import { dnidOpenPorts } from "../../services/dnids/read.ts";
import {
  createTgid,
  deleteTeamTgid,
  deleteTgid,
  updateTgid,
  updateTgidTeams,
} from "../../services/tgid/write.ts";
import {
  addMemberRule,
  addMtlRule,
  memberRules,
  mtlRules,
  removeMemberRule,
  removeMtlRule,
  tgidRules,
} from "../../services/tgid/routing_rules.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) => {
    const { query, owned } = c.req.valid("query");
    return c.json(await searchTgids(c.var.deps.db, c.var.scope, query, owned === true), 200);
  },
  get: async (c) =>
    c.json(await tgidDetails(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
  details: async (c) =>
    c.json(await getTgid(c.var.deps.db, c.var.scope, c.req.valid("query").tgid), 200),
  openPorts: async (c) => {
    const q = c.req.valid("query");
    return c.json(await tgidOpenPorts(c.var.deps.db, c.var.scope, q.tgid, q.team), 200);
  },
  find: async (c) => c.json(await findTgids(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  create: async (c) =>
    c.json(await createTgid(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
  update: async (c) =>
    c.json(await updateTgid(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
  updateTeams: async (c) =>
    c.json(await updateTgidTeams(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
  deleteTeamTgid: async (c) =>
    c.json(await deleteTeamTgid(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
  remove: async (c) => c.json(await deleteTgid(c.var.deps.db, c.req.valid("query").tgidId), 200),
  listRoutingRulesByDnid: async (c) =>
    c.json(await memberRules(c.var.deps.db, c.req.valid("query")), 200),
  addDnidRoutingRules: async (c) =>
    c.json(await addMemberRule(c.var.deps.db, c.req.valid("json")), 200),
  removeDnidRoutingRules: async (c) =>
    c.json(await removeMemberRule(c.var.deps.db, c.req.valid("json")), 200),
  listRoutingRulesByTgid: async (c) =>
    c.json(await tgidRules(c.var.deps.db, c.req.valid("query").tgid), 200),
  listRoutingRulesByMtl: async (c) =>
    c.json(await mtlRules(c.var.deps.db, c.req.valid("query").mtl), 200),
  addMtlRoutingRules: async (c) =>
    c.json(await addMtlRule(c.var.deps.db, c.req.valid("json")), 200),
  removeMtlRoutingRule: async (c) =>
    c.json(await removeMtlRule(c.var.deps.db, c.req.valid("json")), 200),
  dnidOpenPorts: async (c) => {
    const q = c.req.valid("query");
    return c.json(await dnidOpenPorts(c.var.deps.db, c.var.scope, q.dnid, q.les), 200);
  },
};
