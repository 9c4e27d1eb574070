/**
 * The push traffic overview's words (zod-free, so the island's first load carries no schema
 * code): the retransmit call's limits and messages, the retransmit dialog's states and texts.
 */

/** At most this many push traffic ids in one retransmit (the largest page, 2000 rows). */
export const RETRANSMIT_MAX_IDS = 2000;

/** The push event a retransmit records for each message (the caller's login in `{user}`). */
export const RETRANSMIT_EVENT_HOST = "portal";
export const RETRANSMIT_EVENT_LEVEL = "INFO";
export const retransmitEventMessage = (user: string, id: number) =>
  `Retransmit requested by ${user} (push traffic ${id})`;

export const RETRANSMIT_MESSAGES = {
  required: "Ids is required: push traffic ids separated by ';'",
  format: "Ids must be push traffic ids separated by ';' (e.g. 12;15;19)",
  badId: (id: string) => `Push traffic id ${id} is not a valid id`,
  tooMany: `At most ${RETRANSMIT_MAX_IDS} push traffic messages can be retransmitted at once`,
} as const;

/** The retransmit dialog (management-routing §4: INIT → PROCESSING → SUCCESS or ERROR). */
const RETRANSMIT_STATES = ["INIT", "PROCESSING", "SUCCESS", "ERROR"] as const;
export type RetransmitState = typeof RETRANSMIT_STATES[number];

export const RETRANSMIT_TEXTS = {
  menu: "Retransmit",
  showAll: "Show All",
  title: (n: number) => n === 1 ? "Retransmit 1 message" : `Retransmit ${n} messages`,
  init: (n: number) =>
    n === 1
      ? "This message goes back in the delivery queue (Delivery Scheduled):"
      : `These ${n} messages go back in the delivery queue (Delivery Scheduled):`,
  confirm: "Retransmit",
  processing: "Retransmitting…",
  success: (n: number) =>
    n === 1
      ? "1 message is scheduled for delivery again."
      : `${n} messages are scheduled for delivery again.`,
  error: "Retransmit failed:",
  unknownError: "Unkown",
} as const;
