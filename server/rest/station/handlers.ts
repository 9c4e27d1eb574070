/** The LES traffic handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { findStationMessages } from "../../services/station/read.ts";
import { deleteStationMessage } from "../../services/station/write.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) =>
    c.json(
      await findStationMessages(c.var.deps.db, c.var.scope, c.var.user.key, c.req.valid("json")),
      200,
    ),
  remove: async (c) =>
    c.json(
      await deleteStationMessage(
        c.var.deps.db,
        c.var.deps.les,
        c.var.scope,
        c.req.valid("query").refNum,
      ),
      200,
    ),
};
