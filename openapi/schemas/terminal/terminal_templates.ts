/**
 * The per-device-type templates (management-routing §2 "terminal management per device type"):
 * which item fields the add, update and details forms of a terminal have, by handler code, and
 * the validation built from a template. The server (POST /rest/terminal/addDevice and
 * /updateDevice) and the browser dialogs check a terminal's items with the same functions.
 *
 * On the wire a terminal's items are `[{name, value}]` with `value` always a string (what a form
 * field holds): "true"/"false" for a boolean, digits for a number, a region code for a select.
 * Where a field is kept (`store`):
 * - `identifier`: the terminal's `terminalSpecificIdentifier` (imn, IMEI, IMSI, serial, ESN);
 * - `mtl`: the Inmarsat C mobile terminal's own columns (mtl, region);
 * - `canned`: one of the ten Iritrack canned messages (`message0` … `message9`), stored together
 *   as the item log `cannedMessages` (ARRAY, a JSON array of exactly 10 strings);
 * - `item`: an item log of that name (type BOOLEAN or INTEGER from the field's kind).
 */
import { z } from "zod";
import { DEVICE_TYPES, REGIONS } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { MULTI_LINE, SINGLE_LINE } from "../common.ts";

type TemplateFieldKind = "text" | "number" | "boolean" | "select" | "textarea";

export interface TemplateField {
  /** The item's name on the wire and the form field's name. */
  name: string;
  label: string;
  kind: TemplateFieldKind;
  /** Where the value is kept (see the module comment). */
  store: "identifier" | "mtl" | "canned" | "item";
  choices?: readonly { value: string; label: string }[];
  required?: boolean;
  /** The value a new form starts with and a missing item gets. */
  default?: string;
  /** For text: a regular expression's source the whole value must match, else `patternMessage`
   * (text, so a template can go through an island's props as JSON). */
  pattern?: string;
  patternMessage?: string;
  /** For text and textarea: most characters. */
  max?: number;
  /** For number: inclusive bounds. */
  min?: number;
  maxValue?: number;
  /** This field becomes the terminal's terminalSpecificIdentifier. */
  identifier?: boolean;
}

interface DeviceTemplate {
  /** Null: the type cannot be added (VSAT). */
  add: readonly TemplateField[] | null;
  update: readonly TemplateField[];
  details: readonly TemplateField[];
}

/** Iritrack: exactly 10 canned-message slots numbered 0–9. */
const CANNED_MESSAGE_SLOTS = 10;
const CANNED_MESSAGE_MAX = 160;
export { CANNED_MESSAGES_ITEM } from "../../item_logs.ts";
const cannedFieldName = (slot: number) => `message${slot}`;

/** The ten slots' fields, empty by default. */
export const CANNED_MESSAGE_FIELDS: readonly TemplateField[] = Array.from(
  { length: CANNED_MESSAGE_SLOTS },
  (_, slot) => ({
    name: cannedFieldName(slot),
    label: `Message ${slot}`,
    kind: "text",
    store: "canned",
    default: "",
    max: CANNED_MESSAGE_MAX,
  }),
);

/** Inmarsat mobile number: 9 digits, the first a 4 (Inmarsat C). */
export const IMN_PATTERN = /^4\d{8}$/;
export const IMN_MESSAGE = "IMN must be 9 digits starting with 4";
const INMARSAT_C_MTL_MAX = 255;

const identifier = (
  name: string,
  label: string,
  pattern: RegExp,
  patternMessage: string,
): TemplateField => ({
  name,
  label,
  kind: "text",
  store: "identifier",
  identifier: true,
  required: true,
  pattern: pattern.source,
  patternMessage,
});

const imei = identifier("imei", "IMEI", /^\d{15}$/, "IMEI must be 15 digits");

const REGION_CHOICES = Object.entries(REGIONS).map(([value, label]) => ({ value, label }));

const mtlField: TemplateField = {
  name: "mtl",
  label: "MTL",
  kind: "number",
  store: "mtl",
  default: "0",
  required: true,
  min: 0,
  maxValue: INMARSAT_C_MTL_MAX,
};
const regionField: TemplateField = {
  name: "region",
  label: "Region",
  kind: "select",
  store: "mtl",
  choices: REGION_CHOICES,
  required: true,
};
const imnField = identifier("imn", "IMN", IMN_PATTERN, IMN_MESSAGE);
const pollingField: TemplateField = {
  name: "pollingEnabled",
  label: "Polling enabled",
  kind: "boolean",
  store: "item",
  default: "false",
};

