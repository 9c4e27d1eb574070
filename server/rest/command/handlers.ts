/** The /rest/command handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import {
  cancelCommand,
  getCommandDetails,
  getCommandFull,
} from "../../services/command/command.ts";

export const handlers: Handlers<typeof routes> = {
  cancel: async (c) =>
    c.json(
      await cancelCommand(c.var.deps.db, c.var.deps.station, c.var.scope, c.req.valid("query")),
      200,
    ),
  getCommandDetails: async (c) =>
    c.json(await getCommandDetails(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
  getCommandFull: async (c) =>
    c.json(await getCommandFull(c.var.deps.db, c.var.scope, c.req.valid("query")), 200),
};
