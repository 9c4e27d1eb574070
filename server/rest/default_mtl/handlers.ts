/** The /rest/defaultMtl handlers: each parses, calls its service and answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { deleteDefaultMtl, updateDefaultMtl } from "../../services/default_mtl/write.ts";

export const handlers: Handlers<typeof routes> = {
  update: async (c) =>
    c.json(await updateDefaultMtl(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  remove: async (c) =>
    c.json(
      await deleteDefaultMtl(c.var.deps.db, c.var.scope, c.req.valid("json").deviceId),
      200,
    ),
};
