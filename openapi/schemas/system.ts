import { z } from "zod";

export const ErrorCodeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
}).meta({ id: "ErrorCode" });
export const ErrorCodeListSchema = z.array(ErrorCodeSchema).meta({ id: "ErrorCodeList" });

export const FileQuerySchema = z.object({
  name: z.string().min(1).max(255).meta({ example: "user-guide.pdf", param: { in: "query" } }),
});

export const HealthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  version: z.string(),
  uptimeSeconds: z.number().int(),
}).meta({ id: "Health" });
