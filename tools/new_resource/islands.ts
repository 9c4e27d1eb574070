/**
 * A new resource's islands, `islands/<area>/<name>/`: the list (`<Pascal>List.tsx`), its calls
 * (`<name>_api.ts`) and its dialogs (`<one>_dialogs.tsx`, loaded on first use).
 */
import type { Names } from "./names.ts";

export function listIsland(n: Names): string {
  return `/**
 * The ${n.word} list (${n.page}): server-paged, sorted and filtered (the query kept in the URL),
 * "New ${n.word}" (the create dialog, both variants) and a row menu with Edit and Delete. A
 * client sees its own company's ${n.words} only.
 */
import { lazy } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import type { TableDefaults } from "../../kit/table/table_state.ts";
import { formatDateTime } from "../../kit/format.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { ${n.Pascal} } from "../../../openapi/schemas/${n.name}/${n.name}.ts";
import { find${n.Plural}, type Viewer } from "./${n.name}_api.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./${n.one}_dialogs.tsx");
const ${n.Pascal}CreateDialog = lazy(() =>
  dialogs().then((m) => ({ default: m.${n.Pascal}CreateDialog }))
);
const ${n.Pascal}EditDialog = lazy(() =>
  dialogs().then((m) => ({ default: m.${n.Pascal}EditDialog }))
);

export const ${n.CONST}_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export type ${n.Pascal}ListProps = ListProps<${n.Pascal}> & { viewer: Viewer };

export default function ${n.Pascal}List({ viewer, ...props }: ${n.Pascal}ListProps) {
  return (
    <EditableList<${n.Pascal}>
      {...props}
      id="${n.name}"
      caption="${n.Words}"
      noun="${n.word}"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => \`${n.word} \${r.label}\`}
      find={find${n.Plural}}
      defaults={${n.CONST}_TABLE_DEFAULTS}
      remove={async (r) => (await dialogs()).delete${n.Pascal}(r)}
      columns={[
        { key: "id", label: "Id", sortable: true, filter: { kind: "text" } },
        { key: "label", label: "Label", sortable: true, filter: { kind: "text" } },
        {
          key: "company",
          label: "Company",
          filter: { kind: "text" },
          text: (r) => r.company.name,
          render: (r) => r.company.name,
        },
        {
          key: "createdAt",
          label: "Created",
          sortable: true,
          text: (r) => formatDateTime(r.createdAt),
          render: (r) => formatDateTime(r.createdAt),
        },
      ]}
      createDialog={(p) => <${n.Pascal}CreateDialog {...p} viewer={viewer} />}
      editDialog={({ row, ...p }) => <${n.Pascal}EditDialog row={row} {...p} />}
    />
  );
}
`;
}

export function apiModule(n: Names): string {
  return `/**
 * What the ${n.word} islands share: who looks, the list's query, and the calls of the dialogs
 * with their failure messages ("${n.Word} not created", "${n.Word} not updated", "${n.Word}
 * not deleted", each with the server's message).
 */
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { call, client, messageOf } from "../../runtime/api.ts";
import { orToast } from "../../runtime/or_toast.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { ${n.CONST}_MESSAGES } from "../../../openapi/schemas/${n.name}/${n.one}_messages.ts";
import type {
  ${n.Pascal},
  ${n.Pascal}Create,
  ${n.Pascal}Update,
} from "../../../openapi/schemas/${n.name}/${n.name}.ts";

/** Who looks at the list: an administrator, or a client of its company. */
export interface Viewer {
  admin: boolean;
  company: { id: number; name: string };
}

export const find${n.Plural} = async (state: TableState) =>
  rowsOf(
    await call(client.POST("${n.rest}/find", {
      body: findBody(state, SORT_FIELDS["${n.rest}/find"]),
    })),
  );

export const create${n.Pascal} = (body: ${n.Pascal}Create): Promise<${n.Pascal}> =>
  orToast(${n.CONST}_MESSAGES.notCreated, () => call(client.POST("${n.rest}/create", { body })));

export const update${n.Pascal} = (body: ${n.Pascal}Update): Promise<${n.Pascal}> =>
  orToast(${n.CONST}_MESSAGES.notUpdated, () => call(client.POST("${n.rest}/update", { body })));

/** Deletes (no question asked): the thrown error's message starts with "${n.Word} not deleted". */
export async function remove${n.Pascal}(id: number): Promise<${n.Pascal}> {
  try {
    return await call(client.POST("${n.rest}/delete", { body: { id } }));
  } catch (e) {
    throw new Error(\`\${${n.CONST}_MESSAGES.notDeleted}: \${messageOf(e)}\`);
  }
}
`;
}

