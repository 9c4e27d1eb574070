import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { searchTgids } from "../../services/tgids/read.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) =>
    c.json(await searchTgids(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
};
