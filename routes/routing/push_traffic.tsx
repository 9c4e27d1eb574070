import type { PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import PushTraffic, { PUSH_TRAFFIC_DEFAULTS } from "../../islands/PushTraffic.tsx";
import { findBody, stateFromSearch, type TableState } from "../../islands/kit/table_state.ts";
import { PushFindRequestSchema, type PushTrafficRow } from "../../openapi/schemas/push.ts";
import { findPushTraffic } from "../../server/services/push/traffic.ts";

interface Data {
  state: TableState;
  rows: PushTrafficRow[];
  total: number;
  filtered: number;
}

export const pushTrafficRoute: PageRoute<Data> = {
  pattern: "/routing/traffic/push",
  title: "Push traffic",
  summary: "Messages pushed out to customers, with their delivery status.",
  parent: "/routing/traffic",
  // The first page is rendered on the server, with the query the URL asks for.
  load: async ({ deps, user, url }) => {
    let state = stateFromSearch(url.searchParams, PUSH_TRAFFIC_DEFAULTS);
    let req = PushFindRequestSchema.safeParse({ type: "pushTraffic", ...findBody(state) });
    if (!req.success) {
      // A hand-edited URL with a bad filter shows the unfiltered list instead of failing.
      state = stateFromSearch(new URLSearchParams(), PUSH_TRAFFIC_DEFAULTS);
      req = PushFindRequestSchema.safeParse({ type: "pushTraffic", ...findBody(state) });
    }
    const r = await findPushTraffic(deps.db, user, req.data!);
    return { state, rows: r.results, total: r.total, filtered: r.filtered };
  },
  view: ({ data }) => (
    <Island
      of={PushTraffic}
      props={{
        initialState: data.state,
        initialData: { rows: data.rows, total: data.total, filtered: data.filtered },
      }}
    />
  ),
};
