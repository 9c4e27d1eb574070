/** POST /rest/generic/setTerminalTracking (portal-shell §7): tracking on/off for trackers. */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import { SetTerminalTrackingSchema } from "../../../openapi/schemas/terminal/tracking.ts";
import { CommandsIssuedSchema } from "../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";

export const setTerminalTracking = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "post",
  path: "/rest/generic/setTerminalTracking",
  summary: "Turn tracking on or off",
  description: "For one terminal (`targetType` terminal, `target` its device id) or every Shout " +
    "and Iridium terminal of a tgid (`targetType` tgid). Records a command list (protocol 0 " +
    "HTTP) with one 'setTerminalTracking' command per terminal (genericCommandType 2; " +
    "parameters trackingEnabled, delayAuthorized, frequency, startDate) and hands it to the " +
    "LES; a future `startDate` keeps the commands at 3 Start time delayed until then. 404 " +
    `'${M.terminalNotFound}' or '${M.tgidNotFound}' when unknown or out of reach; 409 when the ` +
    "terminal is not a tracker (device types 2, 3, 4, 6) or the tgid has none.",
  request: {
    body: jsonBody(SetTerminalTrackingSchema, {
      target: 12,
      targetType: "terminal",
      trackingEnabled: true,
      frequency: 3600,
      startDate: "2026-11-30 12:56:24",
    }),
  },
  responses: { 200: jsonResponse(CommandsIssuedSchema, "The command list and its commands") },
  errors: [404, 409],
});
