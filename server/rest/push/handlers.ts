import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { findPushTraffic } from "../../services/push/traffic.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) =>
    c.json(await findPushTraffic(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
};
