import { z } from "zod";

/** The one error shape of the API. */
export const ErrorSchema = z.object({
  code: z.number().int().meta({ description: "HTTP status, or a domain code such as 23000" }),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional()
    .meta({ description: "Validation errors: which fields failed and why" }),
  limit: z.number().int().optional().meta({
    description: "Lockout: failed attempts allowed per window",
  }),
  retryAt: z.string().optional().meta({ description: "Lockout: when to retry (ISO 8601)" }),
  retryAfter: z.number().int().optional().meta({ description: "Lockout: seconds until retry" }),
}).meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: "Success" });
