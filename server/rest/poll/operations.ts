/** POST /rest/poll/send: poll Inmarsat C terminals of a dnid (the /commands/poll page). */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { PollSendSchema } from "../../../openapi/schemas/command/poll.ts";
import { CommandsIssuedSchema } from "../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { POLL_TYPE_NAMES } from "../../../openapi/enums.ts";
import { codeList } from "../../../openapi/schemas/common.ts";

export const send = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/poll/send",
  summary: "Poll a dnid or one of its members",
  description: "Records a command list (protocol 0 HTTP) with one 'pollCommand' per terminal " +
    "polled — the member's, or every authorized member's when `member` is absent — " +
    "(genericCommandType 0, commandSubType the poll type; parameters dnid, les, member, " +
    `pollType, region) and hands it to the LES. Poll types: ${codeList(POLL_TYPE_NAMES)}. 404 ` +
    `'${M.dnidNotFound}' or '${M.memberNotFound}' when unknown or out of reach; 409 when no ` +
    "authorized member is left (a negative status is not authorized).",
  request: {
    body: jsonBody(PollSendSchema, { dnid: 12, les: 21, member: 1, pollType: 0, region: 4 }),
  },
  responses: { 200: jsonResponse(CommandsIssuedSchema, "The command list and its commands") },
  errors: [404, 409],
});
