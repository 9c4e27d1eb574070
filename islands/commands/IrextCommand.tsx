/**
 * The irext page's form (/commands/irext): an Iridium Extreme terminal the user reaches, one of
 * the nine irext commands and its fields (a text and its message type; a geofence: its id, unit,
 * and a circle — point 1 and a radius — or a polygon of point rows), then Send: the command list
 * created, with a link to follow it.
 */
import { useState } from "react";
import { Field, useZodForm } from "../kit/form/form.tsx";
import { usePromiseState } from "../kit/form/PromiseButton.tsx";
import { messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import {
  GEOFENCE_MAX_POINTS,
  GEOFENCE_UNITS,
  IREXT_COMMANDS,
  IREXT_MESSAGE_TYPE_NAMES,
  type IrextCommand as IrextName,
} from "../../openapi/enums.ts";
import {
  IREXT_COMMAND_LABELS,
  TERMINAL_COMMAND_MESSAGES,
} from "../../openapi/schemas/command/terminal_command_messages.ts";
import { type CommandsIssued, postCommand } from "./command_api.ts";
import { CommandResult, formSchema, type FormValues, num, SendButton } from "./command_form.tsx";
import { ChoiceField } from "./choice_field.tsx";

export interface IrextCommandProps {
  terminals: { deviceId: number; label: string | null }[];
  /** A terminal preselected (?target=deviceId). */
  target: string;
}

const lat = (n: number) => `geofenceP${n}lat`;
const lon = (n: number) => `geofenceP${n}lon`;

function irextRequest(v: FormValues): Record<string, unknown> {
  const command = v.command as IrextName;
  const base = { target: num(v.target) };
  if (command === "sendFreeTextMessage") {
    return { ...base, text: v.text ?? "", messageType: num(v.messageType) };
  }
  if (command === "geofenceCancel") return { ...base, geofenceId: num(v.geofenceId) };
  if (command !== "geofenceActivate") return base;
  const rows = Number(v.points ?? 0);
  const points = Object.fromEntries(
    Array.from({ length: rows }, (_, i) => i + 1).flatMap((n) => [
      [lat(n), num(v[lat(n)])],
      [lon(n), num(v[lon(n)])],
    ]),
  );
  return {
    ...base,
    geofenceId: num(v.geofenceId),
    unit: num(v.unit),
    ...(v.shape === "circle" ? { radius: num(v.radius) } : {}),
    ...points,
  };
}

const loadSchema = async () => {
  const { IREXT_SCHEMAS } = await import("../../openapi/schemas/command/irext.ts");
  return formSchema((v) => IREXT_SCHEMAS[v.command as IrextName], irextRequest);
};

export default function IrextCommand({ terminals, target }: IrextCommandProps) {
  const form = useZodForm(loadSchema, {
    target,
    command: "sendLocationRequest",
    text: "",
    messageType: "0",
    geofenceId: "1",
    unit: "0",
    shape: "polygon",
    radius: "",
    points: "3",
  } as FormValues);
  const { state, run } = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const v = form.values as FormValues;
  const set = (k: string) => (e: { target: { value: string } }) => form.set(k, e.target.value);
  const command = v.command as IrextName;
  const rows = Number(v.points);
  const geofence = command === "geofenceActivate" || command === "geofenceCancel";

  const send = form.onSubmit(async (data) => {
    try {
      const r = await run(() => postCommand(`/rest/irext/${command}`, data));
      setIssued(r);
      toast("success", TERMINAL_COMMAND_MESSAGES.listCreated(r.listId));
    } catch (e) {
      toast("error", TERMINAL_COMMAND_MESSAGES.sendError(messageOf(e)));
    }
  });

  return (
    <form ref={form.ref} onSubmit={send} noValidate className="command-form" id="irext-form">
      <Field label="Terminal" name="target" error={form.errors.target}>
        {(p) => (
          <select {...p} value={v.target} onChange={set("target")}>
            <option value="">Choose an Iridium Extreme terminal</option>
            {terminals.map((t) => (
              <option key={t.deviceId} value={String(t.deviceId)}>
                {t.label ? `${t.label} (${t.deviceId})` : t.deviceId}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Command" name="command">
        {(p) => (
          <select {...p} value={v.command} onChange={set("command")}>
            {IREXT_COMMANDS.map((c) => <option key={c} value={c}>{IREXT_COMMAND_LABELS[c]}
            </option>)}
          </select>
        )}
      </Field>
      {command === "sendFreeTextMessage" && (
        <>
          <ChoiceField
            form={form}
            name="messageType"
            label="Message type"
            choices={IREXT_MESSAGE_TYPE_NAMES}
            numbered
          />
          <Field label="Text" name="text" error={form.errors.text}>
            {(p) => <textarea {...p} rows={3} value={v.text} onChange={set("text")} />}
          </Field>
        </>
      )}
      {geofence && (
        <Field label="Geofence id" name="geofenceId" error={form.errors.geofenceId}>
          {(p) => (
            <input {...p} type="number" min={1} value={v.geofenceId} onChange={set("geofenceId")} />
          )}
        </Field>
      )}
      {command === "geofenceActivate" && (
        <fieldset>
          <div className="grid">
            <Field label="Shape" name="shape">
              {(p) => (
                <select
                  {...p}
                  value={v.shape}
                  onChange={(e) => {
                    form.set("shape", e.target.value);
                    form.set("points", e.target.value === "circle" ? "1" : "3");
                  }}
                >
                  <option value="polygon">Polygon (3 or more points)</option>
                  <option value="circle">Circle (centre and radius)</option>
                </select>
              )}
            </Field>
            <ChoiceField form={form} name="unit" label="Unit" choices={GEOFENCE_UNITS} />
            {v.shape === "circle" && (
              <Field label="Radius" name="radius" error={form.errors.radius}>
                {(p) => (
                  <input
                    {...p}
                    type="number"
                    step="any"
                    value={v.radius}
                    onChange={set("radius")}
                  />
                )}
              </Field>
            )}
          </div>
          {v.shape !== "circle" && form.errors.radius && (
            <small className="field-error" role="alert">{form.errors.radius}</small>
          )}
          <table className="geofence-points">
            <thead>
              <tr>
                <th>Point</th>
                <th>Latitude</th>
                <th>Longitude</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rows }, (_, i) => i + 1).map((n) => (
                <tr key={n}>
                  <td>P{n}</td>
                  {[lat(n), lon(n)].map((key) => (
                    <td key={key}>
                      <Field label="" name={key} error={form.errors[key]}>
                        {(p) => (
                          <input
                            {...p}
                            aria-label={`Point ${n} ${
                              key.endsWith("lat") ? "latitude" : "longitude"
                            }`}
                            type="number"
                            step="any"
                            value={v[key] ?? ""}
                            onChange={set(key)}
                          />
                        )}
                      </Field>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {v.shape !== "circle" && (
            <div role="group">
              <button
                type="button"
                className="secondary"
                disabled={rows >= GEOFENCE_MAX_POINTS}
                onClick={() => form.set("points", String(rows + 1))}
              >
                Add point
              </button>
              <button
                type="button"
                className="secondary"
                disabled={rows <= 3}
                onClick={() => {
                  form.set(lat(rows), "");
                  form.set(lon(rows), "");
                  form.set("points", String(rows - 1));
                }}
              >
                Remove point
              </button>
            </div>
          )}
        </fieldset>
      )}
      <SendButton state={state} />
      <CommandResult issued={issued} />
    </form>
  );
}
