import { historyOf } from "../history.ts";
import HistorySection from "../../islands/administration/audit/HistorySection.tsx";
import type { History } from "../../islands/administration/audit/history_table.tsx";
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import { pageId } from "../params.ts";
import CompanyList, {
  COMPANY_TABLE_DEFAULTS,
  type CompanyListProps,
} from "../../islands/administration/companies/CompanyList.tsx";
import CompanyDetail from "../../islands/administration/companies/CompanyDetail.tsx";
import {
  type CompanyDetails as Details,
  CompanyFindRequestSchema,
} from "../../openapi/schemas/companies/companies.ts";
import {
  companyDetails,
  companyName,
  findCompanies,
} from "../../server/services/companies/read.ts";

const companiesRoute: PageRoute<CompanyListProps> = {
  pattern: `/administration/companies`,
  title: "Companies",
  summary: "Every customer company, with its teams, identifiers, terminals and users.",
  admin: true,
  parent: "/administration",
  // The first page is rendered on the server, with the query the URL asks for.
  load: ({ deps, url }) =>
    firstPage(
      url,
      COMPANY_TABLE_DEFAULTS,
      CompanyFindRequestSchema,
      (req) => findCompanies(deps.db, req),
    ),
  view: ({ data }) => <Island of={CompanyList} props={data} />,
};

const companyRoute: PageRoute<{ company: Details; history: History }> = {
  pattern: `/administration/companies/:id`,
  title: "Company",
  summary: "A company with its teams, tgids, enids, dnids, terminals and users.",
  admin: true,
  parent: `/administration/companies`,
  // An unknown company is a route change error: a toast, then /error/404.
  heading: ({ deps, params }) => companyName(deps.db, pageId("Company", params.id)),
  load: async ({ deps, params, scope }) => {
    const id = pageId("Company", params.id);
    const [company, history] = await Promise.all([
      companyDetails(deps.db, id),
      historyOf(deps.db, scope, { rowTable: "companies", rowId: String(id) }),
    ]);
    return { company, history };
  },
  view: ({ data: { company, history } }) => (
    <>
      <Island of={CompanyDetail} props={{ company }} />
      <Island of={HistorySection} props={{ history }} />
    </>
  ),
};

export default [companiesRoute, companyRoute] satisfies AnyPageRoute[];
