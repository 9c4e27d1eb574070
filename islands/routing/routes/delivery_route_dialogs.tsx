/**
 * The route add and edit dialogs (static backdrop), one form per route type, validated with the
 * server's schemas (openapi/schemas/push/delivery_routes.ts, loaded with this module). The tgid (the wire's
 * Remise) is chosen with the kit's TgidPicker, shown "label (id)"; preset when the dialog is opened
 * from a tgid's page, the route's own when editing. SMTP:
 * choosing a format clears Encoding, Signature, Subject and Body and fills its preset; editing
 * detects the format from them; the secondary e-mails are normalised when pasted and on leaving
 * the field. A failure shows the server's message, or "Unkown".
 */
import { useState } from "react";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { FormDialog, useStartFor, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { TgidPicker } from "../../kit/form/TgidPicker.tsx";
import { toast } from "../../runtime/toasts.ts";
import { CHECKED, CONVERSIONS, ROUTE_MODES, type RouteType } from "../../../openapi/enums.ts";
import {
  detectSmtpFormat,
  normalizeEmails,
  ROUTE_MESSAGES,
  ROUTE_TYPE_LABELS,
  SMTP_FORMAT_CHOICES,
  type SmtpFormat,
  smtpPreset,
} from "../../../openapi/schemas/push/delivery_route_messages.ts";
import { ROUTE_FORM_SCHEMAS } from "../../../openapi/schemas/push/delivery_routes.ts";
import type { TgidChoice } from "../../../openapi/schemas/tgid/tgids.ts";
import type { PushRows } from "../traffic/push_find_api.ts";
import { addRoute, type RouteAdds, updateRoute } from "./delivery_route_api.ts";

type Values = Record<string, string | number | boolean | TgidChoice | null>;
type RouteFormSchema = typeof ROUTE_FORM_SCHEMAS[RouteType];
type AnyRow = PushRows[RouteType];

type FieldDef =
  | { key: string; label: string; kind: "text" | "area"; hint?: string; type?: string }
  | { key: string; label: string; kind: "check" }
  | { key: string; label: string; kind: "select"; options: Record<number, string> };

/** The fields every type has; the tgid (Remise) comes first, with its picker. */
const COMMON: FieldDef[] = [
  { key: "Member_or_MobileNum", label: "Member or mobile number", kind: "text" },
  { key: "Conversion", label: "Conversion", kind: "select", options: CONVERSIONS },
  { key: "Transmit_Frequency", label: "Transmit frequency (seconds)", kind: "text" },
  { key: "API_Add", label: "API add", kind: "check" },
  { key: "Follow_On", label: "Follow on", kind: "check" },
];

const FIELDS: Record<RouteType, FieldDef[]> = {
  tcp: [
    { key: "IP_Port_Tx_Primary", label: "Primary destination", kind: "text", hint: "host:port" },
    { key: "IP_Port_Tx_Secondary", label: "Backup destination", kind: "text", hint: "host:port" },
  ],
  ftp: [
    {
      key: "ftp_Primary",
      label: "Primary destination",
      kind: "text",
      hint: "ftp://host[:port]/path or host[:port]/path",
    },
    { key: "ftp_Secondary", label: "Backup destination", kind: "text" },
    { key: "mode", label: "Mode", kind: "select", options: ROUTE_MODES },
    { key: "checkDelivery", label: "Check delivery", kind: "select", options: CHECKED },
  ],
  ws: [
    { key: "ws_Primary", label: "Primary destination", kind: "text", hint: "http(s):// URL" },
    { key: "ws_Secondary", label: "Backup destination", kind: "text" },
    { key: "ws_Primary_SSL_Check", label: "Check the primary's SSL certificate", kind: "check" },
    { key: "ws_Secondary_SSL_Check", label: "Check the backup's SSL certificate", kind: "check" },
    { key: "keys", label: "Keys", kind: "text" },
    { key: "token", label: "Token", kind: "text" },
    { key: "namespace", label: "Namespace", kind: "text" },
    { key: "format", label: "Format", kind: "text" },
  ],
  smtp: [
    { key: "emailMaster", label: "Master e-mail", kind: "text", type: "email" },
    {
      key: "emailSecondary",
      label: "Secondary e-mails",
      kind: "area",
      hint: "Separated by commas, semicolons or lines",
    },
  ],
};
const SMTP_PRESET_FIELDS: FieldDef[] = [
  { key: "encoding", label: "Encoding", kind: "text" },
  { key: "signature", label: "Signature", kind: "text" },
  { key: "subject", label: "Subject", kind: "text" },
  { key: "body", label: "Body", kind: "text" },
];

const BLANK: Record<RouteType, Values> = {
  tcp: { IP_Port_Tx_Primary: "", IP_Port_Tx_Secondary: "" },
  ftp: { ftp_Primary: "", ftp_Secondary: "", mode: 1, checkDelivery: 0 },
  ws: {
    ws_Primary: "",
    ws_Secondary: "",
    ws_Primary_SSL_Check: true,
    ws_Secondary_SSL_Check: true,
    keys: "",
    token: "",
    namespace: "",
    format: "",
  },
  smtp: { emailMaster: "", emailSecondary: "", ...smtpPreset("other") },
};
/** A new route's values: the tgid preset when the dialog is opened from its page. */
const blank = (type: RouteType, tgid: TgidChoice | null = null): Values => ({
  Remise: tgid,
  Member_or_MobileNum: "",
  Conversion: 0,
  Transmit_Frequency: "0",
  API_Add: false,
  Follow_On: false,
  ...BLANK[type],
});

/** A route row as the form's values (the request's names). */
function valuesOf(type: RouteType, row: AnyRow): Values {
  const r = row as Record<string, unknown>;
  const s = (k: string) => (r[k] ?? "") as string;
  const common: Values = {
    Remise: { id: row.Remise, label: row.tgidLabel ?? String(row.Remise) },
    Member_or_MobileNum: row.Member_or_MobileNum ?? "",
    Conversion: row.Conversion,
    Transmit_Frequency: String(row.Transmit_Frequency),
    API_Add: row.API_Add,
    Follow_On: row.Follow_On,
  };
  switch (type) {
    case "tcp":
      return {
        ...common,
        IP_Port_Tx_Primary: s("IP_Port_Tx_Primary"),
        IP_Port_Tx_Secondary: s("IP_Port_Tx_Secondary"),
      };
    case "ftp":
      return {
        ...common,
        ftp_Primary: s("ftp_Primary"),
        ftp_Secondary: s("ftp_Secondary"),
        mode: r.ftp_Type as number,
        checkDelivery: r.ftp_Verif as number,
      };
    case "ws":
      return {
        ...common,
        ws_Primary: s("ws_Primary"),
        ws_Secondary: s("ws_Secondary"),
        ws_Primary_SSL_Check: r.ws_Primary_SSL_Check as boolean,
        ws_Secondary_SSL_Check: r.ws_Secondary_SSL_Check as boolean,
        keys: s("keys"),
        token: s("token"),
        namespace: s("Namespace"),
        format: s("Format"),
      };
    case "smtp":
      return {
        ...common,
        emailMaster: s("email_Master"),
        emailSecondary: s("email_Secondary"),
        encoding: s("Encoding"),
        signature: s("Signature"),
        subject: s("Subject"),
        body: s("Body"),
      };
  }
}

interface RouteDialogProps {
  type: RouteType;
  /** Add: open with no row; edit: the row being edited. */
  open: boolean;
  route: AnyRow | null;
  /** Add from a tgid's page: the tgid, preset. */
  tgid?: TgidChoice;
  onClose: () => void;
  onSaved: () => void;
}

/** Adding (route null) or editing a route of `type`. */
export function RouteDialog({ type, open, route, tgid, onClose, onSaved }: RouteDialogProps) {
  const editing = route !== null;
  const mode = editing ? "edit" : "add";
  const form = useZodForm<RouteFormSchema, Values>(
    () => Promise.resolve(ROUTE_FORM_SCHEMAS[type]),
    blank(type, tgid),
  );
  const [format, setFormat] = useState<SmtpFormat>("other");
  const submit = useSubmit();
  const forget = useStartFor(route, (r) => r.id, (r) => {
    submit.setError(null);
    const values = valuesOf(type, r);
    form.reset(values);
    if (type === "smtp") setFormat(detectSmtpFormat(values as Record<string, string>));
  });
  const close = () => {
    forget();
    if (!editing) {
      form.reset(blank(type, tgid));
      setFormat("other");
    }
    submit.setError(null);
    onClose();
  };
  const v = form.values;
  const id = (key: string) => `${type}-${mode}-${key}`;

  const choose = (next: SmtpFormat) => {
    setFormat(next);
    // Cleared, then the preset's values.
    for (const [k, value] of Object.entries(smtpPreset(next))) form.set(k, value);
  };

  const input = (f: FieldDef) => {
    const error = form.errors[f.key];
    switch (f.kind) {
      case "check":
        return (
          <label key={f.key}>
            <input
              type="checkbox"
              name={id(f.key)}
              checked={Boolean(v[f.key])}
              onChange={(e) => form.set(f.key, e.currentTarget.checked)}
            />
            {f.label}
          </label>
        );
      case "select":
        return (
          <Field key={f.key} label={f.label} name={id(f.key)} error={error}>
            {(p) => (
              <select
                {...p}
                value={String(v[f.key])}
                onChange={(e) => form.set(f.key, Number(e.currentTarget.value))}
              >
                {Object.entries(f.options).map(([code, label]) => (
                  <option key={code} value={code}>{`${code} ${label}`}</option>
                ))}
              </select>
            )}
          </Field>
        );
      case "area": {
        const normalise = (text: string) => form.set(f.key, normalizeEmails(text));
        return (
          <Field key={f.key} label={f.label} name={id(f.key)} error={error} hint={f.hint}>
            {(p) => (
              <textarea
                {...p}
                rows={3}
                value={String(v[f.key] ?? "")}
                onChange={(e) => form.set(f.key, e.currentTarget.value)}
                onBlur={(e) => normalise(e.currentTarget.value)}
                onPaste={(e) => {
                  const el = e.currentTarget;
                  const pasted = e.clipboardData.getData("text");
                  e.preventDefault();
                  normalise(
                    el.value.slice(0, el.selectionStart) + pasted + el.value.slice(el.selectionEnd),
                  );
                }}
              />
            )}
          </Field>
        );
      }
      default:
        return (
          <TextField
            key={f.key}
            label={f.label}
            name={id(f.key)}
            type={f.type}
            hint={f.hint}
            value={String(v[f.key] ?? "")}
            onChange={(t) => form.set(f.key, t)}
            error={error}
          />
        );
    }
  };

  const save = form.onSubmit(async (data) => {
    const body: RouteAdds[typeof type] = data;
    const saved = await submit.send(() =>
      editing ? updateRoute(type, route.id, body) : addRoute(type, body).then((r) => r.route)
    );
    if (!saved) return;
    toast(
      "success",
      (editing ? ROUTE_MESSAGES.updated : ROUTE_MESSAGES.created)(type, saved.id),
    );
    close();
    onSaved();
  });

  const label = ROUTE_TYPE_LABELS[type];
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={editing ? `Edit ${label} route ${route.id}` : `New ${label} route`}
      name={`route-${type}-${mode}`}
      submitLabel={editing ? "Save" : "Add"}
      state={submit.state}
      error={submit.error}
      onSubmit={save}
    >
      <TgidPicker
        name={id("Remise")}
        value={v.Remise as TgidChoice | null}
        onChange={(t) => form.set("Remise", t)}
        error={form.errors.Remise}
      />
      <div className="grid">{COMMON.map(input)}</div>
      {FIELDS[type].map(input)}
      {type === "smtp" && (
        <fieldset>
          <legend>Format</legend>
          <Field label="Format" name={id("format")}>
            {(p) => (
              <select
                {...p}
                value={format}
                onChange={(e) => choose(e.currentTarget.value as SmtpFormat)}
              >
                {SMTP_FORMAT_CHOICES.map((f) => <option key={f} value={f}>{f}</option>)}
              </select>
            )}
          </Field>
          <div className="grid">{SMTP_PRESET_FIELDS.map(input)}</div>
        </fieldset>
      )}
    </FormDialog>
  );
}
