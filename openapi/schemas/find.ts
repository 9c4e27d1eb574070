/**
 * The spec's find-style list call: `{filter, sorting, count, page}` in, the rows and the totals
 * out. Each list declares its own filter fields and sortable columns.
 */
import { z } from "zod";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "../enums.ts";
import { formMessages } from "./messages.ts";

export const sortingSchema = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({
    field: z.enum(fields, { error: `Sort by one of: ${fields.join(", ")}` }),
    direction: z.enum(["asc", "desc"]).default("asc"),
  });

/** count and page: a page of 1..MAX_PAGE_SIZE rows, pages numbered from 1. */
export const pagingShape = {
  count: z.number().int().min(1, "count must be at least 1").max(
    MAX_PAGE_SIZE,
    `count must be at most ${MAX_PAGE_SIZE}`,
  ).default(PAGE_SIZE),
  page: z.number().int().min(1, "page must be at least 1").max(1_000_000).default(1),
};

/** A filter value typed in a box that must be a whole number. */
export const intFilter = (label: string) => {
  const error = formMessages.match(label);
  return z.union([z.number().int(error), z.string().trim().regex(/^-?\d{1,9}$/, error)], { error })
    .transform(Number);
};
