/**
 * The rul dialogs (static backdrop): create (both variants; the id proposed as the highest rul
 * id + 1, LES 21 by default), edit (the id and LES are not editable), and the confirmed delete.
 * Loaded on first use by the rul islands.
 */
import { useProposedId } from "../../kit/form/proposed_id.ts";
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { confirmDelete } from "../../kit/dialog/confirm_delete.ts";
import { toast } from "../../runtime/toasts.ts";
import { CompanyPicker } from "../../administration/companies/company_picker.tsx";
import { DEFAULT_LES, LES } from "../../../openapi/enums.ts";
import { RUL_MESSAGES } from "../../../openapi/schemas/ruls/rul_messages.ts";
import type { CompanyChoice } from "../../../openapi/schemas/companies/companies.ts";
import type { Rul, RulEditFormSchema, RulFormSchema } from "../../../openapi/schemas/ruls/ruls.ts";
import { createRul, lastRulId, removeRul, rulHref, updateRul } from "./rul_api.ts";

const loadCreateForm = () =>
  import("../../../openapi/schemas/ruls/ruls.ts").then((m) => m.RulFormSchema);
const loadEditForm = () =>
  import("../../../openapi/schemas/ruls/ruls.ts").then((m) => m.RulEditFormSchema);
type CreateForm = typeof RulFormSchema;
type EditForm = typeof RulEditFormSchema;

type Les = keyof typeof LES;
const LES_CHOICES = Object.keys(LES).map(Number) as Les[];

/** The fields both dialogs edit, as the form holds them. */
interface RulFields {
  password: string;
  customerName: string;
  companyName: string;
  requesterName: string;
  mailContact: string;
  phoneContact: string;
  comments: string;
  company: CompanyChoice | null;
}

const blankFields = (): RulFields => ({
  password: "",
  customerName: "",
  companyName: "",
  requesterName: "",
  mailContact: "",
  phoneContact: "",
  comments: "",
  company: null,
});

/** The create dialog's values: the id as typed, and the LES. */
type CreateFields = RulFields & { id: string; les: Les };
const blankCreate = (): CreateFields => ({ id: "", les: DEFAULT_LES as Les, ...blankFields() });

const fieldsOf = (r: Rul): RulFields => ({
  password: r.password,
  customerName: r.customerName,
  companyName: r.companyName ?? "",
  requesterName: r.requesterName ?? "",
  mailContact: r.mailContact ?? "",
  phoneContact: r.phoneContact ?? "",
  comments: r.comments ?? "",
  company: r.company,
});

interface FieldsForm {
  values: RulFields;
  errors: Record<string, string>;
  /** A field and its new value (either dialog's form.set takes them). */
  set: (
    ...change: { [K in keyof RulFields]: [key: K, value: RulFields[K]] }[keyof RulFields]
  ) => void;
}

/** The rul's fields; `prefix` keeps the ids of two forms on one page apart. */
function RulFieldInputs(
  { values: v, errors, set, prefix }: FieldsForm & { prefix: string },
) {
  const text = (key: Exclude<keyof RulFields, "company">, label: string, type?: string) => (
    <TextField
      label={label}
      name={`${prefix}-${key}`}
      type={type}
      value={v[key]}
      onChange={(t) => set(key, t)}
      error={errors[key]}
    />
  );
  return (
    <>
      {text("password", "Password")}
      {text("customerName", "Customer name")}
      <CompanyPicker
        label="Customer company"
        name={`${prefix}-company`}
        value={v.company}
        onChange={(c) => set("company", c)}
        error={errors.company}
      />
      {text("companyName", "Company name")}
      {text("requesterName", "Requester name")}
      {text("mailContact", "Mail contact", "email")}
      {text("phoneContact", "Phone contact", "tel")}
      {text("comments", "Comments")}
    </>
  );
}

interface RulCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after each rul is created (either variant). */
  onCreated?: (rul: Rul) => void;
}

export function RulCreateDialog({ open, onClose, onCreated }: RulCreateDialogProps) {
  const form = useZodForm<CreateForm, CreateFields>(loadCreateForm, blankCreate());
  // The id is proposed (the highest rul id + 1) unless the user has typed one meanwhile.
  const propose = useProposedId(open, async () => (await lastRulId()) + 1, {
    value: form.values.id,
    set: (id) => form.set("id", id),
  });
  const reset = () => {
    form.reset(blankCreate());
    propose();
  };
  const close = () => {
    onClose();
    form.reset(blankCreate());
  };
  const v = form.values;
  return (
    <CreateDialog<Rul>
      open={open}
      title="New rul"
      onClose={close}
      reset={reset}
      hrefOf={rulHref}
      created={(r) => RUL_MESSAGES.created(r.id)}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        const rul = await createRul(data);
        onCreated?.(rul);
        return rul;
      }}
    >
      <div className="grid">
        <TextField
          label="Id"
          name="rul-id"
          inputMode="numeric"
          value={v.id}
          onChange={(t) => form.set("id", t)}
          error={form.errors.id}
        />
        <Field label="LES" name="rul-les" error={form.errors.les}>
          {(p) => (
            <select
              {...p}
              value={v.les}
              onChange={(e) => form.set("les", Number(e.currentTarget.value) as Les)}
            >
              {LES_CHOICES.map((l) => <option key={l} value={l}>{LES[l]}</option>)}
            </select>
          )}
        </Field>
      </div>
      <RulFieldInputs values={v} errors={form.errors} set={form.set} prefix="rul" />
    </CreateDialog>
  );
}

interface RulEditDialogProps {
  /** The rul being edited; null when closed. */
  rul: Rul | null;
  onClose: () => void;
  onSaved: (rul: Rul) => void;
}

/** Editing a rul; a failure shows 'Rul not updated' with the server's message. */
export function RulEditDialog({ rul, onClose, onSaved }: RulEditDialogProps) {
  const form = useZodForm<EditForm, RulFields>(loadEditForm, blankFields());
  const edit = useEditDialog(rul, (r) => `${r.id}-${r.les}`, (r) => form.reset(fieldsOf(r)), {
    onClose,
    onSaved: (saved: Rul) => {
      toast("success", RUL_MESSAGES.updated(saved.id));
      onSaved(saved);
    },
  });
  const save = form.onSubmit((data) =>
    void edit.save((r) => updateRul({ ...data, id: r.id, les: r.les as Les }))
  );
  return (
    <FormDialog
      {...edit.dialog}
      title={rul ? `Edit rul ${rul.id} (LES ${rul.les})` : "Edit rul"}
      name="rul-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <RulFieldInputs values={form.values} errors={form.errors} set={form.set} prefix="rul-edit" />
    </FormDialog>
  );
}

/**
 * Asks, then deletes the rul. A refusal (dnids or enids use it) is an error toast 'Rul not
 * deleted' with the server's message. True when it was deleted.
 */
export function deleteRul(rul: { id: number; les: number }): Promise<boolean> {
  return confirmDelete(
    { title: "Delete rul", message: `Delete the rul ${rul.id} (LES ${rul.les})?` },
    () => removeRul({ id: rul.id, les: rul.les }),
    (gone) => RUL_MESSAGES.deleted(gone.id),
  );
}
