/**
 * The dnid status menu's command dialog (static backdrop), loaded on first use by
 * DnidStatusList: download dnid, create program (interval and start frame), start and stop
 * program (the menu's On-demand poll opens the poll page instead). Send records the command list; the dialog then shows it with a
 * link to /management/list/{listId}, and a success toast names it.
 */
import { useState } from "react";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { Field, useZodForm } from "../../kit/form/form.tsx";
import { usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { PROGRAM_START_FRAME_MAX } from "../../../openapi/enums.ts";
import type { DnidStatusRow } from "../../../openapi/schemas/dnids/dnid_status.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import { type CommandsIssued, postCommand } from "../../commands/command_api.ts";
import {
  CommandResult,
  formSchema,
  type FormValues,
  num,
  SendButton,
} from "../../commands/command_form.tsx";

export type DnidCommandKind =
  | "downloadDnid"
  | "createProgram"
  | "startProgram"
  | "stopProgram";

/** The menu's entries, in order. */
const DNID_COMMAND_TITLES: Record<DnidCommandKind, string> = {
  downloadDnid: "Download dnid",
  createProgram: "Create program",
  startProgram: "Start program",
  stopProgram: "Stop program",
};

const request = (v: FormValues) => ({
  dnid: num(v.dnid),
  les: num(v.les),
  member: num(v.member),
  ...(v.kind === "createProgram"
    ? { interval: num(v.interval), startFrame: num(v.startFrame) }
    : {}),
});

const loadSchema = async () => {
  const m = await import("../../../openapi/schemas/dnids/dnid_commands.ts");
  return formSchema(
    (v) => v.kind === "createProgram" ? m.CreateProgramSchema : m.DnidMemberCommandSchema,
    request,
  );
};

export function DnidCommandDialog(
  { kind, row, onClose, onSent }: {
    kind: DnidCommandKind;
    row: DnidStatusRow;
    onClose: () => void;
    onSent: () => void;
  },
) {
  const form = useZodForm(loadSchema, {
    kind,
    dnid: String(row.dnid),
    les: String(row.les),
    member: String(row.member),
    interval: row.progInterval === null ? "60" : String(row.progInterval),
    startFrame: row.progStartFrame === null ? "0" : String(row.progStartFrame),
  } as FormValues);
  const { state, run } = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const v = form.values as FormValues;
  const formId = `dnid-command-${kind}-form`;
  const set = (k: string) => (e: { target: { value: string } }) => form.set(k, e.target.value);

  const send = form.onSubmit(async (data) => {
    setFailure(null);
    try {
      const r = await run(() => postCommand(`/rest/dnids/${kind}`, data));
      setIssued(r);
      toast("success", TERMINAL_COMMAND_MESSAGES.listCreated(r.listId));
      onSent();
    } catch (e) {
      setFailure(messageOf(e));
    }
  });

  return (
    <Dialog
      open
      title={`${DNID_COMMAND_TITLES[kind]}: dnid ${row.dnid} member ${row.member}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>
            {issued ? "Close" : "Cancel"}
          </button>
          {!issued && <SendButton state={state} form={formId} />}
        </>
      }
    >
      <form id={formId} ref={form.ref} onSubmit={send} noValidate data-dnid-command={kind}>
        <p>
          Member {row.member} of dnid {row.dnid} (LES {row.les}), device {row.device}
        </p>
        {kind === "createProgram" && (
          <div className="grid">
            <Field label="Interval (minutes)" name="interval" error={form.errors.interval}>
              {(p) => (
                <input {...p} type="number" min={1} value={v.interval} onChange={set("interval")} />
              )}
            </Field>
            <Field label="Start frame" name="startFrame" error={form.errors.startFrame}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={0}
                  max={PROGRAM_START_FRAME_MAX}
                  value={v.startFrame}
                  onChange={set("startFrame")}
                />
              )}
            </Field>
          </div>
        )}
        {(kind === "startProgram" || kind === "stopProgram") && (
          <p>
            Program: every {row.progInterval ?? "—"} minutes from frame {row.progStartFrame ?? "—"}
            {row.progActive ? " (running)" : " (stopped)"}
          </p>
        )}
        {failure && <p className="field-error" role="alert">{failure}</p>}
        <CommandResult issued={issued} />
      </form>
    </Dialog>
  );
}
