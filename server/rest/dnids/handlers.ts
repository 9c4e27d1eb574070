import type { Handlers } from "../define.ts";
import type * as routes from "./routes.ts";
import { searchDnids } from "../../services/dnids/read.ts";

export const handlers: Handlers<typeof routes> = {
  search: async (c) =>
    c.json(await searchDnids(c.var.deps.db, c.var.scope, c.req.valid("query").query), 200),
};
