import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { allErrorCodes } from "../../services/error/read.ts";

export const handlers: Handlers<typeof routes> = {
  all: async (c) => c.json(await allErrorCodes(c.var.deps.db), 200),
};
