import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { ApiError } from "../../errors.ts";
import { databaseAnswers } from "../../services/health/ping.ts";

export const handlers: Handlers<typeof routes> = {
  health: async (c) => {
    const { db, dbKind, version, startedAt } = c.var.deps;
    if (!await databaseAnswers(db)) throw new ApiError(503, "Database unreachable");
    return c.json({
      status: "ok" as const,
      database: dbKind,
      version,
      uptimeSeconds: Math.floor((Date.now() - startedAt.getTime()) / 1000),
    }, 200);
  },
};
