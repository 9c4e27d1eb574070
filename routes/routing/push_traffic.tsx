import type { PageRoute } from "../types.ts";
import { type FirstPage, firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import PushTrafficList, {
  PUSH_TRAFFIC_DEFAULTS,
  type PushTrafficListProps,
} from "../../islands/routing/traffic/PushTrafficList.tsx";
import { PushFindRequestSchema, type PushTrafficRow } from "../../openapi/schemas/push/push.ts";
import { findPushTraffic } from "../../server/services/push/traffic.ts";

const pushTrafficRoute: PageRoute<FirstPage<PushTrafficRow> & Pick<PushTrafficListProps, "admin">> =
  {
    pattern: "/routing/traffic/push",
    title: "Push traffic",
    summary: "Messages pushed out to customers, with their delivery status.",
    parent: "/routing/traffic",
    // The first page is rendered on the server, with the query the URL asks for; administrators
    // (team rights below 100) may retransmit.
    load: async ({ deps, scope, url, user }) => ({
      ...await firstPage(
        url,
        PUSH_TRAFFIC_DEFAULTS,
        PushFindRequestSchema,
        (req) => findPushTraffic(deps.db, scope, req),
        { type: "pushTraffic" },
      ),
      admin: user.admin,
    }),
    view: ({ data }) => <Island of={PushTrafficList} props={data} />,
  };

export default [pushTrafficRoute];
