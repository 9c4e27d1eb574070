/**
 * The push process words without zod (management-routing §3, §5): labels, limits and messages the
 * process page shows on first load; openapi/schemas/push/push_processes.ts re-exports them.
 */
import { PROCESS_MAX_SPARE_MAX, PROCESS_MIN_SPARE_MAX } from "../../enums.ts";
import { formMessages } from "../messages.ts";

export const PROCESS_HOSTNAME_MAX = 253;
export const PROCESS_PROTOCOL_MAX = 32;
export const PROCESS_PORT_MAX = 65535;

/** The choices of the min and max spare selects: 0–19 and 0–49. */
export const MIN_SPARE_CHOICES = Array.from({ length: PROCESS_MIN_SPARE_MAX + 1 }, (_, i) => i);
export const MAX_SPARE_CHOICES = Array.from({ length: PROCESS_MAX_SPARE_MAX + 1 }, (_, i) => i);

/** The fields' labels, as the dialogs and the details show them. */
export const PROCESS_LABELS = {
  id: "Id",
  hostname: "Hostname",
  mode: "Mode",
  protocol: "Protocol",
  port: "Port",
  min: "Min spare",
  max: "Max spare",
  ipFep: "IP FEP",
  team: "Team",
} as const;

/** What the process calls and dialogs say. */
export const PROCESS_MESSAGES = {
  /** minProcess: the min spare above the max spare. */
  minProcess: (max: number) => formMessages.max(PROCESS_LABELS.min, max),
  /** maxProcess: the max spare below the min spare. */
  maxProcess: (min: number) => formMessages.min(PROCESS_LABELS.max, min),
  ipFep: `${PROCESS_LABELS.ipFep} must be an IPv4 address or a host name`,
  hostname: `${PROCESS_LABELS.hostname} must be a host name or an IPv4 address`,
  unknownTeam: "Unknown team",
  notFound: "Push process not found",
  created: (id: number) => `Push process ${id} created`,
  updated: (id: number) => `Push process ${id} updated`,
  deleted: (id: number) => `Push process ${id} deleted`,
  notCreated: "Push process not created",
  notUpdated: "Push process not updated",
  notDeleted: "Push process not deleted",
} as const;
