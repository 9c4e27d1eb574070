/** POST /rest/egc/send: a FleetNET enhanced group call to an enid (the /commands/egc page). */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { EgcSendSchema } from "../../../openapi/schemas/command/egc.ts";
import { CommandsIssuedSchema } from "../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { EGC_PRIORITIES } from "../../../openapi/enums.ts";
import { codeList } from "../../../openapi/schemas/common.ts";

export const send = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/egc/send",
  summary: "Send an enhanced group call to an enid",
  description: "Records a command list (protocol 0 HTTP) with one 'egcMessage' command (mt the " +
    "enid; genericCommandType 0, commandSubType the priority; parameters enid, les, region, " +
    `priority, repetitions, text) and hands it to the LES. Priorities: ${
      codeList(EGC_PRIORITIES)
    }. ` +
    `404 '${M.enidNotFound}' when unknown or out of reach.`,
  request: {
    body: jsonBody(EgcSendSchema, {
      enid: 12,
      les: 21,
      region: 1,
      priority: 1,
      repetitions: 2,
      text: "Gale warning: north-west 8 in sea area Fastnet from 18:00 UTC.",
    }),
  },
  responses: { 200: jsonResponse(CommandsIssuedSchema, "The command list and its command") },
  errors: [404],
});
