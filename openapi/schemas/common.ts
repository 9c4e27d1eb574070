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
  retryAfter: z.number().int().optional().meta({
    description: "Lockout, or the password pool full: seconds until retry",
  }),
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
/** SINGLE_LINE's refused characters as a character class's ranges, to build other patterns. */
export const CONTROL_RANGES = String.raw`\u0000-\u001f\u007f-\u009f`;
/** MULTI_LINE's refused characters: SINGLE_LINE's but tab, line feed and return. */
const MULTI_LINE_RANGES = String.raw`\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f`;
/** Multi-line text (news content, keys, message bodies) also keeps tab, line feed and return. */
export const MULTI_LINE = new RegExp(`^[^${MULTI_LINE_RANGES}]*$`);

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

/**
 * None of `refused`, one of them not white space (`\s`, what trimming takes off): white space
 * first, then the first other character, then the rest.
 */
const nonBlankOf = (refused: string) =>
  new RegExp(String.raw`^[^\S${refused}]*[^\s${refused}][^${refused}]*$`);
/**
 * SINGLE_LINE or MULTI_LINE text, once trimmed, that is not empty: what such a text matches
 * before it is trimmed.
 */
const NON_BLANK = { line: nonBlankOf(CONTROL_RANGES), block: nonBlankOf(MULTI_LINE_RANGES) };

/**
 * A trimmed text refused when empty once trimmed (`.min(1, …)`, its message): the contract shows
 * NON_BLANK as its pattern, so it says that white space alone is refused too. A value that
 * matches it is, trimmed, neither empty nor holds a control character.
 */
export const nonBlank = <S extends z.ZodString>(text: S, kind: keyof typeof NON_BLANK = "line") =>
  text.meta({ pattern: NON_BLANK[kind].source }) as S;

/** A required single-line text: trimmed, 1 to `max` characters. */
export const requiredText = (label: string, max: number) =>
  nonBlank(
    trimmedLine(label).min(1, formMessages.required(label))
      .max(max, formMessages.maxLength(label, max)),
  );

/** An optional single-line text: trimmed, at most `max` characters. */
export const optionalText = (label: string, max: number) =>
  trimmedLine(label).max(max, formMessages.maxLength(label, max));

/** A required multi-line text: trimmed, 1 to `max` characters. */
export const requiredBlock = (label: string, max: number) =>
  nonBlank(
    trimmedBlock(label).min(1, formMessages.required(label))
      .max(max, formMessages.maxLength(label, max)),
    "block",
  );

/** A text filter of a find call: part of the value, any case. */
export const textFilter = (label: string) =>
  optionalText(label, 200).optional().meta({ description: "Contains, any case" });

/**
 * Text that must also match `pattern` (`message` when it does not). The contract shows `pattern`
 * (the generator would show only the first pattern of a string, the control-character rule every
 * text starts with), so `pattern` must itself admit no control character, and carry no flags
 * (a JSON Schema pattern has none).
 */
export const matching = <S extends z.ZodString>(
  text: S,
  pattern: RegExp,
  message?: Parameters<S["regex"]>[1],
) => {
  if (pattern.flags || !pattern.source.startsWith("^") || !pattern.source.endsWith("$")) {
    throw new Error(`An anchored pattern without flags, not ${pattern}`);
  }
  return text.regex(pattern, message).meta({ pattern: pattern.source }) as S;
};

/**
 * A zod string format (z.uuid(), z.iso.datetime(…)) whose regex the contract shows as the
 * pattern besides the format, which JSON Schema reads more widely: `uuid` takes any hex digits
 * (zod: a version 1–8 and the RFC variant, or the nil and max UUIDs), `date-time` a lower-case t
 * or z and a leap second.
 */
export const withPattern = <S extends z.ZodStringFormat>(format: S) =>
  format.meta({ pattern: format._zod.def.pattern!.source }) as S;

/**
 * An e-mail address as the server takes one: zod's practical rule (dotted parts of letters,
 * digits and _'+-, an @, a domain whose last label has two letters or more). JSON Schema's
 * `format: email` (RFC 5321: quoted parts, IP literals, …) is wider, so the contract shows this
 * pattern instead.
 */
export const EMAIL_PATTERN = z.regexes.email;
/** EMAIL_PATTERN without its anchors, for patterns built from it (a list, empty or one). */
export const EMAIL_SOURCE = `(?:${EMAIL_PATTERN.source.slice(1, -1)})`;

/** `text` (trimmed, lower-cased…) that must then be an e-mail address (`message` otherwise). */
export const emailText = (text: z.ZodString, message: string) =>
  text.pipe(z.email({ pattern: EMAIL_PATTERN, error: message }))
    .meta({ pattern: EMAIL_PATTERN.source });

// ---- numbers in a query string ----

/**
 * A regex source (a group, no anchors) of the digits of a whole number from 0 (1 when
 * `positive`) to `max`: at most as many digits as `max` has, leading zeros counted ("0012" is
 * 12). No lookahead: the fuzz and the contract tests generate values from it.
 */
export function digitsAtMost(max: number, positive = false): string {
  const top = String(max);
  const n = top.length;
  /** `count` digits: none, `\d` or `\d{count}`. */
  const any = (count: number) => count === 0 ? "" : count === 1 ? "\\d" : `\\d{${count}}`;
  /** A digit below `d`, and not 0 at the start of a positive number. */
  const below = (d: string, first: boolean) => {
    const lo = positive && first ? 1 : 0, hi = Number(d) - 1;
    return hi < lo ? null : lo === hi ? String(lo) : `[${lo}-${hi}]`;
  };
  // Fewer digits than max (a positive one: zeros, then a digit 1–9, then any).
  const fewer = n === 1
    ? []
    : positive
    ? Array.from({ length: n - 1 }, (_, i) => `0{0,${n - 1 - i}}[1-9]${any(i)}`)
    : [n === 2 ? any(1) : `\\d{1,${n - 1}}`];
  // As many: max's first i digits, then a smaller one, then any.
  const same = [...top].flatMap((d, i) => {
    const digit = below(d, i === 0);
    return digit === null ? [] : [top.slice(0, i) + digit + any(n - i - 1)];
  });
  return `(?:${[...fewer, ...same, top].join("|")})`;
}

/** A whole number in the query string: plain digits, at most `digits` of them. */
const digitsOf = (digits: number) => new RegExp(`^\\d{1,${digits}}$`);

/**
 * A whole number in the query string (`?page=2`), read as `number` (its range and messages)
 * once the text is plain digits (`message` otherwise): "1e1", " 12", "0x10", "-1" and an empty
 * value are refused, never read as 0 or another number. The contract shows what it is, an
 * integer in `number`'s range (and below `10^digits`).
 */
export const queryInteger = (
  label: string,
  number: z.ZodCoercedNumber<string>,
  { description, example, digits = 10, message = formMessages.match(label) }: {
    description: string;
    example: number;
    digits?: number;
    message?: string;
  },
) =>
  line(label).regex(digitsOf(digits), message).pipe(number).meta({
    type: "integer",
    minimum: Math.max(number.minValue ?? 0, 0),
    maximum: Math.min(number.maxValue ?? Infinity, 10 ** digits - 1),
    description,
    example,
    param: { in: "query" },
  });

// ---- ids ----

/** A positive id in the query string (`?id=12`); anything else is refused, never read as 0. */
export const queryId = (label: string, description: string, example = 12) =>
  queryInteger(
    label,
    z.coerce.number<string>().int().min(1, formMessages.match(label))
      .max(MAX_ID, formMessages.match(label)),
    { description, example },
  );

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
