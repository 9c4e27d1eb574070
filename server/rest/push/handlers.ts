import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { findPush } from "../../services/push/find.ts";
import { robotContent } from "../../services/push/robot_traffic.ts";
import { multiPushTraffic, retransmitTraffic } from "../../services/push/retransmit.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) => c.json(await findPush(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  getRobotContent: async (c) => {
    const q = c.req.valid("query");
    return c.text(await robotContent(c.var.deps.db, q.id, q.type), 200);
  },
  retransmitTraffic: async (c) =>
    c.json(
      await retransmitTraffic(c.var.deps.db, c.var.scope, c.var.user, c.req.valid("json")),
      200,
    ),
  getMultiPushTraffic: async (c) =>
    c.json(await multiPushTraffic(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
};
