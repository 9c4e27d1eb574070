/**
 * What the command forms share: a form schema that turns the fields' text into the request and
 * checks it with the call's own zod schema (loaded on demand, so zod is not in the first load),
 * the Send button and the result — the command list created, with a link to follow it.
 */
import type { z } from "zod";
import { PromiseButton, type PromiseState } from "../kit/form/PromiseButton.tsx";
import {
  COMMAND_PAGE_WORDS,
  TERMINAL_COMMAND_MESSAGES,
} from "../../openapi/schemas/command/terminal_command_messages.ts";
import { type CommandsIssued, listHref } from "./command_api.ts";

export type FormValues = Record<string, string>;

/** "12" → 12; "" → undefined; anything else stays text for the schema to refuse. */
export const num = (v: string | undefined) =>
  v === undefined || v.trim() === "" ? undefined : /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;

/**
 * The form's schema: fields (text) → `toRequest` → the call's schema (`pick`, from a module
 * already loaded), its issues on the fields of the same names. Synchronous, as useZodForm parses.
 */
export async function formSchema<T extends Record<string, unknown>>(
  pick: (values: FormValues) => z.ZodType<T>,
  toRequest: (values: FormValues) => Record<string, unknown>,
) {
  const { z } = await import("zod");
  return z.record(z.string(), z.string()).transform((values, ctx) => {
    const r = pick(values).safeParse(toRequest(values));
    if (r.success) return r.data;
    for (const issue of r.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}

export function SendButton({ state, form }: { state: PromiseState; form?: string }) {
  return (
    <PromiseButton type="submit" form={form} state={state}>{COMMAND_PAGE_WORDS.send}</PromiseButton>
  );
}

/** The command list created, its commands, and the link to follow it. */
export function CommandResult({ issued }: { issued: CommandsIssued | null }) {
  if (!issued) return null;
  return (
    <section className="command-result" role="status" data-list={issued.listId}>
      <p>
        {TERMINAL_COMMAND_MESSAGES.listCreated(issued.listId)}:{" "}
        <a href={listHref(issued.listId)}>{COMMAND_PAGE_WORDS.followList}</a>
      </p>
      <ul>
        {issued.commands.map((c) => (
          <li key={c.commandId.itemId}>
            {c.command} → {c.target}: {c.statusLabel}
          </li>
        ))}
      </ul>
    </section>
  );
}
