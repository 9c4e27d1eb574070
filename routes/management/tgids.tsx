/**
 * The tgid pages: the list (/management/tgid, every user: a client sees the tgids its company's
 * teams own or share) and a tgid's page (/management/tgid/{id}, administrators: it also loads the
 * tgid's routing exceptions, which are administrators' alone).
 */
import { historyOf } from "../history.ts";
import HistorySection from "../../islands/administration/audit/HistorySection.tsx";
import type { History } from "../../islands/administration/audit/history_table.tsx";
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import TgidList, {
  TGID_TABLE_DEFAULTS,
  type TgidListProps,
} from "../../islands/management/tgid/TgidList.tsx";
import TgidDetail, { type TgidDetailProps } from "../../islands/management/tgid/TgidDetail.tsx";
import { TgidFindRequestSchema } from "../../openapi/schemas/tgid/tgids.ts";
import { findTgids, tgidDetails, visibleTgidLabel } from "../../server/services/tgid/read.ts";
import { tgidRules } from "../../server/services/tgid/routing_rules.ts";

const M = "/management";

const tgidsRoute: PageRoute<TgidListProps> = {
  pattern: `${M}/tgid`,
  title: "Tgids",
  summary: "Terminal groups and the teams that share them.",
  parent: M,
  // The first page is rendered on the server, with the query the URL asks for.
  load: async ({ deps, url, scope, user }) => ({
    ...await firstPage(
      url,
      TGID_TABLE_DEFAULTS,
      TgidFindRequestSchema,
      (req) => findTgids(deps.db, scope, req),
    ),
    admin: user.admin,
  }),
  view: ({ data }) => <Island of={TgidList} props={data} />,
};

const tgidRoute: PageRoute<TgidDetailProps & { history: History }> = {
  pattern: `${M}/tgid/:id`,
  title: "Tgid",
  summary: "A tgid with its terminals, dnids, users, teams, routing exceptions and routes.",
  admin: true,
  parent: `${M}/tgid`,
  // An unknown tgid is a route change error: a toast, then /error/404.
  heading: async ({ deps, params, scope }) =>
    `Tgid ${await visibleTgidLabel(deps.db, scope, pageId("Tgid", params.id))}`,
  load: async ({ deps, params, scope }) => {
    const id = pageId("Tgid", params.id);
    // Both answer 404 for an unknown tgid; on PostgreSQL they run at once.
    const [tgid, rules, history] = await Promise.all([
      tgidDetails(deps.db, scope, id),
      tgidRules(deps.db, id),
      historyOf(deps.db, scope, { rowTable: "tgids", rowId: String(id) }),
    ]);
    return { tgid, rules, history };
  },
  view: ({ data: { history, ...detail } }) => (
    <>
      <Island of={TgidDetail} props={detail} />
      <Island of={HistorySection} props={{ history }} />
    </>
  ),
};

export default [tgidsRoute, tgidRoute] satisfies AnyPageRoute[];
