/**
 * The per-command calls (portal-shell §7, /rest/command): one command of a list, identified by
 * `listId`, `groupId` and `itemId` in the query. `getCommandDetails` answers the Command with what
 * the details dialog shows of its list (protocol, date, sender) and target; `getCommandFull`
 * answers `{fullCommandObject}` with every field, the schedule at the station and, for a
 * Messaging C command, its station message; `cancel` answers the Command as it is after the
 * cancel.
 */
import { z } from "zod";
import { COMMAND_PROTOCOLS, STATION_MESSAGE_STATUS } from "../../enums.ts";
import { codeSchema, queryId } from "../common.ts";
import { CommandSchema } from "./commands.ts";

export { COMMAND_MESSAGES } from "./command_messages.ts";

export const CommandQuerySchema = z.object({
  listId: queryId("List id", "The command list's id"),
  groupId: queryId("Group id", "The command's group in its list"),
  itemId: queryId("Item id", "The command's item in its group"),
});
export type CommandQuery = z.output<typeof CommandQuerySchema>;

const dateTime = (description: string) =>
  z.string().nullable().meta({ format: "date-time", description });

export const CommandDetailsSchema = CommandSchema.extend({
  protocol: codeSchema(COMMAND_PROTOCOLS, "Protocol").meta({
    description: "How the list was sent: 0 HTTP … 5 MESSAGINGC",
  }),
  listDate: z.string().meta({ format: "date-time", description: "When the list was sent" }),
  user: z.string().nullable().meta({ description: "The sender's user id; null once deleted" }),
  targetLabel: z.string().nullable().meta({
    description: "The target terminal's label when the command was sent, as the list's company " +
      "saw it; kept as sent (null: none, an unknown terminal, or one of another company)",
  }),
}).meta({
  id: "CommandDetails",
  description: "A command with its list's protocol, date and sender, and its target's label",
});
export type CommandDetails = z.infer<typeof CommandDetailsSchema>;

const CommandStationMessageSchema = z.object({
  refNum: z.number().int().meta({ description: "The station's reference number" }),
  status: codeSchema(STATION_MESSAGE_STATUS, "Station message status"),
  statusLabel: z.string().meta({ description: "The station status's name, e.g. delivered" }),
  recipient: z.string().meta({ description: "The recipient terminal's imn" }),
}).meta({
  id: "CommandStationMessage",
  description: "The Messaging C station message a sendMessage command carries",
});

const FullCommandSchema = CommandDetailsSchema.extend({
  startAt: dateTime("Not before this time (3 Start time delayed until then); null: at once"),
  nextStepAt: dateTime("When the station moves the command on next; null: nothing scheduled"),
  stationMessage: CommandStationMessageSchema.nullable().meta({
    description: "For a sendMessage command: its station message; null otherwise",
  }),
}).meta({ id: "FullCommand", description: "Every field of a command" });
export type FullCommand = z.infer<typeof FullCommandSchema>;

export const CommandFullResponseSchema = z.object({
  fullCommandObject: FullCommandSchema,
}).meta({ id: "CommandFullResponse", description: "The full command read" });
export type CommandFullResponse = z.infer<typeof CommandFullResponseSchema>;
