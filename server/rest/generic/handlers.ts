/** The /rest/generic handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { setTerminalTracking } from "../../services/terminal_commands/send.ts";
import { callerOf } from "../../services/terminal_commands/caller.ts";

export const handlers: Handlers<typeof routes> = {
  setTerminalTracking: async (c) =>
    c.json(await setTerminalTracking(callerOf(c.var), c.req.valid("json")), 200),
};
