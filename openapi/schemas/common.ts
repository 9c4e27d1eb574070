/**
 * What every resource's schemas are built from: the error shape, text that cannot hold control
 * characters, ids in a query string or a body, references, and numeric codes as enums. Request
 * fields use these builders, never a bare `z.string()` (tests/api/platform/input_safety_test.ts sends
 * a NUL to every string field of every operation).
 */
import { z } from "zod";
import { formMessages } from "./messages.ts";
import { DEFAULT_TEAM_RIGHTS, RIGHTS } from "../enums.ts";

/** The one error shape of the API. */
export const ErrorSchema = z.object({
  code: z.number().int().meta({ description: "HTTP status, or a domain code such as 23000" }),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional()
    .meta({ description: "Validation errors: which fields failed and why" }),
  limit: z.number().int().optional().meta({
    description: "Lockout: failed attempts allowed per window",
  }),
  retryAt: z.string().optional().meta({ description: "Lockout: when to retry (ISO 8601)" }),
  retryAfter: z.number().int().optional().meta({ description: "Lockout: seconds until retry" }),
}).meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) }).meta({ id: "Success" });

/** Largest id PostgreSQL's integer column holds. */
export const MAX_ID = 2_147_483_647;

// ---- text ----

/**
 * Single-line text holds no control character: none of U+0000–U+001F (NUL, tab, line breaks…),
 * U+007F or U+0080–U+009F. PostgreSQL refuses NUL in text, and the others have no place in a
 * name, an id or a search.
 */
// deno-lint-ignore no-control-regex -- the point: these are the characters refused
export const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
/** Multi-line text (news content, keys, message bodies) also keeps tab, line feed and return. */
// deno-lint-ignore no-control-regex -- the point: these are the characters refused
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** Any single-line text: the base of every string a request carries. */
export const line = (label: string, required = formMessages.required(label)) =>
  z.string({ error: required }).regex(SINGLE_LINE, formMessages.controlCharacters(label));

/** Single-line text, trimmed before it is checked (a pasted line break at the end is fine). */
export const trimmedLine = (label: string, required = formMessages.required(label)) =>
  z.string({ error: required }).trim()
    .regex(SINGLE_LINE, formMessages.controlCharacters(label));

/** Any multi-line text. */
export const block = (label: string) =>
  z.string({ error: formMessages.required(label) })
    .regex(MULTI_LINE, formMessages.controlCharacters(label));

/** Multi-line text, trimmed before it is checked. */
export const trimmedBlock = (label: string, required = formMessages.required(label)) =>
  z.string({ error: required }).trim()
    .regex(MULTI_LINE, formMessages.controlCharacters(label));

/** A required single-line text: trimmed, 1 to `max` characters. */
export const requiredText = (label: string, max: number) =>
  trimmedLine(label).min(1, formMessages.required(label)).max(
    max,
    formMessages.maxLength(label, max),
  );

/** An optional single-line text: trimmed, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  trimmedLine(label).max(max, formMessages.maxLength(label, max));

/** A required multi-line text: trimmed, 1 to `max` characters. */
export const requiredBlock = (label: string, max: number) =>
  trimmedBlock(label).min(1, formMessages.required(label))
    .max(max, formMessages.maxLength(label, max));

/** A text filter of a find call: part of the value, any case. */
export const textFilter = (label: string) =>
  optionalText(label, 200).optional().meta({ description: "Contains, any case" });

// ---- ids ----

/** A positive id in the query string (`?id=12`); anything else is refused, never read as 0. */
export const queryId = (label: string, description: string) =>
  line(label)
    .regex(/^\d{1,10}$/, formMessages.match(label))
    .pipe(
      z.coerce.number<string>().int().min(1, formMessages.match(label))
        .max(MAX_ID, formMessages.match(label)),
    )
    .meta({ description, example: "12", param: { in: "query" } });

/**
 * `schema`, a query parameter built by `queryId` (or the like), with `value` as its example, given
 * in the type its builder gives examples (text or a number): for a parameter whose builder's
 * example names no row the operation accepts (`?les=21`, not 12).
 */
export const withQueryExample = <T extends z.ZodType>(schema: T, value: number): T =>
  schema.meta({ example: typeof schema.meta()?.example === "string" ? String(value) : value });

/**
 * A type error's message: `missing` when nothing was given (absent or null: an empty choice),
 * `invalid` for anything else.
 */
export const missingOr = (missing: string, invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? missing : invalid;

/**
 * A positive id in a request body; `missing` (e.g. "Please select a dnid") when none is given,
 * else the format message.
 */
export const bodyId = (label: string, missing = formMessages.match(label)) =>
  z.number({ error: missingOr(missing, formMessages.match(label)) }).int(formMessages.match(label))
    .min(1, formMessages.min(label, 1)).max(MAX_ID, formMessages.max(label, MAX_ID));

/** `{id, name}` of a company or a team, as answers refer to one. */
export const RefSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "Ref" });

/** `{id, label}` of a tgid: its label, else its id as text. */
export const TgidRefSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The tgid's label, else its id as text" }),
}).meta({ id: "TgidRef" });

// ---- codes ----

/** The numeric codes of a spec enumeration (`{0: "Stored", 1: "In progress", …}`). */
export const codesOf = <C extends number>(labels: Record<C, string>) =>
  Object.keys(labels).map(Number) as C[];

/** "0 Stored, 1 In progress, …", for descriptions and messages. */
export const codeList = <C extends number>(labels: Record<C, string>) =>
  codesOf(labels).map((c) => `${c} ${labels[c]}`).join(", ");

/**
 * A number that is one of an enumeration's codes: an integer enum in the contract. `missing`
 * (e.g. "Please select a poll type") when none is given, else the list of the codes.
 */
export const codeSchema = <C extends number>(
  labels: Record<C, string>,
  label: string,
  missing = `${label} must be one of ${codeList(labels)}`,
) =>
  z.enum(
    Object.fromEntries(codesOf(labels).map((c) => [`code${c}`, c])) as Record<string, C>,
    { error: missingOr(missing, `${label} must be one of ${codeList(labels)}`) },
  ).meta({ description: codeList(labels) });

/** A team's rights (its role): an enum of the spec's values; below 100 is an administrator. */
export const RightsSchema = codeSchema(RIGHTS, "Rights").meta({
  id: "Rights",
  description: `The team's role: ${codeList(RIGHTS)}. Below 100 is an administrator.`,
  example: DEFAULT_TEAM_RIGHTS,
});

/** `{id, name, rights}` of a team (inline, not a named schema of the document). */
export const TeamRightsRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rights: RightsSchema,
});
