import {
  findBody,
  stateFromSearch,
  type TableDefaults,
  type TableState,
} from "../islands/kit/table/table_state.ts";
import { type Counts, countsOf } from "../islands/kit/table/finder.ts";
import type { FilterErrors, FindResult } from "../islands/kit/table/DataTable.tsx";

/** A list island's props: its query (from the URL) and the first page, rendered on the server. */
export interface FirstPage<R> {
  initialState: TableState;
  initialData: FindResult<R>;
}

interface Parsed<Req> {
  success: boolean;
  data?: Req;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}

/** The messages of a refused request when only its filter fields are wrong, by field. */
function filterErrorsOf(issues: { path: PropertyKey[]; message: string }[]) {
  const out: FilterErrors = {};
  for (const { path, message } of issues) {
    if (path[0] !== "filter" || path.length !== 2) return null;
    out[String(path[1])] ??= message;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * A server-paged list's first page, with the query the URL asks for, as the list island's
 * props. `extra` adds the fields of the list's own (`{type: "pushTraffic"}`); `bodyOf` makes the
 * call's body of the table's state when the list's own does more than `findBody` (a time range). A URL whose filter
 * the server refuses (letters in a number filter) shows the query with the messages next to the
 * filter boxes and no rows, as the table does once live; any other bad query (a page past the
 * window, a sort it does not have) shows the list as it opens.
 */
export async function firstPage<Req, R>(
  url: URL,
  defaults: TableDefaults,
  schema: { safeParse(body: unknown): Parsed<Req> },
  find: (req: Req) => Promise<{ results: R[] } & Counts>,
  extra: Record<string, unknown> = {},
  bodyOf: (state: TableState) => object = findBody,
): Promise<FirstPage<R>> {
  let state = stateFromSearch(url.searchParams, defaults);
  let req = schema.safeParse({ ...extra, ...bodyOf(state) });
  if (!req.success) {
    const filterErrors = filterErrorsOf(req.error?.issues ?? []);
    if (filterErrors) {
      return {
        initialState: state,
        initialData: { rows: [], total: 0, filtered: 0, filterErrors },
      };
    }
    state = stateFromSearch(new URLSearchParams(), defaults);
    req = schema.safeParse({ ...extra, ...bodyOf(state) });
  }
  const r = await find(req.data!);
  return {
    initialState: state,
    initialData: { rows: r.results, ...countsOf(r) },
  };
}
