/** The dnid status handlers: each parses, calls its service and answers. */
import type { Handlers } from "../../define.ts";
import type * as routes from "./operations.ts";
import { OCEANS } from "../../../../openapi/enums.ts";
import { dnidStatusDetails, findDnidStatuses } from "../../../services/dnids/status/read.ts";
import { deleteDnidStatus, setDnidActive } from "../../../services/dnids/status/write.ts";
import { allMemberRules } from "../../../services/tgid/routing_rules.ts";

export const handlers: Handlers<typeof routes> = {
  getDnidStatuses: async (c) =>
    c.json(await findDnidStatuses(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  setdnidActive: async (c) =>
    c.json(await setDnidActive(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  getDnidStatusDetails: async (c) =>
    c.json(await dnidStatusDetails(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
  deleteDnidStatus: async (c) =>
    c.json(await deleteDnidStatus(c.var.deps.db, c.req.valid("json")), 200),
  getOceans: (c) => c.json([...OCEANS], 200),
  getDnidRoutingData: async (c) => c.json(await allMemberRules(c.var.deps.db), 200),
};
