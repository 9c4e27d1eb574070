/**
 * Conditions from optional values (a list's filter fields, an optional key): undefined — the
 * field left out — gives no condition, which `and()` and findPage leave out; any other value,
 * null included, compares as Drizzle's operator does (Drizzle's operators do not skip undefined).
 */
import {
  type Column,
  eq,
  type GetColumnData,
  ilike,
  ne,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { FilterOn } from "./paging.ts";
import { escapeLike } from "./text_search.ts";

/** `column = value`; no condition when value is undefined. */
export const eqIf = <C extends Column>(
  column: C,
  value: GetColumnData<C, "raw"> | undefined,
): SQL | undefined => value === undefined ? undefined : eq(column, value);

/** `column <> value`; no condition when value is undefined. */
export const neIf = <C extends Column>(
  column: C,
  value: GetColumnData<C, "raw"> | undefined,
): SQL | undefined => value === undefined ? undefined : ne(column, value);

/** A checkbox filter on a boolean column: 1 checked (true), 0 not; no condition when undefined. */
export const checkedIf = (column: Column, checked: number | undefined): SQL | undefined =>
  checked === undefined ? undefined : eq(column, checked === 1);

/** A prepared find's filter field (paging.ts `preparedFind`): `column = value`. */
export const equalTo = (column: Column): FilterOn => (value) => eq(column, value);

/** A prepared find's filter field: the column contains the text (`containsPattern`), any case. */
export const containing = (column: SQLWrapper): FilterOn => (pattern) =>
  ilike(column as SQL, pattern);

/** The pattern `containing` matches: the text anywhere, taken literally; none when empty. */
export const containsPattern = (text: string | undefined) =>
  text ? `%${escapeLike(text)}%` : undefined;
