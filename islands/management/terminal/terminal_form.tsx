/**
 * The fields of the terminal add and edit dialogs: the device type's template fields (named as
 * the template names them: `imn`, `imei`, `message0` … `message9`), the tgid, the label and the
 * transmission configuration (the 12 tracking frequencies and three switches). Errors come at
 * the request body's paths (openapi/schemas/terminal/terminal_forms.ts): `tgidId`, `items.<name>`.
 */
import { useZodForm } from "../../kit/form/form.tsx";
import { Field } from "../../kit/form/form.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { TgidPicker } from "../../kit/form/TgidPicker.tsx";
import { TRACKING_FREQUENCIES } from "../../../openapi/enums.ts";
import type { Terminal } from "../../../openapi/schemas/terminal/terminals.ts";
import type { TerminalFormValues } from "../../../openapi/schemas/terminal/terminal_forms.ts";
import {
  templateDefaults,
  type TemplateField,
  type TemplateValues,
} from "../../../openapi/schemas/terminal/terminal_templates.ts";

const loadAddForm = () =>
  import("../../../openapi/schemas/terminal/terminal_forms.ts").then((m) =>
    m.TerminalAddFormSchema
  );
const loadUpdateForm = () =>
  import("../../../openapi/schemas/terminal/terminal_forms.ts").then((m) =>
    m.TerminalUpdateFormSchema
  );

export const useTerminalAddForm = (initial: TerminalFormValues) => useZodForm(loadAddForm, initial);
export const useTerminalUpdateForm = (initial: TerminalFormValues) =>
  useZodForm(loadUpdateForm, initial);
/** What the fields need of either form (add or edit). */
interface TerminalForm {
  values: TerminalFormValues;
  errors: Record<string, string>;
  set: <K extends keyof TerminalFormValues>(key: K, value: TerminalFormValues[K]) => void;
}

/** A new terminal of `deviceTypeId`: its template's defaults, no tgid, default transmission. */
export const blankTerminal = (
  deviceTypeId: number,
  fields: readonly TemplateField[],
  items: TemplateValues = {},
): TerminalFormValues => ({
  deviceTypeId: String(deviceTypeId),
  tgid: null,
  deviceLabel: "",
  trackingFrequency: "0",
  transmitNoChangeEnabled: false,
  transmitOnUpdateEnabled: false,
  fastTrackingEnabled: false,
  items: { ...templateDefaults(fields), ...items },
});

/** A stored terminal's value of a template field (its identifier, mtl, canned message or item). */
function storedValue(field: TemplateField, t: Terminal): string | undefined {
  switch (field.store) {
    case "identifier":
      return t.terminalSpecificIdentifier ?? undefined;
    case "mtl": {
      const v = t.mtl?.[field.name as "mtl" | "region"];
      return v === null || v === undefined ? undefined : String(v);
    }
    case "canned":
      return t.cannedMessages?.[Number(field.name.slice("message".length))];
    default:
      return t.items.find((i) => i.name === field.name)?.value ?? undefined;
  }
}

/** The edit form of a stored terminal, for the fields of its update template. */
export const terminalValues = (
  t: Terminal,
  fields: readonly TemplateField[],
): TerminalFormValues => ({
  deviceId: t.deviceId,
  deviceTypeId: String(t.deviceTypeId),
  tgid: t.tgid,
  deviceLabel: t.deviceLabel ?? "",
  trackingFrequency: String(t.trackingFrequency),
  transmitNoChangeEnabled: t.transmitNoChangeEnabled,
  transmitOnUpdateEnabled: t.transmitOnUpdateEnabled,
  fastTrackingEnabled: t.fastTrackingEnabled,
  items: Object.fromEntries(
    fields.map((f) => [f.name, storedValue(f, t) ?? f.default ?? ""]),
  ),
});

/** One template field, named as the template names it. */
function TemplateInput(
  { field, value, error, onChange }: {
    field: TemplateField;
    value: string;
    error?: string;
    onChange: (value: string) => void;
  },
) {
  if (field.kind === "boolean") {
    return (
      <label htmlFor={`f-${field.name}`}>
        <input
          id={`f-${field.name}`}
          name={field.name}
          type="checkbox"
          role="switch"
          checked={value === "true"}
          onChange={(e) => onChange(String(e.currentTarget.checked))}
        />
        {field.label}
        {error && <small className="field-error" role="alert">{error}</small>}
      </label>
    );
  }
  return (
    <Field label={field.label} name={field.name} error={error}>
      {(p) =>
        field.kind === "select"
          ? (
            <select {...p} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
              <option value="">Choose…</option>
              {field.choices?.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
          )
          : field.kind === "textarea"
          ? <textarea {...p} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
          : (
            <input
              {...p}
              autoComplete="off"
              inputMode={field.kind === "number" ? "numeric" : undefined}
              value={value}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          )}
    </Field>
  );
}

/** The template's fields; Iritrack's ten canned messages in a group of their own. */
export function TemplateFields(
  { fields, form }: { fields: readonly TemplateField[]; form: TerminalForm },
) {
  const items = form.values.items as TemplateValues;
  const input = (f: TemplateField) => (
    <TemplateInput
      key={f.name}
      field={f}
      value={items[f.name] ?? ""}
      error={form.errors[`items.${f.name}`]}
      onChange={(value) => form.set("items", { ...items, [f.name]: value })}
    />
  );
  const canned = fields.filter((f) => f.store === "canned");
  return (
    <>
      {fields.filter((f) => f.store !== "canned").map(input)}
      {canned.length > 0 && (
        <fieldset data-canned-messages="">
          <legend>Canned messages (slots 0–{canned.length - 1}, empty by default)</legend>
          {canned.map(input)}
        </fieldset>
      )}
    </>
  );
}

const FLAGS = [
  ["transmitNoChangeEnabled", "Transmit when nothing changed"],
  ["transmitOnUpdateEnabled", "Transmit on update"],
  ["fastTrackingEnabled", "Fast tracking"],
] as const;

/**
 * The tgid (one the user may add a terminal to: a client's company's own, not one merely shared
 * with it), the label and the transmission configuration.
 */
export function TerminalCommonFields(
  { form, prefix }: { form: TerminalForm; prefix: string },
) {
  const v = form.values;
  const e = form.errors;
  return (
    <>
      <TgidPicker
        name={`${prefix}-tgid`}
        value={v.tgid}
        onChange={(t) => form.set("tgid", t)}
        error={e.tgidId}
        owned
      />
      <TextField
        label="Label"
        name={`${prefix}-label`}
        value={v.deviceLabel}
        onChange={(t) => form.set("deviceLabel", t)}
        error={e.deviceLabel}
      />
      <fieldset>
        <legend>Transmission configuration</legend>
        <Field
          label="Tracking frequency"
          name={`${prefix}-frequency`}
          error={e.trackingFrequency}
        >
          {(p) => (
            <select
              {...p}
              value={v.trackingFrequency}
              onChange={(ev) => form.set("trackingFrequency", ev.currentTarget.value)}
            >
              {Object.entries(TRACKING_FREQUENCIES).map(([seconds, label]) => (
                <option key={seconds} value={seconds}>{label}</option>
              ))}
            </select>
          )}
        </Field>
        {FLAGS.map(([key, label]) => (
          <label key={key} htmlFor={`f-${prefix}-${key}`}>
            <input
              id={`f-${prefix}-${key}`}
              name={`${prefix}-${key}`}
              type="checkbox"
              role="switch"
              checked={v[key]}
              onChange={(ev) => form.set(key, ev.currentTarget.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
