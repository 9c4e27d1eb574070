/** GET /health: liveness and database reachability. */
import { z } from "zod";

export const HealthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  version: z.string(),
  uptimeSeconds: z.number().int(),
}).meta({ id: "Health" });
