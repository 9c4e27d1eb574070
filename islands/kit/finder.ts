/**
 * Typing a list's find call (the spec's `{filter, sorting, count, page}` style) from the
 * contract: the fields a list may sort by, and its answer as the table's rows and totals.
 */
import type { paths } from "../../openapi/types.ts";
import type { FindResult } from "./DataTable.tsx";

type JsonBody<P extends keyof paths> = paths[P] extends
  { post: { requestBody?: { content: { "application/json": infer B } } } } ? B : never;

/** The fields operation `P` sorts by: `SortField<"/rest/companies/find">` is "id" | "name". */
export type SortField<P extends keyof paths> = JsonBody<P> extends { sorting?: { field: infer F } }
  ? F & string
  : never;

/** A find answer as the table's rows and totals. */
export const rowsOf = <R>(r: { results: R[]; total: number; filtered: number }): FindResult<R> => ({
  rows: r.results,
  total: r.total,
  filtered: r.filtered,
});
