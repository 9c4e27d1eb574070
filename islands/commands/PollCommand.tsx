/**
 * The poll page's form (/commands/poll/{init?}): a dnid the user reaches, one member or the
 * whole group, and the command: a poll (its type and the ocean region; one pollCommand per
 * terminal) or, to one member, a manual on-demand command (its code: POST
 * /rest/dnids/onDemandPoll). Send records the command list and shows it with a link to follow it.
 * The dnid status menu's On-demand poll opens this page with its member chosen.
 */
import { useState } from "react";
import { Field, useZodForm } from "../kit/form/form.tsx";
import { usePromiseState } from "../kit/form/PromiseButton.tsx";
import { messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { ON_DEMAND_CODE_NAMES, POLL_TYPE_NAMES, REGIONS } from "../../openapi/enums.ts";
import { TERMINAL_COMMAND_MESSAGES } from "../../openapi/schemas/command/terminal_command_messages.ts";
import { type CommandsIssued, postCommand } from "./command_api.ts";
import { CommandResult, formSchema, type FormValues, num, SendButton } from "./command_form.tsx";
import { ChoiceField } from "./choice_field.tsx";
import type { PollSend } from "../../openapi/schemas/command/poll.ts";
import type { OnDemandPoll } from "../../openapi/schemas/dnids/dnid_commands.ts";

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

/** The page's two commands: a poll, or a manual on-demand command to one member. */
const COMMANDS = { poll: "Poll", onDemand: "On-demand command" } as const;

const pollRequest = (v: FormValues) => {
  const [dnid, les] = (v.dnid ?? "").split("-");
  const target = { dnid: num(dnid), les: num(les) };
  // An on-demand command needs a member: the whole group is no choice there.
  if (v.command === "onDemand") return { ...target, member: num(v.member), code: num(v.code) };
  return {
    ...target,
    member: v.member === WHOLE_GROUP ? null : num(v.member),
    pollType: num(v.pollType),
    region: num(v.region),
  };
};

const loadSchema = async () => {
  const [{ PollSendSchema }, { OnDemandPollSchema }] = await Promise.all([
    import("../../openapi/schemas/command/poll.ts"),
    import("../../openapi/schemas/dnids/dnid_commands.ts"),
  ]);
  return formSchema<PollSend | OnDemandPoll>(
    (v) => v.command === "onDemand" ? OnDemandPollSchema : PollSendSchema,
    pollRequest,
  );
};

export default function PollCommand({ dnids, initial }: PollCommandProps) {
  const form = useZodForm(loadSchema, {
    dnid: initial.dnid,
    member: initial.member,
    command: "poll",
    pollType: "0",
    region: "4",
    code: "9",
  } as FormValues);
  const { state, run } = usePromiseState();
  const [issued, setIssued] = useState<CommandsIssued | null>(null);
  const v = form.values as FormValues;
  const chosen = dnids.find((d) => dnidKey(d) === v.dnid);
  const onDemand = v.command === "onDemand";
  const set = (k: string) => (e: { target: { value: string } }) => form.set(k, e.target.value);

  const send = form.onSubmit(async (data) => {
    try {
      const r = await run(() =>
        onDemand
          ? postCommand("/rest/dnids/onDemandPoll", data as OnDemandPoll)
          : postCommand("/rest/poll/send", data as PollSend)
      );
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
          <select {...p} value={v.member} onChange={set("member")}>
            <option value={WHOLE_GROUP}>{onDemand ? "Choose a member" : "Whole dnid group"}</option>
            {(chosen?.members ?? []).map((m) => (
              <option key={`${m.member}-${m.device}`} value={String(m.member)}>
                {m.member} ({m.device})
              </option>
            ))}
          </select>
        )}
      </Field>
      <ChoiceField form={form} name="command" label="Command" choices={COMMANDS} />
      {onDemand
        ? (
          <ChoiceField
            form={form}
            name="code"
            label="Code"
            choices={ON_DEMAND_CODE_NAMES}
            numbered
          />
        )
        : (
          <div className="grid">
            <ChoiceField
              form={form}
              name="pollType"
              label="Poll type"
              choices={POLL_TYPE_NAMES}
              numbered
            />
            <ChoiceField form={form} name="region" label="Ocean region" choices={REGIONS} />
          </div>
        )}
      <SendButton state={state} />
      <CommandResult issued={issued} />
    </form>
  );
}
