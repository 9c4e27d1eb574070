import {
  findBody,
  stateFromSearch,
  type TableDefaults,
  type TableState,
} from "../islands/kit/table_state.ts";
import { type Counts, countsOf } from "../islands/kit/finder.ts";

/** A list island's props: its query (from the URL) and the first page, rendered on the server. */
export interface FirstPage<R> {
  initialState: TableState;
  initialData: { rows: R[]; total: number; filtered: number };
}

/**
 * A server-paged list's first page, with the query the URL asks for, as the list island's
 * props. `extra` adds the fields of the list's own (`{type: "pushTraffic"}`). A hand-edited URL
 * with a bad filter shows the unfiltered list instead of failing.
 */
export async function firstPage<Req, R>(
  url: URL,
  defaults: TableDefaults,
  schema: { safeParse(body: unknown): { success: boolean; data?: Req } },
  find: (req: Req) => Promise<{ results: R[] } & Counts>,
  extra: Record<string, unknown> = {},
): Promise<FirstPage<R>> {
  let state = stateFromSearch(url.searchParams, defaults);
  let req = schema.safeParse({ ...extra, ...findBody(state) });
  if (!req.success) {
    state = stateFromSearch(new URLSearchParams(), defaults);
    req = schema.safeParse({ ...extra, ...findBody(state) });
  }
  const r = await find(req.data!);
  return {
    initialState: state,
    initialData: { rows: r.results, ...countsOf(r) },
  };
}
