/**
 * Tracking on/off (portal-shell §7, POST /rest/generic/setTerminalTracking): for one tracker
 * terminal (Shout or Iridium: device types 2, 3, 4, 6) or every tracker of a tgid, with delay
 * authorized, a start date (the command waits, 3 Start time delayed, until then) and an optional
 * tracking frequency. And what a tracker's page shows of it: the last tracking command sent to it
 * and the last one it took.
 */
import { z } from "zod";
import { TRACKING_FREQUENCIES } from "../../enums.ts";
import { bodyId, codeSchema } from "../common.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../command/terminal_command_messages.ts";
import { CommandSchema } from "../command/commands.ts";
import { DAY_SOURCE, HOUR_MINUTE_SOURCE } from "../days.ts";
import { clampTime } from "../time_bounds.ts";

const TRACKING_TARGET_TYPES = ["terminal", "tgid"] as const;

/**
 * "2014-11-30 12:56:24" (UTC) or an ISO date-time with its offset: a real day of the years
 * 1970–9999 and a real time (seconds, their fraction and the offset optional).
 */
const START_DATE_PATTERN = new RegExp(
  String.raw`^${DAY_SOURCE}[ T]${HOUR_MINUTE_SOURCE}(?::[0-5]\d(?:\.\d{1,3})?)?` +
    String.raw`(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$`,
);

/**
 * A start date as the form and the API take it; the time is UTC unless an offset is given (which
 * can take it out of the years by hours: then the nearest time within them).
 */
export const parseStartDate = (text: string): Date | null => {
  if (!START_DATE_PATTERN.test(text)) return null;
  const iso = text.replace(" ", "T");
  const t = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(t) ? null : new Date(clampTime(t));
};

const StartDateSchema = z.string({ error: TERMINAL_COMMAND_MESSAGES.startDate })
  .trim()
  .refine((s) => s === "" || parseStartDate(s) !== null, TERMINAL_COMMAND_MESSAGES.startDate)
  .meta({
    description: "When to start: '2014-11-30 12:56:24' (UTC) or an ISO date-time (seconds and " +
      "an offset optional), a real date and time of the years 1970–9999; empty or absent: at " +
      "once. A future start keeps the command at 3 Start time delayed until then.",
    pattern: `^$|${START_DATE_PATTERN.source}`,
    example: "2026-11-30 12:56:24",
  });

export const SetTerminalTrackingSchema = z.object({
  target: bodyId("Target").meta({
    description: "The terminal's device id (targetType terminal) or the tgid (targetType tgid)",
  }),
  targetType: z.enum(TRACKING_TARGET_TYPES, {
    error: "Target type must be terminal or tgid",
  }).default("terminal").meta({
    description: "terminal: one tracker; tgid: every Shout and Iridium terminal of the tgid",
  }),
  trackingEnabled: z.boolean({ error: "Tracking enabled must be true or false" }),
  delayAuthorized: z.boolean({ error: "Delay authorized must be true or false" }).default(false)
    .meta({ description: "The station may hold the command until the terminal can take it" }),
  startDate: StartDateSchema.nullable().optional(),
  frequency: codeSchema(TRACKING_FREQUENCIES, "Frequency").optional().meta({
    description: "Tracking frequency in seconds (0 the device's default); absent: unchanged",
  }),
}).meta({ id: "SetTerminalTracking" });
export type SetTerminalTracking = z.output<typeof SetTerminalTrackingSchema>;

/** The command that turns a tracker's tracking on or off (a command list's `command`). */
export const TRACKING_COMMAND = "setTerminalTracking";

const TrackingCommandSchema = CommandSchema.pick({
  commandId: true,
  status: true,
  statusLabel: true,
  statusClass: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  trackingEnabled: z.boolean().meta({ description: "On (true) or off (false)" }),
  delayAuthorized: z.boolean(),
  frequency: z.number().int().nullable().meta({
    description: "The tracking frequency it asked for, in seconds; null: unchanged",
  }),
  startAt: z.string().nullable().meta({
    format: "date-time",
    description: "The start it asked for; null: at once",
  }),
}).meta({ id: "TrackingCommand", description: "A setTerminalTracking command sent to a tracker" });
export type TrackingCommand = z.infer<typeof TrackingCommandSchema>;

export const TerminalTrackingSchema = z.object({
  maySend: z.boolean().meta({
    description: "The caller may send it tracking commands: an administrator, or a user of the " +
      "company whose team owns the terminal's tgid (not of one the tgid is only shared with)",
  }),
  last: TrackingCommandSchema.nullable().meta({
    description: "The last tracking command sent to it from the portal, whatever its status",
  }),
  confirmed: TrackingCommandSchema.nullable().meta({
    description: "The last one delivered or acknowledged (5, 7): the state the terminal was " +
      "last known to take; null when none was",
  }),
}).meta({
  id: "TerminalTracking",
  description: "What the portal knows of a tracker's tracking: the commands it was sent. A " +
    "client sees its own company's commands only.",
});
export type TerminalTracking = z.infer<typeof TerminalTrackingSchema>;
