/**
 * The company dialogs (static backdrop): create (both variants of the kit's CreateDialog) and
 * edit, and the confirmed delete. Loaded on first use by the company islands.
 */
import { useState } from "react";
import { CreateDialog } from "../kit/CreateDialog.tsx";
import { Dialog } from "../kit/Dialog.tsx";
import { Field, useZodForm } from "../kit/form.tsx";
import { PromiseButton, usePromiseState } from "../kit/PromiseButton.tsx";
import { call, client, messageOf } from "../runtime/api.ts";
import { confirm } from "../runtime/confirm.ts";
import { toast } from "../runtime/toasts.ts";
import type { Company, CompanyDeleted } from "../../openapi/schemas/companies.ts";

const loadCreateForm = () =>
  import("../../openapi/schemas/companies.ts").then((m) => m.CompanyFormSchema);
const loadEditForm = () =>
  import("../../openapi/schemas/companies.ts").then((m) =>
    m.CompanyFormSchema.pick({ name: true })
  );

export const companyHref = (c: { id: number }) => `/administration/companies/${c.id}`;

export interface CompanyCreateDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after each company is created (either variant). */
  onCreated?: (company: Company) => void;
}

export function CompanyCreateDialog({ open, onClose, onCreated }: CompanyCreateDialogProps) {
  const form = useZodForm(loadCreateForm, { id: "", name: "" });
  const close = () => {
    onClose();
    form.reset();
  };
  return (
    <CreateDialog<Company>
      open={open}
      title="New company"
      onClose={close}
      reset={() => form.reset()}
      hrefOf={companyHref}
      created={(c) => `Company ${c.name} created`}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        const company = await call(client.POST("/rest/companies/add", { body: data }));
        onCreated?.(company);
        return company;
      }}
    >
      <Field label="Name" name="company-name" error={form.errors.name}>
        {(p) => (
          <input
            {...p}
            autoComplete="off"
            value={form.values.name}
            onChange={(e) => form.set("name", e.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        label="Id (optional)"
        name="company-id"
        error={form.errors.id}
        hint="Keeps a legacy id; leave empty for the next free one"
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            autoComplete="off"
            value={form.values.id}
            onChange={(e) => form.set("id", e.currentTarget.value)}
          />
        )}
      </Field>
    </CreateDialog>
  );
}

export interface CompanyEditDialogProps {
  /** The company being edited; null when closed. */
  company: { id: number; name: string } | null;
  onClose: () => void;
  onSaved: (company: Company) => void;
}

export function CompanyEditDialog({ company, onClose, onSaved }: CompanyEditDialogProps) {
  const form = useZodForm(loadEditForm, { name: "" });
  const saving = usePromiseState();
  const [error, setError] = useState<string | null>(null);
  // A newly opened company starts from its own values (state derived while rendering).
  const [forId, setForId] = useState<number | null>(null);
  if (company && company.id !== forId) {
    setForId(company.id);
    setError(null);
    form.reset({ name: company.name });
  }
  const save = form.onSubmit(async (data) => {
    if (!company) return;
    setError(null);
    try {
      const saved = await saving.run(() =>
        call(client.POST("/rest/companies/update", { body: { id: company.id, name: data.name } }))
      );
      toast("success", `Company ${saved.name} saved`);
      setForId(null);
      onSaved(saved);
    } catch (e) {
      setError(messageOf(e));
    }
  });
  const close = () => {
    setForId(null);
    onClose();
  };
  return (
    <Dialog
      open={company !== null}
      title={company ? `Edit company ${company.name}` : "Edit company"}
      onClose={close}
      dismissible={false}
      footer={
        <>
          <button type="button" className="secondary" onClick={close}>Cancel</button>
          <PromiseButton type="submit" form="company-edit-form" state={saving.state}>
            Save
          </PromiseButton>
        </>
      }
    >
      <form id="company-edit-form" noValidate onSubmit={save}>
        <Field label="Name" name="company-edit-name" error={form.errors.name}>
          {(p) => (
            <input
              {...p}
              autoComplete="off"
              value={form.values.name}
              onChange={(e) => form.set("name", e.currentTarget.value)}
            />
          )}
        </Field>
        {error && <p role="alert" className="field-error" data-dialog-error="">{error}</p>}
      </form>
    </Dialog>
  );
}

/**
 * Asks, then deletes the company. A refusal (it still has dnids, tgids, …) is shown as an error
 * toast with the server's message. True when it was deleted.
 */
export async function deleteCompany(company: { id: number; name: string }): Promise<boolean> {
  const ok = await confirm({
    title: "Delete company",
    message: `Delete the company ${company.name}? Its teams and users are deleted with it.`,
    confirmLabel: "Delete",
    danger: true,
  });
  if (!ok) return false;
  try {
    const gone: CompanyDeleted = await call(
      client.GET("/rest/companies/delete", { params: { query: { id: String(company.id) } } }),
    );
    toast("success", `Company ${gone.name} deleted`);
    return true;
  } catch (e) {
    toast("error", messageOf(e));
    return false;
  }
}
