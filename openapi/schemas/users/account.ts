/**
 * The signed-in user's own account: changing their password (`POST /rest/users/changePassword`),
 * which ends every other session of theirs.
 */
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./account_messages.ts";
import { passwordSchema, USER_MESSAGES } from "./users.ts";
import { PASSWORD_MAX } from "./user_messages.ts";

export * from "./account_messages.ts";

export const ChangePasswordSchema = z.object({
  currentPassword: z.string(ACCOUNT_MESSAGES.currentRequired)
    .min(1, ACCOUNT_MESSAGES.currentRequired)
    .max(PASSWORD_MAX, ACCOUNT_MESSAGES.currentWrong),
  newPassword: passwordSchema,
}).strict().refine((v) => v.newPassword !== v.currentPassword, {
  error: ACCOUNT_MESSAGES.sameAsCurrent,
  path: ["newPassword"],
}).meta({ id: "ChangePassword" });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The account page's form: the new password twice. */
export const ChangePasswordFormSchema = z.object({
  currentPassword: ChangePasswordSchema.shape.currentPassword,
  newPassword: passwordSchema,
  confirm: z.string(),
}).refine((v) => v.newPassword === v.confirm, {
  error: USER_MESSAGES.passwordsDiffer,
  path: ["confirm"],
}).refine((v) => v.newPassword !== v.currentPassword, {
  error: ACCOUNT_MESSAGES.sameAsCurrent,
  path: ["newPassword"],
});

export const ChangePasswordResponseSchema = z.object({
  success: z.literal(true),
  endedSessions: z.number().int().meta({ description: "How many other sessions of yours ended" }),
}).meta({ id: "ChangePasswordResponse" });
