/**
 * The EPADR configuration's edit dialog (static backdrop, promise button), loaded on first use:
 * the form checks what the server checks (openapi/schemas/epadr/epadr.ts) before sending.
 */
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { toast } from "../../runtime/toasts.ts";
import { EPADR_REPORT_FORMATS, ROBOT_TYPES } from "../../../openapi/enums.ts";
import {
  EPADR_LABELS as L,
  EPADR_MESSAGES,
} from "../../../openapi/schemas/epadr/epadr_messages.ts";
import type { EpadrConfig, EpadrConfigForm } from "../../../openapi/schemas/epadr/epadr.ts";
import { saveEpadrConfig } from "./epadr_api.ts";

const loadForm = () =>
  import("../../../openapi/schemas/epadr/epadr.ts").then((m) => m.EpadrConfigFormSchema);

const fieldsOf = (c: EpadrConfig): EpadrConfigForm => ({
  enabled: c.enabled,
  sourceType: c.sourceType,
  sourceAddress: c.sourceAddress,
  pollMinutes: String(c.pollMinutes),
  reportFormat: c.reportFormat,
  dnids: c.dnids.join(", "),
});

export default function EpadrEditDialog(
  { config, onClose, onSaved }: {
    /** The configuration being edited; null when closed. */
    config: EpadrConfig | null;
    onClose: () => void;
    onSaved: (saved: EpadrConfig) => void;
  },
) {
  const form = useZodForm(loadForm, config ? fieldsOf(config) : fieldsOfBlank());
  const edit = useEditDialog(
    config,
    (c) => c.updatedAt ?? "defaults",
    (c) => form.reset(fieldsOf(c)),
    {
      onClose,
      onSaved: (saved: EpadrConfig) => {
        toast("success", EPADR_MESSAGES.saved);
        onSaved(saved);
      },
    },
  );
  const save = form.onSubmit((data) => void edit.save(() => saveEpadrConfig(data)));
  const v = form.values;
  const e = form.errors;
  const type = Number(v.sourceType) as 0 | 1;
  return (
    <FormDialog
      {...edit.dialog}
      title={EPADR_MESSAGES.edit}
      name="epadr-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <label className="checkbox" htmlFor="f-epadr-enabled">
        <input
          id="f-epadr-enabled"
          name="enabled"
          type="checkbox"
          checked={Boolean(v.enabled)}
          onChange={(ev) => form.set("enabled", ev.currentTarget.checked)}
        />
        {L.enabled}
      </label>
      <div className="grid">
        <Field label={L.sourceType} name="epadr-sourceType" error={e.sourceType}>
          {(p) => (
            <select
              {...p}
              value={type}
              onChange={(ev) => form.set("sourceType", Number(ev.currentTarget.value) as 0 | 1)}
            >
              {Object.entries(ROBOT_TYPES).map(([c, n]) => (
                <option key={c} value={c}>{`${c} ${n}`}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label={L.reportFormat} name="epadr-reportFormat" error={e.reportFormat}>
          {(p) => (
            <select
              {...p}
              value={Number(v.reportFormat)}
              onChange={(ev) =>
                form.set("reportFormat", Number(ev.currentTarget.value) as 0 | 1 | 2)}
            >
              {Object.entries(EPADR_REPORT_FORMATS).map(([c, n]) => (
                <option key={c} value={c}>{`${c} ${n}`}</option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <TextField
        label={L.sourceAddress}
        name="epadr-sourceAddress"
        value={String(v.sourceAddress ?? "")}
        onChange={(t) => form.set("sourceAddress", t)}
        error={e.sourceAddress}
        hint={EPADR_MESSAGES.sourceHint[type]}
      />
      <div className="grid">
        <TextField
          label={L.pollMinutes}
          name="epadr-pollMinutes"
          inputMode="numeric"
          value={String(v.pollMinutes ?? "")}
          onChange={(t) => form.set("pollMinutes", t)}
          error={e.pollMinutes}
        />
        <TextField
          label={L.dnids}
          name="epadr-dnids"
          value={String(v.dnids ?? "")}
          onChange={(t) => form.set("dnids", t)}
          error={e.dnids}
          hint={`"all" (or empty), or dnids separated by commas`}
        />
      </div>
    </FormDialog>
  );
}

function fieldsOfBlank(): EpadrConfigForm {
  return {
    enabled: false,
    sourceType: 0,
    sourceAddress: "",
    pollMinutes: "5",
    reportFormat: 0,
    dnids: "",
  };
}
