/**
 * The company dialogs (static backdrop): create (both variants of the kit's CreateDialog) and
 * edit, and the confirmed delete. Loaded on first use by the company islands.
 */
import { CreateDialog } from "../kit/CreateDialog.tsx";
import { useZodForm } from "../kit/form.tsx";
import { call, client } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { confirmDelete } from "../kit/confirm_delete.ts";
import { FormDialog, useEditDialog } from "../kit/FormDialog.tsx";
import { companyHref } from "./labels.ts";
import { TextField } from "../kit/TextField.tsx";
import type { Company, CompanyDeleted } from "../../openapi/schemas/companies.ts";

const loadCreateForm = () =>
  import("../../openapi/schemas/companies.ts").then((m) => m.CompanyFormSchema);
const loadEditForm = () =>
  import("../../openapi/schemas/companies.ts").then((m) =>
    m.CompanyFormSchema.pick({ name: true })
  );

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
      <TextField
        label="Name"
        name="company-name"
        value={form.values.name}
        onChange={(t) => form.set("name", t)}
        error={form.errors.name}
      />
      <TextField
        label="Id (optional)"
        name="company-id"
        inputMode="numeric"
        value={form.values.id}
        onChange={(t) => form.set("id", t)}
        error={form.errors.id}
        hint="Keeps a legacy id; leave empty for the next free one"
      />
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
  const edit = useEditDialog(company, (c) => c.id, (c) => form.reset({ name: c.name }), {
    onClose,
    onSaved: (saved: Company) => {
      toast("success", `Company ${saved.name} saved`);
      onSaved(saved);
    },
  });
  const save = form.onSubmit((data) =>
    void edit.save((c) =>
      call(client.POST("/rest/companies/update", { body: { id: c.id, name: data.name } }))
    )
  );
  return (
    <FormDialog
      {...edit.dialog}
      title={company ? `Edit company ${company.name}` : "Edit company"}
      name="company-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <TextField
        label="Name"
        name="company-edit-name"
        value={form.values.name}
        onChange={(t) => form.set("name", t)}
        error={form.errors.name}
      />
    </FormDialog>
  );
}

/**
 * Asks, then deletes the company. A refusal (it still has dnids, tgids, …) is shown as an error
 * toast with the server's message. True when it was deleted.
 */
export function deleteCompany(company: { id: number; name: string }): Promise<boolean> {
  return confirmDelete(
    {
      title: "Delete company",
      message: `Delete the company ${company.name}? Its teams and users are deleted with it.`,
    },
    (): Promise<CompanyDeleted> =>
      call(client.GET("/rest/companies/delete", { params: { query: { id: String(company.id) } } })),
    (gone) => `Company ${gone.name} deleted`,
  );
}
