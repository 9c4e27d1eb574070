/**
 * Terminals (management-routing §3, §5 and §7): the calls under /rest/terminal, shared by the
 * server and the islands. Every field is camelCase, as the spec names them (`deviceId`,
 * `deviceTypeId`, `deviceLabel`, `tgidId`, `terminalSpecificIdentifier`, `updateDate`). A
 * terminal's items are checked against its device type's template (./terminal_templates.ts).
 */
import { z } from "zod";
import {
  DATE_ITEM_NAMES,
  DEVICE_TYPES,
  ITEM_TYPES,
  TRACKING_FREQUENCIES,
  VSAT_DEVICE_TYPE,
} from "../../enums.ts";
import { formMessages, SELECT_TERMINAL_TGID } from "../messages.ts";
import { findRequestSchema, findResponseSchema, idFilter } from "../find.ts";
import {
  block,
  bodyId,
  codeSchema,
  line,
  MAX_ID,
  optionalText,
  queryId,
  RefSchema,
  textFilter,
  TgidRefSchema,
} from "../common.ts";
import {
  checkTemplateValues,
  templateFor,
  type TemplateKind,
  valuesOf,
  VSAT_NOT_ADDABLE,
} from "./terminal_templates.ts";
import { MtlSchema } from "../mtls.ts";
import { TerminalTrackingSchema } from "./tracking.ts";

export { TERMINAL_MESSAGES } from "./terminal_messages.ts";

const TERMINAL_LABEL_MAX = 100;
/** More items than any template has: a bound on the request, not a business rule. */
const TERMINAL_ITEMS_MAX = 50;
const TERMINAL_ITEM_VALUE_MAX = 1000;

// ---- parts ----

/** The tgid of a terminal form: missing or not a tgid number gives 'Please select a tgid'. */
const TerminalTgidIdSchema = z.number({ error: SELECT_TERMINAL_TGID })
  .int({ error: SELECT_TERMINAL_TGID }).min(1, { error: SELECT_TERMINAL_TGID })
  .max(MAX_ID, { error: SELECT_TERMINAL_TGID })
  .meta({ description: `The terminal's tgid; required ('${SELECT_TERMINAL_TGID}')`, example: 12 });

const DEVICE_TYPE_NAMES = Object.fromEntries(DEVICE_TYPES.map((t) => [t.id, t.name])) as Record<
  number,
  string
>;
const DeviceTypeIdSchema = codeSchema(DEVICE_TYPE_NAMES, "Device type");

/** Exactly the 12 tracking frequency choices (seconds; 0 is the device's default). */
const TrackingFrequencySchema = codeSchema(TRACKING_FREQUENCIES, "Tracking frequency");

const TerminalItemInputSchema = z.object({
  name: line("Item name").max(60, formMessages.maxLength("Item name", 60)),
  value: block("Item value")
    .max(TERMINAL_ITEM_VALUE_MAX, formMessages.maxLength("Item value", TERMINAL_ITEM_VALUE_MAX)),
}).meta({
  id: "TerminalItemInput",
  description: "A template field's value, as text ('true'/'false', digits, a region code…)",
});

const itemsInput = z.array(TerminalItemInputSchema)
  .max(TERMINAL_ITEMS_MAX, formMessages.maxItems("items", TERMINAL_ITEMS_MAX))
  .default([])
  .meta({
    description: "The device type's template fields as `[{name, value}]`; unknown names are " +
      "refused, missing ones take their default",
  });

const deviceLabel = optionalText("Label", TERMINAL_LABEL_MAX).optional().meta({
  description: `Trimmed, at most ${TERMINAL_LABEL_MAX} characters; empty means no label`,
  example: "Northern Star",
});

const transmission = {
  trackingFrequency: TrackingFrequencySchema.default(0),
  transmitNoChangeEnabled: z.boolean().default(false),
  transmitOnUpdateEnabled: z.boolean().default(false),
  fastTrackingEnabled: z.boolean().default(false),
};

/** Checks `items` against the device type's template of `kind`; the output holds `values`. */
const withTemplate =
  (kind: TemplateKind) =>
  <T extends { deviceTypeId: number; items: { name: string; value: string }[] }>(
    v: T,
    ctx: z.RefinementCtx,
  ) => {
    const fields = templateFor(v.deviceTypeId, kind);
    if (!fields) {
      ctx.addIssue({
        code: "custom",
        message: v.deviceTypeId === VSAT_DEVICE_TYPE
          ? VSAT_NOT_ADDABLE
          : `${DEVICE_TYPE_NAMES[v.deviceTypeId]} terminals have no ${kind} form`,
        path: ["deviceTypeId"],
      });
      return { ...v, values: {} as Record<string, string> };
    }
    // Issues about a field come at `items.<name>` (the dialogs show them under the field).
    const values = checkTemplateValues(
      fields,
      valuesOf(v.items, ctx),
      ctx,
      (name) => ["items", name],
    );
    return { ...v, values };
  };

// ---- requests ----

const writeShape = {
  tgidId: TerminalTgidIdSchema,
  deviceTypeId: DeviceTypeIdSchema,
  ...transmission,
  items: itemsInput,
  deviceLabel,
};

export const TerminalAddSchema = z.object(writeShape).meta({ id: "TerminalAdd" })
  .transform(withTemplate("add"));
