/**
 * A bare test page for the UI kit (tests/e2e/kit_test.ts bundles it and serves it next to the
 * app): a MultiSelect limited to 2, a long MultiSelect, a TgidPicker form validated with
 * TgidChoiceSchema, and a FileUpload.
 */
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";
import { MultiSelect, type Option } from "../../../islands/kit/MultiSelect.tsx";
import { TgidPicker } from "../../../islands/kit/TgidPicker.tsx";
import { FileUpload, type UploadedFile } from "../../../islands/kit/FileUpload.tsx";
import { useZodForm } from "../../../islands/kit/form.tsx";

const COLORS: Option[] = ["Red", "Green", "Blue", "Cyan", "Magenta"].map((c) => ({
  value: c.toLowerCase(),
  label: c,
}));
export const ITEM_COUNT = 60;
const ITEMS: Option[] = Array.from({ length: ITEM_COUNT }, (_, i) => ({
  value: `item-${i + 1}`,
  label: `Item ${i + 1}`,
}));

const loadTgidForm = () =>
  import("../../../openapi/schemas/tgid_choice.ts").then((m) =>
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
      <output id="uploaded" aria-label="Uploaded file">
        {uploaded ? JSON.stringify(uploaded) : ""}
      </output>
    </>
  );
}

createRoot(document.getElementById("kit")!).render(<Kit />);
