/**
 * "Edit thresholds" (static backdrop), loaded on first use by the gauge overview: a maximum and
 * an alert value per watched queue, checked by the server's schema (whole numbers from 1, alert
 * not above the maximum) before sending; only the queues changed are sent.
 */
import { FormDialog, useEditDialog } from "../kit/dialog/FormDialog.tsx";
import { useZodForm } from "../kit/form/form.tsx";
import { TextField } from "../kit/form/TextField.tsx";
import { toast } from "../runtime/toasts.ts";
import { MONITORING_MESSAGES } from "../../openapi/monitoring.ts";
import type { Threshold, Thresholds } from "../../openapi/schemas/monitoring.ts";
import { saveThresholds } from "./monitoring_api.ts";

const loadSchema = () =>
  import("../../openapi/schemas/monitoring.ts").then((m) => m.ThresholdsUpdateRequestSchema);

/**
 * A typed number becomes a number; anything else stays the text typed, which the schema refuses
 * with its "not in a valid format" message (the input shows what was typed either way).
 */
const asNumber = (text: string) =>
  (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : text) as number;

const valuesOf = (queues: Threshold[]) => ({
  queues: queues.map(({ queue, maximum, alert }) => ({ queue, maximum, alert })),
});

interface ThresholdDialogProps {
  /** The queues as shown; null while the dialog is closed. */
  queues: Threshold[] | null;
  onClose: () => void;
  onSaved: (saved: Thresholds) => void;
}

export function ThresholdDialog({ queues, onClose, onSaved }: ThresholdDialogProps) {
  const form = useZodForm(loadSchema, { queues: [] });
  const edit = useEditDialog(queues, () => "thresholds", (q) => form.reset(valuesOf(q)), {
    onClose,
    onSaved: (saved: Thresholds) => {
      toast("success", MONITORING_MESSAGES.updated);
      onSaved(saved);
    },
  });
  const rows = form.values.queues;
  const set = (i: number, key: "maximum" | "alert", text: string) =>
    form.set("queues", rows.map((r, j) => (j === i ? { ...r, [key]: asNumber(text) } : r)));
  const save = form.onSubmit(async (data) => {
    const changed = data.queues.filter((q) => {
      const was = queues?.find((s) => s.queue === q.queue);
      return !was || was.maximum !== q.maximum || was.alert !== q.alert;
    });
    // Nothing changed: nothing to send.
    if (!changed.length) return edit.dialog.onClose();
    await edit.save(() => saveThresholds({ queues: changed }));
  });
  return (
    <FormDialog
      {...edit.dialog}
      title="Edit thresholds"
      name="thresholds"
      submitLabel="Save"
      onSubmit={save}
    >
      {rows.map((row, i) => {
        const label = queues?.find((q) => q.queue === row.queue)?.label ?? row.queue;
        return (
          <fieldset key={row.queue} data-threshold={row.queue}>
            <legend>{label}</legend>
            <div className="grid">
              <TextField
                label="Maximum"
                name={`${row.queue}-maximum`}
                inputMode="numeric"
                value={String(row.maximum)}
                onChange={(t) => set(i, "maximum", t)}
                error={form.errors[`queues.${i}.maximum`]}
              />
              <TextField
                label="Alert"
                name={`${row.queue}-alert`}
                inputMode="numeric"
                value={String(row.alert)}
                onChange={(t) => set(i, "alert", t)}
                error={form.errors[`queues.${i}.alert`]}
              />
            </div>
          </fieldset>
        );
      })}
    </FormDialog>
  );
}
