/** The EPADR configuration handlers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { getEpadrConfig } from "../../services/epadr/read.ts";
import { updateEpadrConfig } from "../../services/epadr/write.ts";

export const handlers: Handlers<typeof routes> = {
  getConfig: async (c) => c.json(await getEpadrConfig(c.var.deps.db), 200),
  updateConfig: async (c) =>
    c.json(await updateEpadrConfig(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
};
