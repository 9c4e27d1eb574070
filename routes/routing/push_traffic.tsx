import type { PageRoute } from "../types.ts";
import { type FirstPage, firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import PushTrafficList, { PUSH_TRAFFIC_DEFAULTS } from "../../islands/routing/PushTrafficList.tsx";
import { PushFindRequestSchema, type PushTrafficRow } from "../../openapi/schemas/push.ts";
import { findPushTraffic } from "../../server/services/push/traffic.ts";

const pushTrafficRoute: PageRoute<FirstPage<PushTrafficRow>> = {
  pattern: "/routing/traffic/push",
  title: "Push traffic",
  summary: "Messages pushed out to customers, with their delivery status.",
  parent: "/routing/traffic",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, scope, url }) =>
    firstPage(
      url,
      PUSH_TRAFFIC_DEFAULTS,
      PushFindRequestSchema,
      (req) => findPushTraffic(deps.db, scope, req),
      { type: "pushTraffic" },
    ),
  view: ({ data }) => <Island of={PushTrafficList} props={data} />,
};

export default [pushTrafficRoute];
