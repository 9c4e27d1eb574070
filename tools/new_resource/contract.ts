/**
 * The contract's schemas of a new resource: `openapi/schemas/<name>/<name>.ts` (zod: the row, the
 * find request and answer, the writes, the id query, the dialogs' forms) and
 * `openapi/schemas/<name>/<one>_messages.ts` (limits and messages without zod, for the islands).
 */
import type { Names } from "./names.ts";

export function messagesModule(n: Names): string {
  return `/**
 * The ${n.word} limits and messages without zod, so the ${n.word} islands can show them without
 * loading the schemas (openapi/schemas/${n.name}/${n.name}.ts re-exports them).
 */
export const ${n.CONST}_LABEL_MAX = 100;

/** What the ${n.word} calls and dialogs say. */
export const ${n.CONST}_MESSAGES = {
  created: (label: string) => \`${n.Word} \${label} created\`,
  updated: (label: string) => \`${n.Word} \${label} updated\`,
  deleted: (label: string) => \`${n.Word} \${label} deleted\`,
  notCreated: "${n.Word} not created",
  notUpdated: "${n.Word} not updated",
  notDeleted: "${n.Word} not deleted",
} as const;
`;
}

export function contractModule(n: Names): string {
  return `/**
 * ${n.Words} (${n.area}): the calls under ${n.rest}, shared by the server and the islands (the
 * dialogs validate with the same schemas before anything is sent). Each ${n.word} belongs to a
 * company; a client reaches its own company's.
 */
import { z } from "zod";
import { findRequestSchema, findResponseSchema, idFilter } from "../find.ts";
import { bodyId, queryId, RefSchema, requiredText, textFilter } from "../common.ts";
import { CompanyChoiceSchema } from "../companies/companies.ts";
import { ${n.CONST}_LABEL_MAX } from "./${n.one}_messages.ts";

export * from "./${n.one}_messages.ts";

// ---- reads ----

export const ${n.Pascal}Schema = z.object({
  id: z.number().int(),
  company: RefSchema.meta({ description: "The company it belongs to" }),
  label: z.string(),
  createdAt: z.string().meta({ format: "date-time" }),
}).meta({ id: "${n.Pascal}" });
export type ${n.Pascal} = z.infer<typeof ${n.Pascal}Schema>;

export const ${n.Pascal}IdQuerySchema = z.object({ id: queryId("Id", "The ${n.word}'s id") });

// ---- writes ----

const label = requiredText("Label", ${n.CONST}_LABEL_MAX).meta({
  description: \`Trimmed, 1 to \${${n.CONST}_LABEL_MAX} characters\`,
  example: "First ${n.word}",
});

export const ${n.Pascal}CreateSchema = z.object({
  company: CompanyChoiceSchema,
  label,
}).meta({ id: "${n.Pascal}Create" });
export type ${n.Pascal}Create = z.output<typeof ${n.Pascal}CreateSchema>;

export const ${n.Pascal}UpdateSchema = z.object({
  id: bodyId("Id").meta({ description: "Which ${n.word} (its company cannot change)" }),
  label,
}).meta({ id: "${n.Pascal}Update" });
export type ${n.Pascal}Update = z.output<typeof ${n.Pascal}UpdateSchema>;

export const ${n.Pascal}KeySchema = z.object({ id: bodyId("Id") }).meta({ id: "${n.Pascal}Key" });
export type ${n.Pascal}Key = z.output<typeof ${n.Pascal}KeySchema>;

/** The create dialog's form: the company picker's choice and the label. */
export const ${n.Pascal}FormSchema = z.object({ company: CompanyChoiceSchema, label });
/** The edit dialog's form: the company is not editable. */
export const ${n.Pascal}EditFormSchema = z.object({ label });

// ---- find ----

const ${n.CONST}_SORT_FIELDS = ["id", "label", "createdAt"] as const;

const ${n.Pascal}FilterSchema = z.object({
  id: idFilter("Id").optional(),
  company: textFilter("Company").meta({
    description: "The company's id (digits), else a part of its name (any case)",
  }),
  label: textFilter("Label"),
}).strict().meta({ id: "${n.Pascal}Filter" });

export const ${n.Pascal}FindRequestSchema = findRequestSchema(
  "${n.Pascal}FindRequest",
  ${n.Pascal}FilterSchema,
  ${n.CONST}_SORT_FIELDS,
  "id ascending",
);
export type ${n.Pascal}FindRequest = z.output<typeof ${n.Pascal}FindRequestSchema>;

export const ${n.Pascal}FindResponseSchema = findResponseSchema(
  "${n.Pascal}FindResponse",
  ${n.Pascal}Schema,
  "${n.word}",
);
export type ${n.Pascal}FindResponse = z.infer<typeof ${n.Pascal}FindResponseSchema>;
`;
}
