/**
 * Conditions from optional values (a list's filter fields, an optional key): undefined — the
 * field left out — gives no condition, which `and()` and findPage leave out; any other value,
 * null included, compares as Drizzle's operator does (Drizzle's operators do not skip undefined).
 */
import { type Column, eq, type GetColumnData, ne, type SQL } from "drizzle-orm";

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
