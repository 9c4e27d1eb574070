/**
 * The poll page's form (/commands/poll/{init?}): a dnid the user reaches, one member or the
 * whole group, the poll type and the ocean region; Send records the command list (one
 * pollCommand per terminal) and shows it with a link to follow it.
 */
import { useState } from "react";
import { Field, useZodForm } from "../kit/form.tsx";
import { usePromiseState } from "../kit/PromiseButton.tsx";
import { messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { POLL_TYPE_NAMES, REGIONS } from "../../openapi/enums.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../../openapi/schemas/terminal_command_messages.ts";
import { type CommandsIssued, postCommand } from "./command_api.ts";
import { CommandResult, formSchema, type FormValues, num, SendButton } from "./command_form.tsx";

export interface PollDnid {
  dnid: number;
  les: number;
  members: { member: number; device: string }[];
}

export interface PollCommandProps {
  dnids: PollDnid[];
  /** "dnid-les" and member preselected by the page's init ("" for none / the whole group). */
  initial: { dnid: string; member: string };
}

const WHOLE_GROUP = "";
const dnidKey = (d: { dnid: number; les: number }) => `${d.dnid}-${d.les}`;

export const pollRequest = (v: FormValues) => {
  const [dnid, les] = (v.dnid ?? "").split("-");
  return {
    dnid: num(dnid),
    les: num(les),
    member: v.member === WHOLE_GROUP ? null : num(v.member),
    pollType: num(v.pollType),
    region: num(v.region),
  };
};

const loadSchema = async () => {
  const { PollSendSchema } = await import("../../openapi/schemas/poll.ts");
  return formSchema(() => PollSendSchema, pollRequest);
};

export default function PollCommand({ dnids, initial }: PollCommandProps) {
  const form = useZodForm(loadSchema, {
    dnid: initial.dnid,
    member: initial.member,
    pollType: "0",
    region: "4",
  } as FormValues);
  const { state, run } = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const v = form.values as FormValues;
  const chosen = dnids.find((d) => dnidKey(d) === v.dnid);

  const send = form.onSubmit(async (data) => {
    try {
      const r = await run(() => postCommand("/rest/poll/send", data));
      setIssued(r);
      toast("success", TERMINAL_COMMAND_MESSAGES.listCreated(r.listId));
    } catch (e) {
      toast("error", TERMINAL_COMMAND_MESSAGES.sendError(messageOf(e)));
    }
  });

  return (
    <form ref={form.ref} onSubmit={send} noValidate className="command-form" id="poll-form">
      <Field label="Dnid" name="dnid" error={form.errors.dnid}>
        {(p) => (
          <select
            {...p}
            value={v.dnid}
            onChange={(e) => {
              form.set("dnid", e.target.value);
              form.set("member", WHOLE_GROUP);
            }}
          >
            <option value="">Choose a dnid</option>
            {dnids.map((d) => (
              <option key={dnidKey(d)} value={dnidKey(d)}>
                {d.dnid} (LES {d.les}, {d.members.length} members)
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Member" name="member" error={form.errors.member}>
        {(p) => (
          <select
            {...p}
            value={v.member}
            onChange={(e) => form.set("member", e.target.value)}
          >
            <option value={WHOLE_GROUP}>Whole dnid group</option>
            {(chosen?.members ?? []).map((m) => (
              <option key={`${m.member}-${m.device}`} value={String(m.member)}>
                {m.member} ({m.device})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Poll type" name="pollType" error={form.errors.pollType}>
        {(p) => (
          <select
            {...p}
            value={v.pollType}
            onChange={(e) => form.set("pollType", e.target.value)}
          >
            {Object.entries(POLL_TYPE_NAMES).map(([code, name]) => (
              <option key={code} value={code}>{code} {name}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Ocean region" name="region" error={form.errors.region}>
        {(p) => (
          <select
            {...p}
            value={v.region}
            onChange={(e) => form.set("region", e.target.value)}
          >
            {Object.entries(REGIONS).map(([code, name]) => (
              <option key={code} value={code}>{name}</option>
            ))}
          </select>
        )}
      </Field>
      <SendButton state={state} />
      <CommandResult issued={issued} />
    </form>
  );
}
