/** The LES traffic handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { findStationMessages } from "../../services/station/read.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) =>
    c.json(
      await findStationMessages(c.var.deps.db, c.var.scope, c.var.user.key, c.req.valid("json")),
      200,
    ),
};
