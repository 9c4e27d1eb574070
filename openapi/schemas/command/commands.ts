/**
 * Commands (portal-shell §3–§4): one command of a command list, identified by its `commandId`
 * (listId, groupId, itemId), with its status, display class and error. Shared by the command
 * list calls (/rest/list) and the per-command calls to come (/rest/command).
 *
 * The command states, in one place: a status is **final** when it will not change any more
 * (the success and danger display classes: 5 Delivered, 7 Acknowledged, 6 Failed,
 * 8 Unacknowledged, 13 Cancelled); every other status is **pending** (the command may still be
 * sent, delayed or acknowledged) and may be cancelled.
 */
import { z } from "zod";
import { COMMAND_STATUS, commandStatusClass } from "../../enums.ts";
import { codeSchema, codesOf } from "../common.ts";

export type CommandStatus = keyof typeof COMMAND_STATUS;
type CommandStatusClass = ReturnType<typeof commandStatusClass>;

const STATUSES = codesOf(COMMAND_STATUS);

/** The statuses a command ends in: it is delivered, acknowledged, failed or cancelled. */
const FINAL_COMMAND_STATUSES: readonly CommandStatus[] = STATUSES.filter((s) =>
  commandStatusClass(s) !== "pending"
);
/** The statuses of a command still under way: a cancel turns these into 13 Cancelled. */
export const PENDING_COMMAND_STATUSES: readonly CommandStatus[] = STATUSES.filter((s) =>
  commandStatusClass(s) === "pending"
);
export const isFinalCommandStatus = (status: number) =>
  FINAL_COMMAND_STATUSES.includes(status as CommandStatus);

/** What a cancelled command becomes: status 13 with the LES's cancel error. */
export const COMMAND_CANCELLED = {
  status: 13,
  errorCode: 4003,
  errorLabel: "Command cancelled by user",
} as const;

/** The statuses of each display class, for counts and filters. */
export const STATUSES_OF_CLASS: Record<CommandStatusClass, readonly CommandStatus[]> = {
  success: STATUSES.filter((s) => commandStatusClass(s) === "success"),
  danger: STATUSES.filter((s) => commandStatusClass(s) === "danger"),
  pending: PENDING_COMMAND_STATUSES,
};

export const CommandIdSchema = z.object({
  listId: z.number().int(),
  groupId: z.number().int(),
  itemId: z.number().int(),
}).meta({ id: "CommandId", description: "A command's key: its list, group and item" });
export type CommandId = z.infer<typeof CommandIdSchema>;

const optionalInt = (description: string) => z.number().int().nullable().meta({ description });

export const CommandSchema = z.object({
  commandId: CommandIdSchema,
  command: z.string().meta({ description: "What is asked, e.g. pollCommand, sendMessage" }),
  mt: z.string().nullable().meta({ description: "The target terminal: an mtl or a device id" }),
  shoutMtType: optionalInt("The Shout terminal type, for Shout trackers"),
  genericCommandType: optionalInt("The command family (0 Inmarsat C, 1 irext, 2 tracking)"),
  commandSubType: optionalInt("The variant within the family (poll type, irext message type)"),
  parameters: z.record(z.string(), z.unknown()).meta({
    description: "The command's parameters by name (e.g. geofenceP1lat, text, dnid)",
  }),
  status: codeSchema(COMMAND_STATUS, "Command status"),
  statusLabel: z.string().meta({ description: "The status's name, e.g. Delivered" }),
  statusClass: z.enum(["success", "danger", "pending"]).meta({
    description: "How the status shows: success for 5 and 7, danger for 6, 8 and 13, else pending",
  }),
  final: z.boolean().meta({
    description: "The status is final (success or danger): the command cannot be cancelled",
  }),
  errorCode: optionalInt("The LES's error code, when the command failed or was cancelled"),
  errorLabel: z.string().nullable().meta({ description: "The LES's error text" }),
  createdAt: z.string().meta({ format: "date-time" }),
  updatedAt: z.string().meta({ format: "date-time", description: "The last status change" }),
}).meta({ id: "Command", description: "One command of a command list; fields camelCase" });
export type Command = z.infer<typeof CommandSchema>;
