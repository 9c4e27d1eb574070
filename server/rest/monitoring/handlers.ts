/** The monitoring handlers: each reads its figures from the database when asked. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { readThresholds, updateThresholds } from "../../services/monitoring/thresholds.ts";
import { readDelivery } from "../../services/monitoring/delivery.ts";
import { readServices } from "../../services/monitoring/services.ts";
import { readStatistics } from "../../services/monitoring/statistics.ts";

export const handlers: Handlers<typeof routes> = {
  tresholds: async (c) => c.json(await readThresholds(c.var.deps.db), 200),
  updateTresholds: async (c) =>
    c.json(await updateThresholds(c.var.deps.db, c.var.user.key, c.req.valid("json")), 200),
  delivery: async (c) => c.json(await readDelivery(c.var.deps.db), 200),
  services: async (c) => c.json(await readServices(c.var.deps.db), 200),
  statistics: async (c) => c.json(await readStatistics(c.var.deps.db, c.req.valid("query")), 200),
};
