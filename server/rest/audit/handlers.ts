import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { findAudit } from "../../services/audit/read.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) => c.json(await findAudit(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
};
