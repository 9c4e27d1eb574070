import type { AnyPageRoute, PageRoute } from "../types.ts";
import { A } from "./paths.ts";
import { Island } from "../../server/pages/island.tsx";
import { notFound } from "../../server/errors.ts";
import CompanyList, { COMPANY_TABLE_DEFAULTS } from "../../islands/CompanyList.tsx";
import CompanyDetails from "../../islands/CompanyDetails.tsx";
import { findBody, stateFromSearch, type TableState } from "../../islands/kit/table_state.ts";
import {
  type Company,
  type CompanyDetails as Details,
  CompanyFindRequestSchema,
  MAX_ID,
} from "../../openapi/schemas/companies.ts";
import { companyDetails, findCompanies } from "../../server/services/companies/read.ts";

interface ListData {
  state: TableState;
  rows: Company[];
  total: number;
  filtered: number;
}

/** A page's `{id}`: a positive number, else the page does not exist. */
export function pageId(what: string, raw: string | undefined): number {
  const id = /^\d{1,10}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound(`${what} ${(raw ?? "").slice(0, 40)}`);
  return id;
}

const companiesRoute: PageRoute<ListData> = {
  pattern: `${A}/companies`,
  title: "Companies",
  summary: "Every customer company, with its teams, identifiers, terminals and users.",
  admin: true,
  parent: A,
  // The first page is rendered on the server, with the query the URL asks for.
  load: async ({ deps, url }) => {
    let state = stateFromSearch(url.searchParams, COMPANY_TABLE_DEFAULTS);
    let req = CompanyFindRequestSchema.safeParse(findBody(state));
    if (!req.success) {
      // A hand-edited URL with a bad filter shows the unfiltered list instead of failing.
      state = stateFromSearch(new URLSearchParams(), COMPANY_TABLE_DEFAULTS);
      req = CompanyFindRequestSchema.safeParse(findBody(state));
    }
    const r = await findCompanies(deps.db, req.data!);
    return { state, rows: r.results, total: r.total, filtered: r.filtered };
  },
  view: ({ data }) => (
    <Island
      of={CompanyList}
      props={{
        initialState: data.state,
        initialData: { rows: data.rows, total: data.total, filtered: data.filtered },
      }}
    />
  ),
};

const companyRoute: PageRoute<Details> = {
  pattern: `${A}/companies/:id`,
  title: "Company",
  summary: "A company with its teams, tgids, enids, dnids, terminals and users.",
  admin: true,
  parent: `${A}/companies`,
  // An unknown company is a route change error: a toast, then /error/404.
  load: ({ deps, params }) => companyDetails(deps.db, pageId("Company", params.id)),
  label: (_ctx, data) => data.name,
  view: ({ data }) => <Island of={CompanyDetails} props={{ company: data }} />,
};

export const companyRoutes: AnyPageRoute[] = [companiesRoute, companyRoute];
