/**
 * The /rest/command calls (portal-shell §7), for every signed-in user: one command of a command
 * list, by listId, groupId and itemId. A client reaches only its company's commands (another
 * company's answers 404 'Command not found').
 */
import { defineRoute, jsonResponse } from "../define.ts";
import {
  COMMAND_MESSAGES,
  CommandDetailsSchema,
  CommandFullResponseSchema,
  CommandQuerySchema,
} from "../../../openapi/schemas/command/command_details.ts";
import { CommandSchema } from "../../../openapi/schemas/command/commands.ts";

export const cancel = defineRoute({
  writes: true,
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/command/cancel",
  summary: "Cancel a command",
  description: "A pending command (any status but 5, 6, 7, 8 and 13) is cancelled at the land " +
    "earth station: it becomes 13 Cancelled (error 4003) and its list is finished once nothing " +
    "of it is pending; a Messaging C command's message still forward in progress is deleted " +
    "with it. A final command, or a message the station has already forwarded, answers 409 " +
    "with the station's reason (the page shows 'Cancel command error : …'); 404 " +
    `'${COMMAND_MESSAGES.notFound}' when unknown.`,
  request: { query: CommandQuerySchema },
  responses: { 200: jsonResponse(CommandSchema, "The command as it is after the cancel") },
  errors: [404, 409, 503],
});

export const getCommandDetails = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/command/getCommandDetails",
  summary: "A command's details",
  description: "The command (status, label, display class, error) with its list's protocol, " +
    "date and sender, and its target terminal's label as it was when sent. 404 when unknown.",
  request: { query: CommandQuerySchema },
  responses: { 200: jsonResponse(CommandDetailsSchema, "The command and its list's facts") },
  errors: [404],
});

export const getCommandFull = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/command/getCommandFull",
  summary: "A command's full record",
  description: "`fullCommandObject`: every field of the command (parameters, startAt, " +
    "errorCode, errorLabel, when the station moves it next) with its list's facts and, for a " +
    "sendMessage command, its station message (refNum, station status and label). 404 when " +
    "unknown.",
  request: { query: CommandQuerySchema },
  responses: { 200: jsonResponse(CommandFullResponseSchema, "The full command") },
  errors: [404],
});
