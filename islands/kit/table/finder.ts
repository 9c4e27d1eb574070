/** A find operation's answer (`{results, total, filtered}`) as a table's rows and totals. */
import type { FindResult } from "./DataTable.tsx";

/** A find answer's counts; the flags say a count stopped at COUNT_CAP (server/services/paging.ts). */
export interface Counts {
  total: number;
  filtered: number;
  totalCapped?: boolean;
  filteredCapped?: boolean;
}

export const countsOf = (r: Counts): Required<Counts> => ({
  total: r.total,
  filtered: r.filtered,
  totalCapped: r.totalCapped ?? false,
  filteredCapped: r.filteredCapped ?? false,
});

export const rowsOf = <R>(r: { results: R[] } & Counts): FindResult<R> => ({
  rows: r.results,
  ...countsOf(r),
});