export function dialogsModule(n: Names): string {
  return `/**
 * The ${n.word} dialogs (static backdrop): create (both variants of the kit's CreateDialog), edit
 * and the confirmed delete. An administrator chooses the company; a client's ${n.words} are its
 * own company's, so the field is not shown. Loaded on first use by the ${n.word} list.
 */
import { CreateDialog } from "../../kit/dialog/CreateDialog.tsx";
import { FormDialog, useEditDialog } from "../../kit/dialog/FormDialog.tsx";
import { confirmDelete } from "../../kit/dialog/confirm_delete.ts";
import { useZodForm } from "../../kit/form/form.tsx";
import { TextField } from "../../kit/form/TextField.tsx";
import { toast } from "../../runtime/toasts.ts";
import { CompanyPicker } from "../../administration/companies/company_picker.tsx";
import { ${n.CONST}_MESSAGES } from "../../../openapi/schemas/${n.name}/${n.one}_messages.ts";
import type { CompanyChoice } from "../../../openapi/schemas/companies/companies.ts";
import type { ${n.Pascal} } from "../../../openapi/schemas/${n.name}/${n.name}.ts";
import { create${n.Pascal}, remove${n.Pascal}, update${n.Pascal}, type Viewer } from "./${n.name}_api.ts";

const loadCreateForm = () =>
  import("../../../openapi/schemas/${n.name}/${n.name}.ts").then((m) => m.${n.Pascal}FormSchema);
const loadEditForm = () =>
  import("../../../openapi/schemas/${n.name}/${n.name}.ts").then((m) => m.${n.Pascal}EditFormSchema);

/** The create dialog's fields, as the form holds them. */
interface Values {
  company: CompanyChoice | null;
  label: string;
}

/** An empty form: a client's company is its own. */
const blank = (viewer: Viewer): Values => ({
  company: viewer.admin ? null : viewer.company,
  label: "",
});

interface ${n.Pascal}CreateDialogProps {
  open: boolean;
  onClose: () => void;
  viewer: Viewer;
  /** Called after each ${n.word} is created (either variant). */
  onCreated?: (created: ${n.Pascal}) => void;
}

export function ${n.Pascal}CreateDialog(
  { open, onClose, viewer, onCreated }: ${n.Pascal}CreateDialogProps,
) {
  const form = useZodForm(loadCreateForm, blank(viewer));
  const reset = () => form.reset(blank(viewer));
  const close = () => {
    onClose();
    reset();
  };
  const v = form.values as Values;
  return (
    <CreateDialog<${n.Pascal}>
      open={open}
      title="New ${n.word}"
      onClose={close}
      reset={reset}
      // No page of its own: the list shows it.
      hrefOf={() => null}
      created={(r) => ${n.CONST}_MESSAGES.created(r.label)}
      create={async () => {
        const data = await form.validate();
        if (data === null) return null;
        const created = await create${n.Pascal}(data);
        onCreated?.(created);
        return created;
      }}
    >
      {viewer.admin && (
        <CompanyPicker
          name="${n.name}-company"
          value={v.company}
          onChange={(c) => form.set("company", c)}
          error={form.errors.company}
        />
      )}
      <TextField
        label="Label"
        name="${n.name}-label"
        value={v.label}
        onChange={(t) => form.set("label", t)}
        error={form.errors.label}
      />
    </CreateDialog>
  );
}

interface ${n.Pascal}EditDialogProps {
  /** The ${n.word} being edited; null when closed. */
  row: ${n.Pascal} | null;
  onClose: () => void;
  onSaved: (saved: ${n.Pascal}) => void;
}

/** Editing ${n.aWord}'s label; a failure shows '${n.Word} not updated' with the server's message. */
export function ${n.Pascal}EditDialog({ row, onClose, onSaved }: ${n.Pascal}EditDialogProps) {
  const form = useZodForm(loadEditForm, { label: "" });
  const edit = useEditDialog(row, (r) => r.id, (r) => form.reset({ label: r.label }), {
    onClose,
    onSaved: (saved: ${n.Pascal}) => {
      toast("success", ${n.CONST}_MESSAGES.updated(saved.label));
      onSaved(saved);
    },
  });
  const save = form.onSubmit((data) => void edit.save((r) => update${n.Pascal}({ ...data, id: r.id })));
  return (
    <FormDialog
      {...edit.dialog}
      title={row ? \`Edit ${n.word} \${row.label}\` : "Edit ${n.word}"}
      name="${n.name}-edit"
      submitLabel="Save"
      onSubmit={save}
    >
      <TextField
        label="Label"
        name="${n.name}-edit-label"
        value={form.values.label}
        onChange={(t) => form.set("label", t)}
        error={form.errors.label}
      />
    </FormDialog>
  );
}

/** Asks, then deletes the ${n.word}: a toast either way. True when it was deleted. */
export function delete${n.Pascal}(row: ${n.Pascal}): Promise<boolean> {
  return confirmDelete(
    { title: "Delete ${n.word}", message: \`Delete the ${n.word} \${row.label}?\` },
    () => remove${n.Pascal}(row.id),
    (gone) => ${n.CONST}_MESSAGES.deleted(gone.label),
  );
}
`;
}
