/** The dnid status menu's command handlers. */
import type { Handlers } from "../../define.ts";
import type * as routes from "./operations.ts";
import {
  createProgram,
  downloadDnid,
  onDemandPoll,
  switchProgram,
} from "../../../services/command/send.ts";
import { callerOf } from "../../../services/command/caller.ts";

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
