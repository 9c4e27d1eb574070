/**
 * The nine irext calls (portal-shell §7: POST /rest/irext/<name>) for Iridium Extreme terminals
 * (device type 3): each records a command list (protocol 0 HTTP) with one command named after the
 * call (genericCommandType 1, commandSubType its index 0–8) and hands it to the LES.
 */
import type { z } from "@hono/zod-openapi";
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  GeofenceActivateSchema,
  GeofenceCancelSchema,
  IREXT_COMMANDS,
  type IrextCommand,
  IrextFreeTextSchema,
  IrextTargetSchema,
} from "../../../openapi/schemas/command/irext.ts";
import { CommandsIssuedSchema } from "../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";

const common = `404 '${M.terminalNotFound}' when the target is unknown or out of reach; 409 ` +
  "when it is not an Iridium Extreme terminal (device type 3).";
const answer = {
  200: jsonResponse(CommandsIssuedSchema, "The command list and its command"),
};

/** The examples' target: terminal 12, an Iridium Extreme. */
const TARGET = { target: 12 };
/** A circle of 20 km around point 1 (the points' keys are not spelt out in the schema's type). */
const GEOFENCE_CIRCLE = {
  ...TARGET,
  geofenceId: 1,
  unit: 1,
  radius: 20,
  geofenceP1lat: 47.38,
  geofenceP1lon: -4.97,
};

/**
 * One irext call: POST /rest/irext/<command>, its body with an example, what it asks of the
 * terminal, and the rules of its parameters beyond their schemas.
 */
const irextRoute = <const N extends IrextCommand, B extends z.ZodType>(
  command: N,
  summary: string,
  body: B,
  example: z.input<B>,
  parameters = "",
  rules: readonly string[] = [],
) =>
  defineRoute({
    access: "user",
    tenancy: "tgid",
    method: "post",
    path: `/rest/irext/${command}`,
    rules,
    summary,
    description: `Command '${command}' (sub-type ${IREXT_COMMANDS.indexOf(command)})` +
      `${parameters}. ${common}`,
    request: { body: jsonBody(body, example) },
    responses: answer,
    errors: [404, 409],
  });

export const emergencyAckowledgement = irextRoute(
  "emergencyAckowledgement",
  "Acknowledge a terminal's emergency",
  IrextTargetSchema,
  TARGET,
  "; the spelling is the API's",
);
export const cancelEmergencyStatus = irextRoute(
  "cancelEmergencyStatus",
  "Cancel a terminal's emergency status",
  IrextTargetSchema,
  TARGET,
);
export const sendLocationRequest = irextRoute(
  "sendLocationRequest",
  "Ask a terminal for its location",
  IrextTargetSchema,
  TARGET,
);
export const sendDiagnosticRequest = irextRoute(
  "sendDiagnosticRequest",
  "Ask a terminal for a diagnostic",
  IrextTargetSchema,
  TARGET,
);
export const requestDeviceIdentifier = irextRoute(
  "requestDeviceIdentifier",
  "Ask a terminal for its identifier",
  IrextTargetSchema,
  TARGET,
);
export const synchronisation = irextRoute(
  "synchronisation",
  "Synchronise a terminal",
  IrextTargetSchema,
  TARGET,
);
export const sendFreeTextMessage = irextRoute(
  "sendFreeTextMessage",
  "Send a text message to a terminal",
  IrextFreeTextSchema,
  { ...TARGET, text: "Return to port before the gale", messageType: 11 },
  " with parameters text and messageType (0 free text, 1–10 canned message n, 11 free text " +
    "with acknowledgement)",
);
export const geofenceActivate = irextRoute(
  "geofenceActivate",
  "Activate a geofence on a terminal",
  GeofenceActivateSchema,
  GEOFENCE_CIRCLE,
  " with parameters geofenceId, unit (0 meters, otherwise kilometers), radius (a circle) and " +
    "geofenceP{n}lat / geofenceP{n}lon. A circle is point 1 with a radius; a polygon 3 or more " +
    `points without one (400 '${M.geofenceShape}')`,
  [M.geofencePoint(1), M.geofenceGap(1)],
);
export const geofenceCancel = irextRoute(
  "geofenceCancel",
  "Cancel a geofence on a terminal",
  GeofenceCancelSchema,
  { ...TARGET, geofenceId: 1 },
  " with parameter geofenceId",
);
