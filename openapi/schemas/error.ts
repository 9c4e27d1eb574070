/** The error code list (GET /rest/error/all, the /error page). */
import { z } from "zod";

const ErrorCodeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
}).meta({ id: "ErrorCode" });
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;
export const ErrorCodeListSchema = z.array(ErrorCodeSchema).meta({ id: "ErrorCodeList" });
