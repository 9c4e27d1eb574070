/** The /rest/terminal handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { findTerminals, getTerminal, listDeviceTypes } from "../../services/terminal/read.ts";
import {
  addTerminal,
  deleteTerminal,
  updateTerminal,
  updateTerminalLabel,
} from "../../services/terminal/write.ts";

export const handlers: Handlers<typeof routes> = {
  get: async (c) =>
    c.json(await getTerminal(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
  getDeviceTypes: async (c) => c.json(await listDeviceTypes(c.var.deps.db), 200),
  findDevice: async (c) =>
    c.json(await findTerminals(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  addDevice: async (c) =>
    c.json(await addTerminal(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  updateDevice: async (c) => c.json(await updateTerminal(c.var.deps.db, c.req.valid("json")), 200),
  updateLabel: async (c) =>
    c.json(await updateTerminalLabel(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  deleteDevice: async (c) =>
    c.json(await deleteTerminal(c.var.deps.db, c.req.valid("query").deviceId), 200),
};