export type TerminalAdd = z.output<typeof TerminalAddSchema>;

export const TerminalUpdateSchema = z.object({
  deviceId: bodyId("Device id"),
  ...writeShape,
}).meta({ id: "TerminalUpdate" }).transform(withTemplate("update"));
export type TerminalUpdate = z.output<typeof TerminalUpdateSchema>;

export const TerminalLabelUpdateSchema = z.object({
  deviceId: bodyId("Device id"),
  label: optionalText("Label", TERMINAL_LABEL_MAX).meta({
    description: "The new label; empty clears it",
  }),
}).meta({ id: "TerminalLabelUpdate" });
export type TerminalLabelUpdate = z.output<typeof TerminalLabelUpdateSchema>;

export const TerminalIdQuerySchema = z.object({ id: queryId("Id", "The terminal's deviceId") });
export const TerminalDeleteQuerySchema = z.object({
  deviceId: queryId("Device id", "The terminal's deviceId"),
});

// ---- answers ----

const DeviceTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  handler: z.number().int().meta({ description: "Template handler code; -1 the default" }),
  deletable: z.boolean().meta({ description: "False for VSAT and the default (SkyFile M2M)" }),
  addForm: z.boolean().meta({ description: "Has an add template (false for VSAT)" }),
}).meta({ id: "DeviceType" });
export type DeviceType = z.infer<typeof DeviceTypeSchema>;
export const DeviceTypeListSchema = z.array(DeviceTypeSchema).meta({ id: "DeviceTypeList" });

const TerminalItemSchema = z.object({
  name: z.string(),
  type: z.enum(ITEM_TYPES).meta({
    description: `${DATE_ITEM_NAMES.join(", ")} are always DATE`,
  }),
  value: z.string().nullable(),
  label: z.string().meta({ description: "The camel-case name split into words" }),
}).meta({ id: "TerminalItem" });
export type TerminalItem = z.infer<typeof TerminalItemSchema>;

/** A row of the terminal list. */
const TerminalRowSchema = z.object({
  deviceId: z.number().int(),
  deviceTypeId: z.number().int(),
  deviceType: RefSchema.meta({ description: "The device type's id and name" }),
  deviceLabel: z.string().nullable(),
  tgidId: z.number().int(),
  tgid: TgidRefSchema,
  terminalSpecificIdentifier: z.string().nullable(),
  trackingFrequency: z.number().int(),
  updateDate: z.string().meta({ format: "date-time" }),
  mayEdit: z.boolean().meta({
    description: "The caller may change it and send to it (its label, a test message, tracking " +
      "and other commands): an administrator, or a user of the company whose team owns its tgid; " +
      "false on a tgid merely shared with the caller's company, which it reads only",
  }),
}).meta({ id: "TerminalRow" });
export type TerminalRow = z.infer<typeof TerminalRowSchema>;

export const TerminalSchema = TerminalRowSchema.extend({
  transmitNoChangeEnabled: z.boolean(),
  transmitOnUpdateEnabled: z.boolean(),
  fastTrackingEnabled: z.boolean(),
  items: z.array(TerminalItemSchema).meta({ description: "Item logs, by name" }),
  cannedMessages: z.array(z.string()).nullable().meta({
    description: "Iridium IriTrack (type 4): exactly 10 slots (0–9, empty when unset); null " +
      "for other types",
  }),
  mtl: MtlSchema.nullable().meta({ description: "Inmarsat C (type 0): its mtl; else null" }),
  tracking: TerminalTrackingSchema.nullable().meta({
    description: "Shout and Iridium trackers (types 2, 3, 4, 6): the tracking commands it was " +
      "sent; null for other types",
  }),
}).meta({ id: "Terminal" });
export type Terminal = z.infer<typeof TerminalSchema>;

export const TerminalDeletedSchema = z.object({
  deviceId: z.number().int(),
}).meta({ id: "TerminalDeleted" });

// ---- find ----

const TERMINAL_SORT_FIELDS = [
  "deviceId",
  "deviceType",
  "label",
  "identifier",
  "tgid",
  "updateDate",
] as const;

/** The terminal page's two tabs, as a filter: Inmarsat C, or every other device type. */
const TERMINAL_FAMILIES = ["inmarsatc", "other"] as const;

const TerminalFilterSchema = z.object({
  deviceId: idFilter("Device id").optional(),
  deviceTypeId: idFilter("Device type").optional(),
  label: textFilter("Label"),
  identifier: textFilter("Identifier"),
  tgid: textFilter("Tgid").meta({
    description: "The tgid's number (digits), else a part of its label (any case)",
  }),
  family: z.enum(TERMINAL_FAMILIES).optional().meta({
    description: "inmarsatc: Inmarsat C terminals only; other: every other device type (the " +
      "terminal page's second tab)",
  }),
}).strict().meta({ id: "TerminalFilter" });

export const TerminalFindRequestSchema = findRequestSchema(
  "TerminalFindRequest",
  TerminalFilterSchema,
  TERMINAL_SORT_FIELDS,
  "deviceId ascending",
);
export type TerminalFindRequest = z.output<typeof TerminalFindRequestSchema>;

export const TerminalFindResponseSchema = findResponseSchema(
  "TerminalFindResponse",
  TerminalRowSchema,
  "terminal",
);
export type TerminalFindResponse = z.infer<typeof TerminalFindResponseSchema>;
