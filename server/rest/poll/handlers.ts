/** The /rest/poll handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { sendPoll } from "../../services/command/send.ts";
import { callerOf } from "../../services/command/caller.ts";

export const handlers: Handlers<typeof routes> = {
  send: async (c) => c.json(await sendPoll(callerOf(c.var), c.req.valid("json")), 200),
};
