/** A find operation's answer (`{results, total, filtered}`) as a table's rows and totals. */
import type { FindResult } from "./DataTable.tsx";

export const rowsOf = <R>(r: { results: R[]; total: number; filtered: number }): FindResult<R> => ({
  rows: r.results,
  total: r.total,
  filtered: r.filtered,
});
