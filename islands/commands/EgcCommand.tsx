/**
 * The EGC page's form (/commands/egc): an enid the user reaches, the ocean region, priority,
 * repetitions and the text; Send records the command list (one egcMessage) and shows it.
 */
import { useState } from "react";
import { Field, useZodForm } from "../kit/form/form.tsx";
import { usePromiseState } from "../kit/form/PromiseButton.tsx";
import { messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { EGC_PRIORITIES, EGC_REPETITIONS_MAX, REGIONS } from "../../openapi/enums.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../../openapi/schemas/command/terminal_command_messages.ts";
import { type CommandsIssued, postCommand } from "./command_api.ts";
import { CommandResult, formSchema, type FormValues, num, SendButton } from "./command_form.tsx";
import { ChoiceField } from "./choice_field.tsx";

export interface EgcCommandProps {
  enids: { id: number; les: number; comments: string | null }[];
}

const egcRequest = (v: FormValues) => ({
  enid: num(v.enid),
  region: num(v.region),
  priority: num(v.priority),
  repetitions: num(v.repetitions),
  text: v.text,
});

const loadSchema = async () => {
  const { EgcSendSchema } = await import("../../openapi/schemas/command/egc.ts");
  return formSchema(() => EgcSendSchema, egcRequest);
};

export default function EgcCommand({ enids }: EgcCommandProps) {
  const form = useZodForm(loadSchema, {
    enid: enids.length === 1 ? String(enids[0].id) : "",
    region: "4",
    priority: "0",
    repetitions: "1",
    text: "",
  } as FormValues);
  const { state, run } = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const v = form.values as FormValues;
  const set = (k: string) => (e: { target: { value: string } }) => form.set(k, e.target.value);

  const send = form.onSubmit(async (data) => {
    try {
      const r = await run(() => postCommand("/rest/egc/send", data));
      setIssued(r);
      toast("success", TERMINAL_COMMAND_MESSAGES.listCreated(r.listId));
    } catch (e) {
      toast("error", TERMINAL_COMMAND_MESSAGES.sendError(messageOf(e)));
    }
  });

  return (
    <form ref={form.ref} onSubmit={send} noValidate className="command-form" id="egc-form">
      <Field label="Enid" name="enid" error={form.errors.enid}>
        {(p) => (
          <select {...p} value={v.enid} onChange={set("enid")}>
            <option value="">Choose an enid</option>
            {enids.map((e) => (
              <option key={e.id} value={String(e.id)}>
                {e.id}
                {e.comments ? ` — ${e.comments}` : ""}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid">
        <ChoiceField form={form} name="region" label="Ocean region" choices={REGIONS} />
        <ChoiceField form={form} name="priority" label="Priority" choices={EGC_PRIORITIES} />
        <Field label="Repetitions" name="repetitions" error={form.errors.repetitions}>
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              max={EGC_REPETITIONS_MAX}
              value={v.repetitions}
              onChange={set("repetitions")}
            />
          )}
        </Field>
      </div>
      <Field label="Text" name="text" error={form.errors.text}>
        {(p) => <textarea {...p} rows={5} value={v.text} onChange={set("text")} />}
      </Field>
      <SendButton state={state} />
      <CommandResult issued={issued} />
    </form>
  );
}
