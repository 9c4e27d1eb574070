import { z } from "zod";

import { EMPTY_LOGIN } from "../messages.ts";
import { line, RefSchema, TeamRightsRefSchema, trimmedLine } from "../common.ts";

export { EMPTY_LOGIN };

export const LoginRequestSchema = z.object({
  username: trimmedLine("Username", EMPTY_LOGIN).min(1, EMPTY_LOGIN).max(254)
    .meta({ example: "admin@demo.test" }),
  password: line("Password", EMPTY_LOGIN).min(1, EMPTY_LOGIN).max(1024),
  remember: z.boolean().default(false).meta({
    description: "Keep the session for REMEMBER_DAYS; otherwise it ends with the browser",
  }),
}).meta({ id: "LoginRequest" });

export const SessionUserSchema = z.object({
  id: z.string().meta({ description: "The login, also used as mail", example: "admin@demo.test" }),
  mail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admin: z.boolean().meta({ description: "Team rights below 100" }),
  company: RefSchema,
  team: TeamRightsRefSchema,
}).meta({ id: "SessionUser" });
export type SessionUserDto = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = SessionUserSchema.extend({
  token: z.string().meta({ description: "Bearer token for `Authorization: Bearer` (integrators)" }),
  expiresAt: z.string().meta({ description: "When the session ends (ISO 8601)" }),
}).meta({ id: "LoginResponse" });
