/** The rul pages (administrators): the list and a rul's page with the dnids and enids using it. */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import RulList, {
  RUL_TABLE_DEFAULTS,
  type RulListProps,
} from "../../islands/management/rul/RulList.tsx";
import RulDetail from "../../islands/management/rul/RulDetail.tsx";
import { type RulDetails, RulFindRequestSchema } from "../../openapi/schemas/ruls/ruls.ts";
import { findRuls, getRul, rulDetails } from "../../server/services/ruls/read.ts";

const M = "/management";

const rulsRoute: PageRoute<RulListProps> = {
  pattern: `${M}/rul`,
  title: "Ruls",
  summary: "Remote user-logins at the land earth stations.",
  admin: true,
  parent: M,
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(url, RUL_TABLE_DEFAULTS, RulFindRequestSchema, (req) => findRuls(deps.db, req)),
  view: ({ data }) => <Island of={RulList} props={data} />,
};

const rulRoute: PageRoute<RulDetails> = {
  pattern: `${M}/rul/:id`,
  title: "Rul",
  summary: "A remote user-login and its contacts.",
  admin: true,
  parent: `${M}/rul`,
  // An unknown rul is a route change error: a toast, then /error/404.
  heading: async ({ deps, params }) =>
    `Rul ${(await getRul(deps.db, pageId("Rul", params.id))).id}`,
  load: ({ deps, params }) => rulDetails(deps.db, pageId("Rul", params.id)),
  view: ({ data }) => <Island of={RulDetail} props={{ rul: data }} />,
};

export default [rulsRoute, rulRoute] satisfies AnyPageRoute[];
