/**
 * The company dialogs (static backdrop): create (both variants of the kit's CreateDialog), edit,
 * and delete (what goes with it, confirmed by typing its name). Loaded on first use by the
 * company islands.
 */
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { useZodForm } from "../../kit/form/form.tsx";
import { useLayoutEffect, useState } from "react";
import useSWR from "swr";
import { call, client, messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { FormDialog, useEditDialog, useSubmit } from "../../kit/dialog/FormDialog.tsx";
import { companyHref } from "../labels.ts";
import { TextField } from "../../kit/form/TextField.tsx";
import type {
  Company,
  CompanyDeleted,
  CompanyDeleteImpact,
} from "../../../openapi/schemas/companies/companies.ts";
import { blockerList, countOf } from "../../../openapi/schemas/companies/company_messages.ts";

const loadCreateForm = () =>
  import("../../../openapi/schemas/companies/companies.ts").then((m) => m.CompanyFormSchema);
const loadEditForm = () =>
  import("../../../openapi/schemas/companies/companies.ts").then((m) =>
    m.CompanyFormSchema.pick({ name: true })
  );

interface CompanyCreateDialogProps {
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

interface CompanyEditDialogProps {
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

interface CompanyDeleteDialogProps {
  /** The company to delete; null when closed. */
  company: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted: (gone: CompanyDeleted) => void;
}

/** "Kept, without it" lines of a delete: only what there is. */
const unlinkLines = (u: CompanyDeleteImpact["unlinks"]) =>
  [
    u.dnids &&
    `${countOf(u.dnids, "dnid")} of other companies allocated to its teams lose the team`,
    u.tgidShares &&
    `${countOf(u.tgidShares, "share")} of other companies' tgids with its teams end`,
    u.enidShares &&
    `${countOf(u.enidShares, "share")} of other companies' enids with its teams end`,
    u.ruls && `${countOf(u.ruls, "rul")} stay, without a company`,
  ].filter((s): s is string => Boolean(s));

/**
 * Delete a company: what goes with it (its teams and users, counted by
 * GET /rest/companies/deleteImpact), what stays without it and what refuses the delete; the
 * company's name must be typed before Delete is enabled, and is sent along (the server checks it
 * too: a company renamed meanwhile is not deleted).
 */
export function CompanyDeleteDialog({ company, onClose, onDeleted }: CompanyDeleteDialogProps) {
  const impact = useSWR(
    company ? `/rest/companies/deleteImpact?id=${company.id}` : null,
    () =>
      call(client.GET("/rest/companies/deleteImpact", {
        params: { query: { id: company!.id } },
      })),
    { revalidateOnFocus: false, revalidateOnMount: true, dedupingInterval: 0 },
  );
  const [typed, setTyped] = useState("");
  const submit = useSubmit();
  // Every opening starts afresh, counted again: the company may have changed meanwhile.
  useLayoutEffect(() => {
    setTyped("");
    submit.setError(null);
  }, [company?.id, company !== null]);

  const data = impact.data?.id === company?.id ? impact.data : undefined;
  const name = data?.name ?? company?.name ?? "";
  const blockers = data ? blockerList(data.blockers) : [];
  const deletable = !!data && !data.ownCompany && blockers.length === 0;
  const confirmed = deletable && typed.trim() === data.name;
  const onSubmit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!confirmed || !company) return;
    const gone = await submit.send(() =>
      call(client.GET("/rest/companies/delete", {
        params: { query: { id: company.id, name: typed.trim() } },
      }))
    );
    if (!gone) return;
    toast("success", `Company ${gone.name} deleted`);
    onClose();
    onDeleted(gone);
  };
  const unlinks = data ? unlinkLines(data.unlinks) : [];
  return (
    <FormDialog
      open={company !== null}
      title={`Delete company ${name}`}
      name="company-delete"
      onClose={onClose}
      submitLabel="Delete"
      danger
      submitDisabled={!confirmed}
      state={submit.state}
      onSubmit={onSubmit}
      error={submit.error}
    >
      {impact.error
        ? <p role="alert" className="field-error">{messageOf(impact.error)}</p>
        : !data
        ? <p aria-busy="true">Counting what goes with it…</p>
        : data.ownCompany
        ? <p role="alert">This is your own company: it cannot be deleted.</p>
        : blockers.length
        ? (
          <div data-delete-blockers="">
            <p>
              <strong>{name}</strong> cannot be deleted while it still has:
            </p>
            <ul>{blockers.map((b) => <li key={b}>{b}</li>)}</ul>
            <p>Delete them, or move them to another company, first.</p>
          </div>
        )
        : (
          <>
            <p>
              Deleting <strong>{name}</strong> also deletes, for good:
            </p>
            <ul data-delete-counts="">
              <li>{countOf(data.deletes.teams, "team")}</li>
              <li>
                {countOf(data.deletes.users, "user")}, with their e-mail aliases and sessions
              </li>
              {data.deletes.files > 0 && <li>{countOf(data.deletes.files, "uploaded file")}</li>}
            </ul>
            {unlinks.length > 0 && (
              <>
                <p>Kept, without it:</p>
                <ul data-delete-unlinks="">{unlinks.map((u) => <li key={u}>{u}</li>)}</ul>
              </>
            )}
            <TextField
              label="Type the company's name to confirm"
              name="company-delete-name"
              value={typed}
              onChange={setTyped}
              hint={`“${name}”, exactly`}
            />
          </>
        )}
    </FormDialog>
  );
}
