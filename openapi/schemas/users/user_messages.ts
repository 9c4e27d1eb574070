/**
 * The users area's constants and messages without zod, so islands can show them without
 * loading the schemas (openapi/schemas/users/users.ts re-exports them).
 */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const REASON_MAX = 500;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const ALIASES_MAX = 50;
export const QUOTA_MAX = 100_000;
/** How long a set-password link works. */
export const RESET_LINK_HOURS = 24;
/** The public page a set-password link opens. */
export const RESET_PAGE_PATH = "/login/reset";

/** What the user pages and calls say (besides the spec's own ADMIN_MESSAGES). */
export const USER_MESSAGES = {
  email: (label: string) => `${label} must be a valid e-mail address`,
  userNotFound: "User not found",
  teamNotInCompany: "The selected team does not belong to the selected company.",
  unknownCompany: "The selected company does not exist.",
  unknownTeam: "The selected team does not exist.",
  taken: (mail: string) => `${mail} is already used as a user id or an e-mail alias`,
  aliasIsId: "An e-mail alias cannot be the user's own id",
  sameId: "The new user id is the same as the current one",
  selfDeactivate: "You cannot deactivate your own account",
  aliasNotFound: "This e-mail alias does not belong to the user",
  reasonRequired: "A reason is required",
  passwordsDiffer: "The passwords do not match",
  /** Same answer for an unknown, used or expired link: nothing to probe. */
  linkInvalid:
    "This password link is invalid, was already used or has expired. Ask your administrator for a new one.",
  passwordSet: "Your password has been set. Sign in with it.",
  noPassword: "This user has no password and cannot sign in until they use their " +
    "set-password link: use Reset password for a new one.",
} as const;
