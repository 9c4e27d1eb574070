/**
 * The account page's constants and messages without zod, so its island can show them without
 * loading the schemas (./account.ts re-exports them).
 */
export const ACCOUNT_PAGE_PATH = "/account";

export const ACCOUNT_MESSAGES = {
  currentWrong: "The current password is not right",
  currentRequired: "Enter your current password",
  sameAsCurrent: "The new password must differ from the current one",
  changed: "Your password has been changed. Your other sessions have ended.",
} as const;
