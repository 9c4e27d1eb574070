/**
 * The push process dialogs (static backdrop): add (the defaults prefilled: hostname pushc, mode D,
 * min spare 2 of 0–19, max spare 4 of 0–49), edit, and the confirmed delete. Loaded on first use
 * by the process list. The form checks what the server checks (openapi/schemas/push/push_processes.ts)
 * before sending: min ≤ max, port 1–65535, modes D, P, F, W, an IPv4 address or host name.
 */
import { useEffect } from "react";
import { FormDialog, useEditDialog, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { confirmDelete } from "../../kit/dialog/confirm_delete.ts";
import { toast } from "../../runtime/toasts.ts";
import { CompanyTeamFields, useCompanies } from "../../administration/users/user_form.tsx";
import { PROCESS_DEFAULTS, PROCESS_MODES, type ProcessMode } from "../../../openapi/enums.ts";
import {
  MAX_SPARE_CHOICES,
  MIN_SPARE_CHOICES,
  PROCESS_LABELS as L,
  PROCESS_MESSAGES,
} from "../../../openapi/schemas/push/push_process_messages.ts";
import type { ProcessFormInput } from "../../../openapi/schemas/push/push_processes.ts";
import { addProcess, type ProcessRow, removeProcess, updateProcess } from "./process_api.ts";

const loadForm = () =>
  import("../../../openapi/schemas/push/push_processes.ts").then((m) => m.ProcessFormSchema);

/** A new process's form: the spec's defaults. */
const blankProcess = (): ProcessFormInput => ({
  hostname: PROCESS_DEFAULTS.hostname,
  mode: PROCESS_DEFAULTS.mode,
  protocol: "",
  port: "",
  min: PROCESS_DEFAULTS.min,
  max: PROCESS_DEFAULTS.max,
  ipFep: "",
  company: null,
  team: null,
});

const fieldsOf = (p: ProcessRow): ProcessFormInput => ({
  hostname: p.hostname,
  mode: p.mode as ProcessMode,
  protocol: p.protocol ?? "",
  port: String(p.port),
  min: p.min,
  max: p.max,
  ipFep: p.ipFep ?? "",
  company: null,
  team: p.team,
});

type Form = ReturnType<typeof useZodForm<Awaited<ReturnType<typeof loadForm>>>>;

function ProcessFields({ form, prefix, open }: { form: Form; prefix: string; open: boolean }) {
  const companies = useCompanies(open);
  const v = form.values;
  const e = form.errors;
  // Editing: the team's company, once the companies are known.
  useEffect(() => {
    if (v.team === null || v.company !== null || !companies.data) return;
    const owner = companies.data.find((c) => c.teams.some((t) => t.id === v.team));
    if (owner) form.set("company", owner.id);
  }, [companies.data, v.team, v.company]);
  const select = (
    key: "min" | "max",
    label: string,
    choices: number[],
  ) => (
    <Field label={label} name={`${prefix}-${key}`} error={e[key]}>
      {(p) => (
        <select
          {...p}
          value={v[key]}
          onChange={(ev) => form.set(key, Number(ev.currentTarget.value))}
        >
          {choices.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      )}
    </Field>
  );
  return (
    <>
      <div className="grid">
        <TextField
          label={L.hostname}
          name={`${prefix}-hostname`}
          value={v.hostname}
          onChange={(t) => form.set("hostname", t)}
          error={e.hostname}
        />
        <Field label={L.mode} name={`${prefix}-mode`} error={e.mode}>
          {(p) => (
            <select
              {...p}
              value={v.mode}
              onChange={(ev) => form.set("mode", ev.currentTarget.value as ProcessMode)}
            >
              {PROCESS_MODES.map((m) => <option key={m} value={m}>{m}</option>)}
            </select>
          )}
        </Field>
      </div>
      <div className="grid">
        <TextField
          label={L.port}
          name={`${prefix}-port`}
          inputMode="numeric"
          value={v.port}
          onChange={(t) => form.set("port", t)}
          error={e.port}
        />
        <TextField
          label={L.protocol}
          name={`${prefix}-protocol`}
          value={v.protocol}
          onChange={(t) => form.set("protocol", t)}
          error={e.protocol}
        />
      </div>
      <div className="grid">
        {select("min", L.min, MIN_SPARE_CHOICES)}
        {select("max", L.max, MAX_SPARE_CHOICES)}
      </div>
      <TextField
        label={L.ipFep}
        name={`${prefix}-ipFep`}
        value={v.ipFep}
        onChange={(t) => form.set("ipFep", t)}
        error={e.ipFep}
      />
      <CompanyTeamFields
        companies={companies.data}
        loadError={companies.error}
        company={v.company}
        team={v.team}
        onChange={(company, team) => {
          form.set("company", company);
          form.set("team", team);
        }}
        error={e.team ?? e.company}
        idPrefix={`${prefix}-ct`}
      />
    </>
  );
}

interface ProcessAddDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}

/** "New process": created, a success toast, the list reloads; a failure shows in the dialog. */
export function ProcessAddDialog({ open, onClose, onCreated }: ProcessAddDialogProps) {
  const form = useZodForm(loadForm, blankProcess());
  const submit = useSubmit();
  const close = () => {
    onClose();
    form.reset(blankProcess());
    submit.setError(null);
  };
  const save = form.onSubmit(async (data) => {
    const added = await submit.send(() => addProcess(data));
    if (!added) return;
    toast("success", PROCESS_MESSAGES.created(added.lastInsertId));
    onCreated();
    close();
  });
  return (
    <FormDialog
      open={open}
      title="New process"
      onClose={close}
      name="process-add"
      submitLabel="Create"
      state={submit.state}
      error={submit.error}
      onSubmit={save}
    >
      <ProcessFields form={form} prefix="process" open={open} />
    </FormDialog>
  );
}

interface ProcessEditDialogProps {
  /** The process being edited; null when closed. */
  process: ProcessRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Editing a process (address and delivery are the hostname and the mode). */
export function ProcessEditDialog({ process, onClose, onSaved }: ProcessEditDialogProps) {
  const form = useZodForm(loadForm, blankProcess());
  const edit = useEditDialog(process, (p) => p.id, (p) => form.reset(fieldsOf(p)), {
    onClose,
    onSaved: (saved: ProcessRow) => {
      toast("success", PROCESS_MESSAGES.updated(saved.id));
      onSaved();
    },
  });
  const save = form.onSubmit(({ hostname, mode, ...data }) =>
    void edit.save((p) => updateProcess({ ...data, id: p.id, address: hostname, delivery: mode }))
  );
  return (
    <FormDialog
      {...edit.dialog}
      title={process ? `Edit process ${process.id}` : "Edit process"}
      name="process-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <ProcessFields form={form} prefix="process-edit" open={process !== null} />
    </FormDialog>
  );
}

/** Asks, then deletes the process: "Push process {id} deleted", or the refusal. */
export function deleteProcess(process: { id: number; hostname: string }): Promise<boolean> {
  return confirmDelete(
    {
      title: "Delete process",
      message: `Delete the push process ${process.id} (${process.hostname})?`,
    },
    () => removeProcess(process.id),
    (gone) => PROCESS_MESSAGES.deleted(gone.id),
  );
}
