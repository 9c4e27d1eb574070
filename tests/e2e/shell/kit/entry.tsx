/**
 * A bare test page for the UI kit (tests/e2e/shell/kit_test.ts bundles it and serves it next to the
 * app): a MultiSelect limited to 2, a long MultiSelect, a TgidPicker form validated with
 * TgidChoiceSchema, a FileUpload, a CreateDialog whose "server" refuses the name "taken", and an
 * EditableList of rows whose key is two fields (a dnid's id and LES), with its edit dialog.
 */
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";
import { MultiSelect, type Option } from "../../../../islands/kit/form/MultiSelect.tsx";
import { TgidPicker } from "../../../../islands/kit/form/TgidPicker.tsx";
import { FileUpload, type UploadedFile } from "../../../../islands/kit/form/FileUpload.tsx";
import { Field, useZodForm } from "../../../../islands/kit/form/form.tsx";
import { CreateDialog } from "../../../../islands/kit/dialog/CreateDialog.tsx";
import { ApiFailure } from "../../../../islands/runtime/api.ts";
import { formMessages } from "../../../../openapi/schemas/messages.ts";
import Toaster from "../../../../islands/shell/Toaster.tsx";
import { EditableList } from "../../../../islands/kit/EditableList.tsx";
import { FormDialog, useEditDialog } from "../../../../islands/kit/dialog/FormDialog.tsx";
import { TextField } from "../../../../islands/kit/form/TextField.tsx";
import type { TableState } from "../../../../islands/kit/table/table_state.ts";

const COLORS: Option[] = ["Red", "Green", "Blue", "Cyan", "Magenta"].map((c) => ({
  value: c.toLowerCase(),
  label: c,
}));
const ITEM_COUNT = 60;
const ITEMS: Option[] = Array.from({ length: ITEM_COUNT }, (_, i) => ({
  value: `item-${i + 1}`,
  label: `Item ${i + 1}`,
}));

const loadTgidForm = () =>
  import("../../../../openapi/schemas/tgid/tgids.ts").then((m) =>
    z.object({ tgid: m.TgidChoiceSchema })
  );

function TgidForm() {
  const form = useZodForm(loadTgidForm, { tgid: null });
  const [saved, setSaved] = useState("");
  return (
    <form
      aria-label="Tgid form"
      noValidate
      onSubmit={form.onSubmit((data) => setSaved(`Saved tgid #${data.tgid.id}`))}
    >
      <TgidPicker
        value={form.values.tgid}
        onChange={(v) => form.set("tgid", v)}
        error={form.errors.tgid}
      />
      <button type="submit">Save tgid</button>
      <output>{saved}</output>
    </form>
  );
}

const loadItemSchema = () =>
  Promise.resolve(z.object({ name: z.string().trim().min(1, formMessages.required("Name")) }));

/** A create dialog in both variants; the item's page is /information/about. */
function CreateDemo() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string[]>([]);
  const form = useZodForm(loadItemSchema, { name: "" });
  const close = () => {
    setOpen(false);
    form.reset();
  };
  return (
    <section>
      <button type="button" onClick={() => setOpen(true)}>New item</button>
      <output aria-label="Created items">{created.join(",")}</output>
      <CreateDialog
        open={open}
        title="New item"
        onClose={close}
        reset={() => form.reset()}
        hrefOf={() => "/information/about"}
        created={(item) => `Item ${item.name} created`}
        create={async () => {
          const data = await form.validate();
          if (data === null) return null;
          if (data.name === "taken") {
            throw new ApiFailure(409, 23000, "An item with this identifier already exists");
          }
          setCreated((list) => [...list, data.name]);
          return data;
        }}
      >
        <Field label="Name" name="item-name" error={form.errors.name}>
          {(p) => (
            <input
              {...p}
              value={form.values.name}
              onChange={(e) => form.set("name", e.currentTarget.value)}
            />
          )}
        </Field>
      </CreateDialog>
    </section>
  );
}

/** Rows keyed by two fields: the same id at two LES are two rows. */
interface LesRow {
  id: number;
  les: number;
  label: string;
}
const lesKey = (r: LesRow) => `${r.id}-${r.les}`;
let lesRows: LesRow[] = [
  { id: 4661, les: 15, label: "North fleet" },
  { id: 4661, les: 21, label: "South fleet" },
  { id: 4662, les: 21, label: "Buoys" },
];
const lesState: TableState = { filter: {}, sorting: null, page: 1, count: 10 };
const findLes = () =>
  Promise.resolve({ rows: [...lesRows], total: lesRows.length, filtered: lesRows.length });

function LesEditDialog(
  { row, onClose, onSaved }: { row: LesRow | null; onClose: () => void; onSaved: () => void },
) {
  const [label, setLabel] = useState("");
  const edit = useEditDialog(row, lesKey, (r) => setLabel(r.label), { onClose, onSaved });
  return (
    <FormDialog
      {...edit.dialog}
      title={row ? `Edit dnid ${row.id} LES ${row.les}` : "Edit dnid"}
      name="les-edit"
      submitLabel="Save"
      onSubmit={(e) => {
        e.preventDefault();
        void edit.save((r) => {
          lesRows = lesRows.map((x) => lesKey(x) === lesKey(r) ? { ...x, label } : x);
          return Promise.resolve(r);
        });
      }}
    >
      <TextField label="Label" name="les-label" value={label} onChange={setLabel} />
    </FormDialog>
  );
}

function CompositeKeys() {
  return (
    <EditableList<LesRow>
      id="les-rows"
      caption="Dnids by LES"
      noun="dnid"
      rowKey={lesKey}
      rowLabel={(r) => `dnid ${r.id} LES ${r.les}`}
      find={findLes}
      defaults={{ sorting: null, count: 10, pageSizes: [10] }}
      initialState={lesState}
      initialData={{ rows: lesRows, total: lesRows.length, filtered: lesRows.length }}
      columns={[
        { key: "id", label: "Id" },
        { key: "les", label: "LES" },
        { key: "label", label: "Label" },
      ]}
      href={(r) => `/management/dnids/${r.id}/${r.les}`}
      remove={(r) => {
        lesRows = lesRows.filter((x) => lesKey(x) !== lesKey(r));
        return Promise.resolve(true);
      }}
      editDialog={(p) => <LesEditDialog {...p} />}
    />
  );
}

function Kit() {
  const [colors, setColors] = useState<Option[]>([]);
  const [items, setItems] = useState<Option[]>([]);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  return (
    <>
      <h1>UI kit</h1>
      <MultiSelect label="Colors" values={colors} onChange={setColors} options={COLORS} max={2} />
      <MultiSelect label="Items" values={items} onChange={setItems} options={ITEMS} />
      <TgidForm />
      <FileUpload label="Attachment" onUploaded={setUploaded} />
      <CreateDemo />
      <CompositeKeys />
      <Toaster />
      <output id="uploaded" aria-label="Uploaded file">
        {uploaded ? JSON.stringify(uploaded) : ""}
      </output>
    </>
  );
}

createRoot(document.getElementById("kit")!).render(<Kit />);
