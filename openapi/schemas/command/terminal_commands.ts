/**
 * What every terminal command call answers (poll, on-demand, programs, EGC, irext, tracking): the
 * command list it created and its commands, each with its target. Shared by the calls under
 * /rest/generic, /rest/irext, /rest/poll, /rest/egc and the dnid status commands.
 */
import { z } from "zod";
import { COMMAND_STATUS } from "../../enums.ts";
import { codeSchema, MAX_ID, missingOr } from "../common.ts";
import { CommandIdSchema } from "./commands.ts";

import { formMessages } from "../messages.ts";
import { TERMINAL_COMMAND_MESSAGES } from "./terminal_command_messages.ts";

export { COMMAND_PAGE_WORDS, TERMINAL_COMMAND_MESSAGES } from "./terminal_command_messages.ts";

const IssuedCommandSchema = z.object({
  commandId: CommandIdSchema,
  command: z.string().meta({ description: "The command's name, e.g. pollCommand" }),
  mt: z.string().nullable().meta({
    description: "The target: an Inmarsat C terminal's imn, a device id, or an enid",
  }),
  target: z.string().meta({ description: "The target as people read it (label, member …)" }),
  status: codeSchema(COMMAND_STATUS, "Command status"),
  statusLabel: z.string(),
  startAt: z.string().nullable().meta({
    format: "date-time",
    description: "Not before this time (status 3 Start time delayed until then)",
  }),
}).meta({ id: "IssuedCommand" });

export const CommandsIssuedSchema = z.object({
  listId: z.number().int().meta({
    description: "The command list created: follow it on /management/list/{listId}",
  }),
  commands: z.array(IssuedCommandSchema),
}).meta({ id: "CommandsIssued" });
export type CommandsIssued = z.infer<typeof CommandsIssuedSchema>;

/** A device id (a terminal) in a body; none given: "Please select a terminal". */
export const deviceTarget = (label = "Target") =>
  z.number({
    error: missingOr(TERMINAL_COMMAND_MESSAGES.selectTerminal, formMessages.match(label)),
  }).int(formMessages.match(label)).min(1, formMessages.min(label, 1))
    .max(MAX_ID, formMessages.match(label))
    .meta({ description: "The terminal's device id" });