/** Same add, update and details fields. */
const plain = (...fields: TemplateField[]): DeviceTemplate => ({
  add: fields,
  update: fields,
  details: fields,
});

/** The templates by handler code (-1 is the default template). */
export const DEVICE_TEMPLATES: Record<number, DeviceTemplate> = {
  /** Inmarsat C: "add existing terminal" — a registered, unattached mtl by its imn. */
  0: {
    add: [imnField, mtlField, regionField],
    update: [mtlField, regionField, pollingField],
    details: [imnField, mtlField, regionField, pollingField],
  },
  2: plain(imei),
  3: plain(imei),
  4: plain(imei, ...CANNED_MESSAGE_FIELDS),
  6: plain(imei),
  39: plain(identifier("imsi", "IMSI", /^\d{15}$/, "IMSI must be 15 digits")),
  /** VSAT: no add form; the modem's serial can be corrected. */
  40: {
    add: null,
    update: [identifier(
      "modemSerial",
      "Modem serial",
      /^[\w.-]{3,40}$/,
      "Modem serial " +
        "must be 3 to 40 letters, digits, dots, dashes or underscores",
    )],
    details: [identifier("modemSerial", "Modem serial", /^[\w.-]{3,40}$/, "")],
  },
  /** The default template (SkyFile M2M). */
  [-1]: plain(
    identifier(
      "serial",
      "Serial number",
      /^[A-Z0-9]{6,20}$/,
      "Serial number must be 6 to " +
        "20 capital letters or digits",
    ),
  ),
  50: plain(identifier("esn", "ESN", /^[A-Z0-9]{15}$/, "ESN must be 15 capital letters or digits")),
};

export type TemplateKind = "add" | "update" | "details";

/** The handler code of a device type (undefined for an unknown type). */
export const handlerOf = (deviceTypeId: number): number | undefined =>
  DEVICE_TYPES.find((t) => t.id === deviceTypeId)?.handler;

/** A device type's template of one kind: null when it has none (VSAT's add) or is unknown. */
export function templateFor(deviceTypeId: number, kind: TemplateKind) {
  const handler = handlerOf(deviceTypeId);
  return handler === undefined ? null : DEVICE_TEMPLATES[handler]?.[kind] ?? null;
}

/** The message of an add refused for VSAT. */
export { VSAT_NOT_ADDABLE } from "./terminal_messages.ts";
/** Device types a user may add: those with an add template. */
export const ADDABLE_DEVICE_TYPES = DEVICE_TYPES.filter((t) => templateFor(t.id, "add"));

/** A form's values, field name → text. */
export type TemplateValues = Record<string, string>;

/** The values a new form starts with. */
export const templateDefaults = (fields: readonly TemplateField[]): TemplateValues =>
  Object.fromEntries(fields.map((f) => [f.name, f.default ?? ""]));

/** A check of a field's (trimmed) value: whether it refuses the value, and its message. */
type FieldCheck = readonly [refuses: (value: string) => boolean, message: string];

/** What `field` checks of a value, in order: the first check that refuses it gives the message. */
function fieldChecks(field: TemplateField): FieldCheck[] {
  const { label } = field;
  const lineRule = field.kind === "textarea" ? MULTI_LINE : SINGLE_LINE;
  /** A check of a value given: an empty one is only `required`'s. */
  const given = (refuses: (value: string) => boolean, message: string): FieldCheck => [
    (v) => v !== "" && refuses(v),
    message,
  ];
  const checks: FieldCheck[] = [[(v) => !lineRule.test(v), formMessages.controlCharacters(label)]];
  if (field.required) checks.push([(v) => v === "", formMessages.required(label)]);
  switch (field.kind) {
    case "boolean":
      checks.push(given((v) => v !== "true" && v !== "false", `${label} must be true or false`));
      break;
    case "number": {
      checks.push(given((v) => !/^-?\d{1,10}$/.test(v), formMessages.match(label)));
      const { min, maxValue } = field;
      if (min !== undefined) {
        checks.push(given((v) => Number(v) < min, formMessages.min(label, min)));
      }
      if (maxValue !== undefined) {
        checks.push(given((v) => Number(v) > maxValue, formMessages.max(label, maxValue)));
      }
      break;
    }
    case "select":
      checks.push(given(
        (v) => !field.choices?.some((c) => c.value === v),
        `${label} must be one of ${field.choices?.map((c) => c.label).join(", ")}`,
      ));
      break;
    default: {
      const { max, pattern } = field;
      if (max !== undefined) {
        checks.push(given((v) => v.length > max, formMessages.maxLength(label, max)));
      }
      if (pattern) {
        checks.push(given(
          (v) => !new RegExp(pattern).test(v),
          field.patternMessage || formMessages.match(label),
        ));
      }
    }
  }
  return checks;
}

