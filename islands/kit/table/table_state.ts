/**
 * A table's query in the spec's find style, and its place in the URL (for tables whose filter
 * is kept in the URL). Shared by the server (to render the first page) and the browser.
 */
export interface Sorting {
  field: string;
  direction: "asc" | "desc";
}

export interface TableState {
  filter: Record<string, string>;
  sorting: Sorting | null;
  page: number;
  count: number;
}

export interface TableDefaults {
  sorting: Sorting | null;
  count: number;
  pageSizes: readonly number[];
}

/** A find call's `{filter, sorting, count, page}`, its sort field one of `F`. */
interface FindBody<F extends string> {
  filter: Record<string, string>;
  sorting?: { field: F; direction: "asc" | "desc" };
  count: number;
  page: number;
}

/**
 * The `{filter, sorting, count, page}` body of a find call (empty filters left out). With the
 * list's `sortable` fields, a sort on any other field (a hand-edited URL) is left out too, and
 * the body's type says which fields the sort can name.
 */
export function findBody(state: TableState): FindBody<string>;
export function findBody<F extends string>(state: TableState, sortable: readonly F[]): FindBody<F>;
export function findBody(state: TableState, sortable?: readonly string[]): FindBody<string> {
  const filter = Object.fromEntries(Object.entries(state.filter).filter(([, v]) => v !== ""));
  const sorting = state.sorting && (!sortable || sortable.includes(state.sorting.field))
    ? state.sorting
    : undefined;
  return { filter, sorting, count: state.count, page: state.page };
}

/** Reads `filter.<key>`, `sort` (`field` or `-field`), `page` and `size` from a query string. */
export function stateFromSearch(search: URLSearchParams, defaults: TableDefaults): TableState {
  const filter: Record<string, string> = {};
  for (const [k, v] of search) {
    if (k.startsWith("filter.") && v) filter[k.slice(7)] = v.slice(0, 200);
  }
  const sort = search.get("sort");
  const sorting: Sorting | null = sort && /^-?\w+$/.test(sort)
    ? { field: sort.replace(/^-/, ""), direction: sort.startsWith("-") ? "desc" : "asc" }
    : defaults.sorting;
  const size = Number(search.get("size"));
  const page = Number(search.get("page"));
  return {
    filter,
    sorting,
    count: defaults.pageSizes.includes(size) ? size : defaults.count,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Writes a state into a query string, leaving defaults out and other parameters alone. */
export function searchFromState(
  state: TableState,
  defaults: TableDefaults,
  base: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of base) {
    if (!k.startsWith("filter.") && !["sort", "page", "size"].includes(k)) out.append(k, v);
  }
  for (const [k, v] of Object.entries(state.filter)) if (v) out.set(`filter.${k}`, v);
  const s = state.sorting;
  const d = defaults.sorting;
  if (s && (s.field !== d?.field || s.direction !== d?.direction)) {
    out.set("sort", (s.direction === "desc" ? "-" : "") + s.field);
  }
  if (state.page > 1) out.set("page", String(state.page));
  if (state.count !== defaults.count) out.set("size", String(state.count));
  return out;
}

export const sameState = (a: TableState, b: TableState) => JSON.stringify(a) === JSON.stringify(b);

/** What a time column's filter box shows: a day, a range, or an open one. */
export const TIME_RANGE_PLACEHOLDER = "YYYY-MM-DD..YYYY-MM-DD";

/**
 * A find body whose time column's filter box (`column`: a day `2026-11-23`, a range
 * `2026-11-01..2026-11-23`, or an open one `2026-11-01..`, `..2026-11-23`) is sent as the
 * call's `from` and `to`.
 */
export function withTimeRange<B extends { filter: Record<string, string> }>(
  body: B,
  column: string,
): B {
  const { [column]: range, ...filter } = body.filter;
  if (range) {
    const [from, to] = range.includes("..")
      ? range.split("..", 2).map((s) => s.trim())
      : [range.trim(), range.trim()];
    if (from) filter.from = from;
    if (to) filter.to = to;
  }
  return { ...body, filter };
}
