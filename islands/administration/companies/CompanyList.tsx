/**
 * The company list (/administration/companies): server-paged, sorted and filtered (the query is
 * kept in the URL), "New company" (create dialog, both variants) and a row menu with Open, Edit
 * and Delete (a dialog with what goes with the company, confirmed by its name).
 */
import { lazy } from "react";
import { EditableList, type ListProps } from "../../kit/EditableList.tsx";
import { rowsOf } from "../../kit/table/finder.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import { findBody, type TableDefaults, type TableState } from "../../kit/table/table_state.ts";
import { call, client } from "../../runtime/api.ts";
import { companyHref, idAndNameColumns } from "../labels.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import type { Company } from "../../../openapi/schemas/companies/companies.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./company_dialogs.tsx");
const CompanyCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyCreateDialog })));
const CompanyEditDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyEditDialog })));
const CompanyDeleteDialog = lazy(() => dialogs().then((m) => ({ default: m.CompanyDeleteDialog })));

export const COMPANY_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "name", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export const findCompanies = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/companies/find", {
        body: findBody(state, SORT_FIELDS["/rest/companies/find"]),
      }),
    ),
  );

export type CompanyListProps = ListProps<Company>;

export default function CompanyList(props: CompanyListProps) {
  return (
    <EditableList<Company>
      {...props}
      id="companies"
      caption="Companies"
      noun="company"
      rowKey={(r) => String(r.id)}
      rowLabel={(r) => `company ${r.name}`}
      find={findCompanies}
      defaults={COMPANY_TABLE_DEFAULTS}
      href={companyHref}
      columns={[
        ...idAndNameColumns<Company>(companyHref),
        { key: "teamCount", label: "Teams" },
        { key: "userCount", label: "Users" },
      ]}
      createDialog={(p) => <CompanyCreateDialog {...p} />}
      editDialog={({ row, ...p }) => <CompanyEditDialog company={row} {...p} />}
      deleteDialog={({ row, ...p }) => <CompanyDeleteDialog company={row} {...p} />}
    />
  );
}
