/**
 * The terminal page's dialog forms, validated with the server's own request schemas: a form's
 * fields (the tgid picker's choice, selects' text, the template's fields by name) become the
 * request body, which is then checked by TerminalAddSchema, TerminalUpdateSchema or
 * MtlAddSchema (and the Tracking dialog's by SetTerminalTrackingSchema) — so a dialog refuses exactly what the server refuses, with the same messages
 * ('Please select a tgid', 'IMEI must be 15 digits', …). Loaded on demand by the dialogs.
 */
import { z } from "zod";
import { TerminalAddSchema, TerminalLabelUpdateSchema, TerminalUpdateSchema } from "./terminals.ts";
import { MtlAddSchema } from "../mtls.ts";
import { SetTerminalTrackingSchema } from "./tracking.ts";
import { TERMINAL_MESSAGES } from "./terminal_messages.ts";
import type { paths } from "../../types.ts";
import { itemsOf, type TemplateValues } from "./terminal_templates.ts";

/** What the add and edit dialogs hold; errors come back at the body's paths (`tgidId`, `items.imei`). */
const TerminalFormFields = z.object({
  deviceTypeId: z.string(),
  tgid: z.object({ id: z.number(), label: z.string() }).nullable(),
  deviceLabel: z.string(),
  trackingFrequency: z.string(),
  transmitNoChangeEnabled: z.boolean(),
  transmitOnUpdateEnabled: z.boolean(),
  fastTrackingEnabled: z.boolean(),
  items: z.record(z.string(), z.string()),
  /** The edited terminal (edit only). */
  deviceId: z.number().optional(),
});
export type TerminalFormValues = z.input<typeof TerminalFormFields>;

/** A number typed or chosen as text; empty or not a number stays undefined (the body's schema says why). */
const numberOf = (text: string) => text.trim() === "" ? undefined : Number(text);

/** The request body a form's values make (unknown: the body's own schema checks it next). */
const bodyOf = (v: z.output<typeof TerminalFormFields>): unknown => ({
  tgidId: v.tgid?.id,
  deviceTypeId: numberOf(v.deviceTypeId),
  trackingFrequency: numberOf(v.trackingFrequency),
  transmitNoChangeEnabled: v.transmitNoChangeEnabled,
  transmitOnUpdateEnabled: v.transmitOnUpdateEnabled,
  fastTrackingEnabled: v.fastTrackingEnabled,
  items: itemsOf(v.items),
  deviceLabel: v.deviceLabel,
});

/** The request bodies, as the contract types them (openapi/types.ts). */
type Body<P extends "/rest/terminal/addDevice" | "/rest/terminal/updateDevice"> =
  paths[P]["post"]["requestBody"]["content"]["application/json"];

/**
 * The body to send from a form its schema checked: the template's values trimmed, defaults
 * filled in.
 */
const sendable = <B>() => ({ values, ...body }: { values: TemplateValues }) =>
  ({ ...body, items: itemsOf(values) }) as B;

/** "Add terminal" and "Add existing terminal": the output is POST /rest/terminal/addDevice's body. */
export const TerminalAddFormSchema = TerminalFormFields.transform(bodyOf).pipe(TerminalAddSchema)
  .transform(sendable<Body<"/rest/terminal/addDevice">>());

/** "Edit terminal" (administrators): the output is POST /rest/terminal/updateDevice's body. */
export const TerminalUpdateFormSchema = TerminalFormFields
  .transform((v): unknown => ({ ...bodyOf(v) as object, deviceId: v.deviceId }))
  .pipe(TerminalUpdateSchema).transform(sendable<Body<"/rest/terminal/updateDevice">>());

/** "Edit label": the label alone (a terminal's and an mtl's follow the same rule). */
export const TerminalLabelFormSchema = TerminalLabelUpdateSchema.pick({ label: true });

/** A `datetime-local` value read as UTC ("2026-11-23T15:30" → "2026-11-23T15:30:00Z"); empty: none. */
const utcOf = (local: string) =>
  local === "" ? undefined : /T\d\d:\d\d$/.test(local) ? `${local}:00Z` : `${local}Z`;

/** "Add mobile terminal": the fields as text; the registration date is a UTC date and time. */
export const MtlAddFormSchema = z.object({
  imn: z.string(),
  serial: z.string(),
  model: z.string(),
  fwdId: z.string(),
  deviceLabel: z.string(),
  /** A `datetime-local` input's value ("2026-11-23T15:30"), read as UTC; empty: now. */
  updateDate: z.string(),
}).transform((v): unknown => ({ ...v, updateDate: utcOf(v.updateDate.trim()) }))
  .pipe(MtlAddSchema);
export type MtlAddFormValues = z.input<typeof MtlAddFormSchema>;

/**
 * "Tracking…": on or off (no default: the user chooses), delay authorized and an optional start
 * (a `datetime-local` value read as UTC); the output is POST /rest/generic/setTerminalTracking's
 * body for the one terminal.
 */
export const TrackingFormSchema = z.object({
  deviceId: z.number(),
  /** "on", "off", or "" until the user chooses. */
  tracking: z.string().refine((v) => v === "on" || v === "off", TERMINAL_MESSAGES.chooseTracking),
  delayAuthorized: z.boolean(),
  startDate: z.string(),
}).transform((v): unknown => ({
  target: v.deviceId,
  targetType: "terminal",
  trackingEnabled: v.tracking === "on",
  delayAuthorized: v.delayAuthorized,
  startDate: utcOf(v.startDate.trim()),
})).pipe(SetTerminalTrackingSchema);
export type TrackingFormValues = z.input<typeof TrackingFormSchema>;
