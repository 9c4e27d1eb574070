/**
 * The company list (/administration/companies): server-paged, sorted and filtered (the query is
 * kept in the URL), "New company" (create dialog, both variants) and a row menu with Open, Edit
 * and Delete.
 */
import { lazy } from "react";
import { EditableList, type ListProps } from "./admin/editable_list.tsx";
import { companyHref } from "./admin/labels.ts";
import { findBody, type TableDefaults, type TableState } from "./kit/table_state.ts";
import { call, client } from "./runtime/api.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../openapi/enums.ts";
import type { Company } from "../openapi/schemas/companies.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./admin/company_dialogs.tsx");
const CompanyCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyCreateDialog })));
const CompanyEditDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyEditDialog })));

export const COMPANY_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "name", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export async function findCompanies(state: TableState) {
  const r = await call(client.POST("/rest/companies/find", { body: findBody(state) as never }));
  return { rows: r.results, total: r.total, filtered: r.filtered };
}

export type CompanyListProps = ListProps<Company>;

export default function CompanyList(props: CompanyListProps) {
  return (
    <EditableList<Company>
      {...props}
      id="companies"
      caption="Companies"
      noun="company"
      find={findCompanies}
      defaults={COMPANY_TABLE_DEFAULTS}
      href={companyHref}
      remove={async (company) => (await dialogs()).deleteCompany(company)}
      columns={[
        { key: "teamCount", label: "Teams" },
        { key: "userCount", label: "Users" },
      ]}
      createDialog={(p) => <CompanyCreateDialog {...p} />}
      editDialog={({ row, ...p }) => <CompanyEditDialog company={row} {...p} />}
    />
  );
}
