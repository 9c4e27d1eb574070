/** The /rest/poll handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { sendPoll } from "../../services/terminal_commands/send.ts";
import { callerOf } from "../../services/terminal_commands/caller.ts";

export const handlers: Handlers<typeof routes> = {
  send: async (c) => c.json(await sendPoll(callerOf(c.var), c.req.valid("json")), 200),
};
