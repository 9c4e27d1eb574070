/**
 * /management/dnid/status: every dnid member the user may see (a client: its company's), the
 * first page rendered on the server with the query the URL asks for (the Active filter included).
 */
import type { PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import DnidStatusList, {
  DNID_STATUS_DEFAULTS,
  type DnidStatusListProps,
  withActive,
} from "../../islands/management/dnid/status/DnidStatusList.tsx";
import { DnidStatusFindRequestSchema } from "../../openapi/schemas/dnids/dnid_status.ts";
import { findDnidStatuses } from "../../server/services/dnids/status/read.ts";
import { countsOf } from "../../islands/kit/table/finder.ts";

/** The list's find request from the table's body: the Active filter is the request's `active`. */
const request = {
  safeParse: (body: unknown) =>
    DnidStatusFindRequestSchema.safeParse(
      withActive(body as { filter: Record<string, string> }),
    ),
};

const dnidStatusRoute: PageRoute<DnidStatusListProps> = {
  pattern: "/management/dnid/status",
  title: "Dnid status",
  summary: "Status of every dnid member: activity, default terminal, programs.",
  parent: "/management/dnid",
  load: async ({ deps, scope, url, user }) => ({
    ...await firstPage(url, DNID_STATUS_DEFAULTS, request, async (req) => {
      const page = await findDnidStatuses(deps.db, scope, req);
      return { results: page.data, ...countsOf(page) };
    }),
    admin: user.admin,
  }),
  view: ({ data }) => <Island of={DnidStatusList} props={data} />,
};

export default [dnidStatusRoute];
