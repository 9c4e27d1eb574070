import {
  findBody,
  stateFromSearch,
  type TableDefaults,
  type TableState,
} from "../../islands/kit/table_state.ts";

/**
 * A server-paged list's first page, with the query the URL asks for, as the list island's
 * props. A hand-edited URL with a bad filter shows the unfiltered list instead of failing.
 */
export async function firstPage<Req, R>(
  url: URL,
  defaults: TableDefaults,
  schema: { safeParse(body: unknown): { success: boolean; data?: Req } },
  find: (req: Req) => Promise<{ results: R[]; total: number; filtered: number }>,
): Promise<
  { initialState: TableState; initialData: { rows: R[]; total: number; filtered: number } }
> {
  let state = stateFromSearch(url.searchParams, defaults);
  let req = schema.safeParse(findBody(state));
  if (!req.success) {
    state = stateFromSearch(new URLSearchParams(), defaults);
    req = schema.safeParse(findBody(state));
  }
  const r = await find(req.data!);
  return {
    initialState: state,
    initialData: { rows: r.results, total: r.total, filtered: r.filtered },
  };
}
