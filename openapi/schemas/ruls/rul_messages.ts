/**
 * The rul limits and messages without zod, so the rul islands can show them without loading the
 * schemas (openapi/schemas/ruls/ruls.ts re-exports them).
 */
export const RUL_PASSWORD_MAX = 32;
export const RUL_NAME_MAX = 100;
export const RUL_COMMENTS_MAX = 500;
export const RUL_MAIL_MAX = 254;
export const RUL_PHONE_MAX = 50;

/** What the rul calls and dialogs say (the spec's own words where it has them). */
export const RUL_MESSAGES = {
  /** Code 23000 on create (management-routing §8). */
  duplicate: (id: number) => `The RUL with id ${id} already exists`,
  inUse: (id: number, dnids: number, enids: number) =>
    `Rul ${id} is used by ${dnids} ${dnids === 1 ? "dnid" : "dnids"} and ${enids} ${
      enids === 1 ? "enid" : "enids"
    }; delete or move them first`,
  created: (id: number) => `Rul ${id} created`,
  updated: (id: number) => `Rul ${id} updated`,
  deleted: (id: number) => `Rul ${id} deleted`,
  notCreated: "Rul not created",
  notUpdated: "Rul not updated",
  notDeleted: "Rul not deleted",
  phone: (label: string) => `${label} may hold only digits, spaces and + ( ) . - /`,
} as const;
