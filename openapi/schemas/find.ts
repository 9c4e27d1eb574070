/**
 * The spec's find-style list call: `{filter, sorting, count, page}` in, the rows and the totals
 * out. Each list declares its filter fields and its sortable columns; the server pages it with
 * server/services/paging.ts.
 */
import { z } from "zod";
import { COUNT_CAP, MAX_PAGE_SIZE, PAGE_SIZE } from "../enums.ts";
import { formMessages } from "./messages.ts";
import { codeList, codeSchema, codesOf, digitsAtMost, MAX_ID } from "./common.ts";

const sortingSchema = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({
    field: z.enum(fields, { error: `Sort by one of: ${fields.join(", ")}` }),
    direction: z.enum(["asc", "desc"]).default("asc"),
  });

/** count and page: a page of 1..MAX_PAGE_SIZE rows, pages numbered from 1. */
const pagingShape = {
  count: z.number().int().min(1, "count must be at least 1").max(
    MAX_PAGE_SIZE,
    `count must be at most ${MAX_PAGE_SIZE}`,
  ).default(PAGE_SIZE),
  page: z.number().int().min(1, "page must be at least 1").max(1_000_000).default(1),
};

/** The number of rows before a page. */
const pageStart = (r: { page: number; count: number }) => (r.page - 1) * r.count;

export const PAGE_WINDOW_MESSAGE = `Only the first ${
  COUNT_CAP.toLocaleString("en-US")
} rows can be paged: narrow the filter or reverse the sort`;

/*
 * Number filters. Their text form is one pattern (surrounding blanks allowed), so the contract
 * states it and the table's title names the field: `deno task openapi` lists them per find call
 * (FILTER_PATTERNS in openapi/filter_patterns.ts), and the browser refuses a filter the server would,
 * next to its box, without sending it (islands/runtime/api.ts, islands/kit/table/DataTable.tsx). A
 * control character breaks the pattern too: refused with the same message.
 */

/** What a number filter's description says of its range. */
export const numberFilterRange = (min: number) =>
  `A whole number from ${min} to ${MAX_ID}: a number, or its digits as text`;

/**
 * A number filter's text: digits (after a minus sign when `signed`) of a number up to the id
 * limit, blanks around them allowed. Refused: too large (or too small) a number says so, any
 * other text is no whole number.
 */
function numberText(label: string, signed: boolean) {
  const sign = signed ? "-?" : "";
  const digits = new RegExp(String.raw`^\s*${sign}\d{1,10}\s*$`);
  return z.string({ error: formMessages.wholeNumber(label) }).regex(
    new RegExp(String.raw`^\s*${sign}${digitsAtMost(MAX_ID)}\s*$`),
    {
      error: (issue) =>
        !digits.test(String(issue.input))
          ? formMessages.wholeNumber(label)
          : String(issue.input).includes("-")
          ? formMessages.min(label, -MAX_ID)
          : formMessages.max(label, MAX_ID),
    },
  );
}

/** A filter value typed in a box that must be a whole number. */
export const intFilter = (label: string) => {
  const error = formMessages.wholeNumber(label);
  return z.union([
    z.number().int(error).min(-MAX_ID, formMessages.min(label, -MAX_ID))
      .max(MAX_ID, formMessages.max(label, MAX_ID)),
    numberText(label, true),
  ], { error }).transform(Number)
    .meta({ title: label, description: numberFilterRange(-MAX_ID) });
};

/** An id or number typed in a filter box: 0 up to the id limit, as a number or as digits. */
export const idFilter = (label: string) => {
  const error = formMessages.wholeNumber(label);
  return z.union([
    z.number().int(error).min(0, error).max(MAX_ID, formMessages.max(label, MAX_ID)),
    numberText(label, false),
  ], { error }).transform(Number).meta({ title: label, description: numberFilterRange(0) });
};

/**
 * The leading digits of a number kept as text (a dnid's id "starts with", an mtl's IMN
 * "contains"): digits only, trimmed; empty is no filter.
 */
export const digitsFilter = (label: string) =>
  z.string({ error: formMessages.digits(label) })
    .regex(/^\s*\d{0,10}\s*$/, formMessages.digits(label))
    .transform((s) => s.trim())
    .optional()
    .meta({ title: label });

/** A filter on an enumeration's code (a select box): the code as a number or as text. */
export const codeFilter = <C extends number>(labels: Record<C, string>, label: string) => {
  const codes = codesOf(labels);
  const error = `${label} must be one of ${codeList(labels)}`;
  return z.union([
    codeSchema(labels, label),
    z.enum(codes.map(String) as [string, ...string[]], { error }),
  ], { error }).transform((v) => Number(v) as C);
};

/**
 * A find call's request: the list's filter, its sortable fields (the default named), paging, and
 * any fields of its own (`shape`).
 */
export const findRequestSchema = <
  F extends z.ZodObject,
  const S extends readonly [string, ...string[]],
  X extends z.ZodRawShape = Record<never, never>,
>(id: string, filter: F, sortFields: S, defaultSort: string, shape?: X) =>
  z.object({
    ...shape as X,
    // The empty filter: no literal has the output type of a generic F.
    filter: filter.default({} as z.core.util.NoUndefined<z.output<F>>),
    sorting: sortingSchema(sortFields).optional().meta({ description: `Default: ${defaultSort}` }),
    ...pagingShape,
  }).refine((r) => pageStart(r as { page: number; count: number }) < COUNT_CAP, {
    path: ["page"],
    message: PAGE_WINDOW_MESSAGE,
  }).meta({ id });

/** The counts of a find answer, each stopping at COUNT_CAP (and then saying so). */
export const countsShape = (rows: string) => ({
  total: z.number().int().meta({
    description: `Every ${rows} the caller may see, up to ${COUNT_CAP}`,
  }),
  filtered: z.number().int().meta({
    description: `${rows} matching the filter, up to ${COUNT_CAP}`,
  }),
  totalCapped: z.boolean().meta({
    description: `True when there are more than ${COUNT_CAP} (total then says ${COUNT_CAP})`,
  }),
  filteredCapped: z.boolean().meta({
    description: `True when more than ${COUNT_CAP} match (filtered then says ${COUNT_CAP})`,
  }),
});

/**
 * A find call's answer: one page of rows (under `results`, or the name the spec gives the list,
 * such as `dnids` or `data`), how many the caller may see and how many match.
 */
export const findResponseSchema = <T extends z.ZodType, const K extends string = "results">(
  id: string,
  row: T,
  rows: string,
  key: K = "results" as K,
) =>
  z.object({
    ...({ [key]: z.array(row) } as { [P in K]: z.ZodArray<T> }),
    ...countsShape(rows),
  }).meta({ id });
