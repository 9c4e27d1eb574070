/**
 * Command lists (management-routing §2–§4, portal-shell §3–§4): the calls under /rest/list,
 * shared by the server and the islands.
 *
 * Naming on the wire: camelCase throughout. A list row of `find` carries `counts` (its commands
 * by display class); `getCommandsFull` and `cancel` answer the same row with its `commands`.
 */
import { z } from "zod";
import { COMMAND_PROTOCOLS } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { codeFilter, findRequestSchema, findResponseSchema, idFilter } from "../find.ts";
import { codeSchema, matching, queryId, textFilter, trimmedLine } from "../common.ts";
import { CommandSchema } from "../command/commands.ts";

import { LIST_TERMINATED } from "./list_messages.ts";

export { LIST_MESSAGES, LIST_TERMINATED } from "./list_messages.ts";

// ---- requests ----

export const ListIdQuerySchema = z.object({ listId: queryId("List id", "The command list's id") });

/**
 * A real calendar day `YYYY-MM-DD` (UTC; zod's rule), as typed in the filter box: blanks around
 * it are trimmed, so the pattern (the table's own check too: FILTER_PATTERNS) allows them.
 */
const DAY = new RegExp(String.raw`^\s*(?:${z.regexes.date.source.slice(1, -1)})\s*$`);
const dayFilter = (label: string) =>
  matching(trimmedLine(label), DAY, formMessages.match(label))
    .meta({
      description: "A day, YYYY-MM-DD: the lists sent that day (UTC)",
      example: "2026-11-23",
    });

const LIST_SORT_FIELDS = ["id", "user", "date", "protocol", "terminated"] as const;

const CommandListFilterSchema = z.object({
  id: idFilter("Id").optional(),
  user: textFilter("User").meta({
    description: "A part of the sender's user id or e-mail (any case)",
  }),
  date: dayFilter("Date").optional(),
  protocol: codeFilter(COMMAND_PROTOCOLS, "Protocol").optional(),
  terminated: codeFilter(LIST_TERMINATED, "Terminated").optional().meta({
    description: "1 Finished, 0 Unfinished",
  }),
}).strict().meta({ id: "CommandListFilter" });

export const CommandListFindRequestSchema = findRequestSchema(
  "CommandListFindRequest",
  CommandListFilterSchema,
  LIST_SORT_FIELDS,
  "id descending",
);
export type CommandListFindRequest = z.output<typeof CommandListFindRequestSchema>;

// ---- answers ----

const count = (description: string) => z.number().int().meta({ description });

const CommandListSchema = z.object({
  id: z.number().int(),
  user: z.string().nullable().meta({ description: "The sender's user id; null once deleted" }),
  date: z.string().meta({ format: "date-time", description: "When the list was sent" }),
  protocol: codeSchema(COMMAND_PROTOCOLS, "Protocol"),
  terminated: z.boolean().meta({ description: "Finished: every command is in a final state" }),
  counts: z.object({
    commands: count("Every command of the list"),
    success: count("Delivered or acknowledged (5, 7)"),
    danger: count("Failed, unacknowledged or cancelled (6, 8, 13)"),
    pending: count("Still under way (any other status)"),
  }).meta({ description: "Its commands, by display class: the list's progress" }),
}).meta({ id: "CommandList", description: "A command list; fields camelCase" });
export type CommandList = z.infer<typeof CommandListSchema>;

export const CommandListFullSchema = CommandListSchema.extend({
  commands: z.array(CommandSchema).meta({ description: "By group, then item" }),
}).meta({ id: "CommandListFull", description: "A command list with its commands" });
export type CommandListFull = z.infer<typeof CommandListFullSchema>;

export const CommandListFindResponseSchema = findResponseSchema(
  "CommandListFindResponse",
  CommandListSchema,
  "command list",
);
export type CommandListFindResponse = z.infer<typeof CommandListFindResponseSchema>;
