/** The enid pages: the list and an enid's page, for every signed-in user (a client: its own). */
import type { AnyPageRoute, PageRoute, UserPageContext } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import EnidList, {
  ENID_TABLE_DEFAULTS,
  type EnidListProps,
} from "../../islands/management/enid/EnidList.tsx";
import EnidDetail from "../../islands/management/enid/EnidDetail.tsx";
import type { Viewer } from "../../islands/management/enid/enid_api.ts";
import { type Enid, EnidFindRequestSchema } from "../../openapi/schemas/enids.ts";
import { enidNotFound, enidRow, findEnids, getEnid } from "../../server/services/enids/read.ts";

const M = "/management";

/** What the islands need to know about the user: admin or not, and its company. */
const viewerOf = ({ user }: UserPageContext): Viewer => ({
  admin: user.admin,
  company: { id: user.companyId, name: user.companyName },
});

const enidsRoute: PageRoute<EnidListProps> = {
  pattern: `${M}/enid`,
  title: "Enids",
  summary: "Enids, their ruls and the teams that use them.",
  parent: M,
  // The first page is rendered on the server, with the query the URL asks for.
  load: async (ctx) => ({
    ...await firstPage(
      ctx.url,
      ENID_TABLE_DEFAULTS,
      EnidFindRequestSchema,
      (req) => findEnids(ctx.deps.db, ctx.scope, req),
    ),
    viewer: viewerOf(ctx),
  }),
  view: ({ data }) => <Island of={EnidList} props={data} />,
};

const enidRoute: PageRoute<{ enid: Enid; viewer: Viewer }> = {
  pattern: `${M}/enid/:id`,
  title: "Enid",
  summary: "An enid with its rul and teams.",
  parent: `${M}/enid`,
  // Unknown, or another company's: a route change error (a toast, then /error/404).
  heading: async ({ deps, scope, params }) => {
    const id = pageId("Enid", params.id);
    if (!await enidRow(deps.db, scope, id)) throw enidNotFound();
    return `Enid ${id}`;
  },
  load: async (ctx) => ({
    enid: await getEnid(ctx.deps.db, ctx.scope, pageId("Enid", ctx.params.id)),
    viewer: viewerOf(ctx),
  }),
  view: ({ data }) => <Island of={EnidDetail} props={data} />,
};

export default [enidsRoute, enidRoute] satisfies AnyPageRoute[];
