/** The /rest/generic handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { setTerminalTracking } from "../../services/command/send.ts";
import { callerOf } from "../../services/command/caller.ts";

export const handlers: Handlers<typeof routes> = {
  setTerminalTracking: async (c) =>
    c.json(await setTerminalTracking(callerOf(c.var), c.req.valid("json")), 200),
};