/** Why `value` does not fit `field`, or null. Values are trimmed first. */
const fieldError = (field: TemplateField, value: string): string | null =>
  fieldChecks(field).find(([refuses]) => refuses(value))?.[1] ?? null;

/** The messages of items that do not fit the device type's template. */
const TEMPLATE_MESSAGES = {
  unknownItem: (name: string) => `Unknown item ${name} for this device type`,
  givenTwice: (name: string) => `Item ${name} given twice`,
} as const;

/**
 * Every message the items of a request can be refused with by the templates of `kind` (which
 * template depends on the device type: a rule the schemas cannot say), a number standing for any
 * and `…` for any text: the operation's `rules`.
 */
export function templateRules(kind: TemplateKind): string[] {
  const messages = DEVICE_TYPES.flatMap((t) => templateFor(t.id, kind) ?? [])
    .flatMap((f) => fieldChecks(f).map(([, message]) => message));
  const byShape = new Map(messages.map((m) => [m.replace(/\d+/g, "#"), m]));
  return [
    TEMPLATE_MESSAGES.unknownItem("…"),
    TEMPLATE_MESSAGES.givenTwice("…"),
    ...byShape.values(),
  ];
}

/** Where an issue about a field goes: its form field, or its item on the wire. */
type IssuePath = (name: string, part: "name" | "value") => PropertyKey[];

/** Issue context: zod's refinement context, or anything collecting issues the same way. */
type Issues = {
  addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void;
};

/**
 * Checks `values` against a template: unknown names and bad values add issues at
 * `pathOf(name, part)` (default: the form field `name`); the answer is the values trimmed, with every field present (missing ones get
 * their default, or "" when they have none).
 */
export function checkTemplateValues(
  fields: readonly TemplateField[],
  values: TemplateValues,
  ctx: Issues,
  pathOf: IssuePath = (name) => [name],
): TemplateValues {
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) {
      ctx.addIssue({
        code: "custom",
        message: TEMPLATE_MESSAGES.unknownItem(name),
        path: pathOf(name, "name"),
      });
    }
  }
  const out: TemplateValues = {};
  for (const field of fields) {
    const value = (values[field.name] ?? field.default ?? "").trim();
    const error = fieldError(field, value);
    if (error) ctx.addIssue({ code: "custom", message: error, path: pathOf(field.name, "value") });
    out[field.name] = value;
  }
  return out;
}

/** A form's fields (name → text), checked against a template: the browser dialogs' schema. */
export const templateFormSchema = (fields: readonly TemplateField[]) =>
  z.record(z.string(), z.string()).transform((values, ctx) =>
    checkTemplateValues(fields, values, ctx)
  );

/** Items as the wire carries them. */
interface TemplateItem {
  name: string;
  value: string;
}

/** Form values → the wire's items (the dialogs send this). */
export const itemsOf = (values: TemplateValues): TemplateItem[] =>
  Object.entries(values).map(([name, value]) => ({ name, value }));

/** The wire's items → values; a name given twice adds an issue. */
export function valuesOf(
  items: readonly TemplateItem[],
  ctx: { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void },
  path: PropertyKey[] = [],
): TemplateValues {
  const values: TemplateValues = {};
  items.forEach((item, i) => {
    if (item.name in values) {
      ctx.addIssue({
        code: "custom",
        message: TEMPLATE_MESSAGES.givenTwice(item.name),
        path: [...path, i],
      });
    }
    values[item.name] = item.value;
  });
  return values;
}

/** The ten canned messages from checked values. */
export const cannedOf = (values: TemplateValues): string[] =>
  Array.from({ length: CANNED_MESSAGE_SLOTS }, (_, slot) => values[cannedFieldName(slot)] ?? "");

/** The stored `cannedMessages` item → always exactly ten strings (missing slots empty). */
export function parseCanned(value: string | null | undefined): string[] {
  let list: unknown = [];
  try {
    list = JSON.parse(value ?? "[]");
  } catch { /* a damaged item reads as empty slots */ }
  const arr = Array.isArray(list) ? list : [];
  return Array.from(
    { length: CANNED_MESSAGE_SLOTS },
    (_, slot) => typeof arr[slot] === "string" ? arr[slot] : "",
  );
}
