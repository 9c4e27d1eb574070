/** The dnid status menu's command handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import {
  createProgram,
  downloadDnid,
  onDemandPoll,
  switchProgram,
} from "../../services/terminal_commands/send.ts";
import { callerOf } from "../../services/terminal_commands/caller.ts";

export const handlers: Handlers<typeof routes> = {
  onDemandPoll: async (c) => c.json(await onDemandPoll(callerOf(c.var), c.req.valid("json")), 200),
  downloadDnid: async (c) => c.json(await downloadDnid(callerOf(c.var), c.req.valid("json")), 200),
  createProgram: async (c) =>
    c.json(await createProgram(callerOf(c.var), c.req.valid("json")), 200),
  startProgram: async (c) =>
    c.json(await switchProgram(callerOf(c.var), c.req.valid("json"), true), 200),
  stopProgram: async (c) =>
    c.json(await switchProgram(callerOf(c.var), c.req.valid("json"), false), 200),
};
