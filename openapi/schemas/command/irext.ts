/**
 * The nine irext commands (portal-shell §7: POST /rest/irext/<name>) for Iridium Extreme
 * terminals (device type 3). Every payload names its `target` (the terminal's device id);
 * sendFreeTextMessage adds the text and its message type (0–11), geofenceActivate the geofence
 * (an id, a unit — 0 meters, otherwise kilometers — and a circle, point 1 with a radius, or a
 * polygon of 3 to 10 points geofenceP{n}lat / geofenceP{n}lon), geofenceCancel its id.
 */
import { z } from "zod";
import {
  GEOFENCE_ID_MAX,
  GEOFENCE_MAX_POINTS,
  IREXT_COMMANDS,
  IREXT_MESSAGE_TYPE_NAMES,
  IREXT_TEXT_MAX,
  type IrextCommand,
} from "../../enums.ts";
import { codeSchema, missingOr, requiredBlock } from "../common.ts";
import { formMessages } from "../messages.ts";
import { deviceTarget } from "./terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES } from "./terminal_command_messages.ts";

export { IREXT_COMMAND_LABELS } from "./terminal_command_messages.ts";

export { IREXT_COMMANDS, type IrextCommand };

const M = TERMINAL_COMMAND_MESSAGES;

const target = { target: deviceTarget() };

export const IrextTargetSchema = z.object(target).meta({ id: "IrextTarget" });
type IrextTarget = z.output<typeof IrextTargetSchema>;

export const IrextFreeTextSchema = z.object({
  ...target,
  text: requiredBlock("Text", IREXT_TEXT_MAX),
  messageType: codeSchema(IREXT_MESSAGE_TYPE_NAMES, "Message type").default(0),
}).meta({ id: "IrextFreeText" });
type IrextFreeText = z.output<typeof IrextFreeTextSchema>;

const geofenceId = z.number({
  error: missingOr(formMessages.required("Geofence id"), formMessages.match("Geofence id")),
})
  .int(formMessages.match("Geofence id")).min(1, formMessages.min("Geofence id", 1))
  .max(GEOFENCE_ID_MAX, formMessages.max("Geofence id", GEOFENCE_ID_MAX))
  .meta({ description: `The terminal's geofence slot, 1 to ${GEOFENCE_ID_MAX}` });

const GEOFENCE_POINTS = Array.from({ length: GEOFENCE_MAX_POINTS }, (_, i) => i + 1);
const latKey = (n: number) => `geofenceP${n}lat`;
const lonKey = (n: number) => `geofenceP${n}lon`;

const coordinate = (label: string, limit: number) =>
  z.number({ error: formMessages.match(label) })
    .min(-limit, formMessages.min(label, -limit)).max(limit, formMessages.max(label, limit))
    .optional();

const pointKeys = Object.fromEntries(GEOFENCE_POINTS.flatMap((n) => [
  [latKey(n), coordinate(`Point ${n} latitude`, 90).meta({ description: `Point ${n} latitude` })],
  [
    lonKey(n),
    coordinate(`Point ${n} longitude`, 180).meta({ description: `Point ${n} longitude` }),
  ],
])) as Record<string, z.ZodOptional<z.ZodNumber>>;

/** The points given, in order; and the rule's first failure (path, message), if any. */
export function geofencePoints(v: Record<string, unknown>) {
  const points: { lat: number; lon: number }[] = [];
  let problem: { path: string; message: string } | null = null;
  let ended = false;
  for (const n of GEOFENCE_POINTS) {
    const lat = v[latKey(n)], lon = v[lonKey(n)];
    const has = lat !== undefined && lat !== null, hasLon = lon !== undefined && lon !== null;
    if (!has && !hasLon) {
      ended = true;
      continue;
    }
    if (!has || !hasLon) {
      problem ??= { path: has ? lonKey(n) : latKey(n), message: M.geofencePoint(n) };
      continue;
    }
    if (ended) problem ??= { path: latKey(n - 1), message: M.geofenceGap(n - 1) };
    points.push({ lat: lat as number, lon: lon as number });
  }
  return { points, problem };
}

export const GeofenceActivateSchema = z.object({
  ...target,
  geofenceId,
  unit: z.number({ error: formMessages.match("Unit") }).int(formMessages.match("Unit")).min(0)
    .max(1_000_000).default(0).meta({ description: "0 meters, otherwise kilometers" }),
  radius: z.number({ error: formMessages.match("Radius") })
    .positive(formMessages.min("Radius", 0)).max(100_000, formMessages.max("Radius", 100_000))
    .optional().meta({ description: "A circle's radius (in the unit); absent for a polygon" }),
  ...pointKeys,
}).superRefine((v, ctx) => {
  const { points, problem } = geofencePoints(v);
  if (problem) {
    ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    return;
  }
  const circle = points.length === 1 && v.radius !== undefined;
  const polygon = points.length >= 3 && v.radius === undefined;
  if (!circle && !polygon) {
    ctx.addIssue({ code: "custom", path: ["radius"], message: M.geofenceShape });
  }
}).meta({
  id: "GeofenceActivate",
  description:
    `A circle (geofenceP1lat/lon and radius) or a polygon of 3 to ${GEOFENCE_MAX_POINTS} ` +
    "points (geofenceP1… in order, no radius); latitudes −90 to 90, longitudes −180 to 180.",
});
type GeofenceActivate = z.output<typeof GeofenceActivateSchema>;

export const GeofenceCancelSchema = z.object({ ...target, geofenceId }).meta({
  id: "GeofenceCancel",
});
type GeofenceCancel = z.output<typeof GeofenceCancelSchema>;

/** Each irext command's request schema. */
export const IREXT_SCHEMAS = {
  emergencyAckowledgement: IrextTargetSchema,
  cancelEmergencyStatus: IrextTargetSchema,
  sendLocationRequest: IrextTargetSchema,
  sendDiagnosticRequest: IrextTargetSchema,
  requestDeviceIdentifier: IrextTargetSchema,
  synchronisation: IrextTargetSchema,
  sendFreeTextMessage: IrextFreeTextSchema,
  geofenceActivate: GeofenceActivateSchema,
  geofenceCancel: GeofenceCancelSchema,
} as const satisfies Record<IrextCommand, z.ZodType>;
