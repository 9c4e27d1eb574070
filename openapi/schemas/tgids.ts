/**
 * Tgids (management-routing §3 and §7). The tgid a form's picker chose
 * (islands/kit/TgidPicker.tsx): required, with the spec's message 'Please, select a Tgid' when
 * nothing is chosen. Shared by server schemas and browser forms.
 */
import { z } from "zod";
import { SELECT_TGID } from "./messages.ts";
import { line, RefSchema } from "./common.ts";

/** A tgid number in a request body (missing or not a tgid number: 'Please, select a Tgid'). */
export const TgidIdSchema = z.number({ error: SELECT_TGID }).int({ error: SELECT_TGID })
  .positive({ error: SELECT_TGID });

const Choice = z.object({ id: TgidIdSchema, label: line("Tgid") }, { error: SELECT_TGID });
export type TgidChoice = z.infer<typeof Choice>;

/**
 * The picker's value `{id, label}`. A form starts with null (nothing chosen), so null is an
 * accepted input, and null or a missing value fails with 'Please, select a Tgid'; the parsed
 * output is always a choice.
 */
export const TgidChoiceSchema = Choice.nullable().refine(
  (v): v is TgidChoice => v !== null,
  { error: SELECT_TGID },
);

// ---- search ----

export const SearchTgidSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The label, else the id as text" }),
  team: RefSchema.meta({ description: "The owning team" }),
}).meta({ id: "SearchTgid" });
export const SearchTgidListSchema = z.array(SearchTgidSchema).meta({ id: "SearchTgidList" });
