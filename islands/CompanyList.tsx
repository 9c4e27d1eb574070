/**
 * The company list (/administration/companies): server-paged, sorted and filtered (the query is
 * kept in the URL), "New company" (create dialog, both variants) and a row menu with Open, Edit
 * and Delete.
 */
import { lazy, Suspense, useState } from "react";
import { DataTable } from "./kit/DataTable.tsx";
import { findBody, type TableDefaults, type TableState } from "./kit/table_state.ts";
import { call, client } from "./runtime/api.ts";
import { navigate } from "./runtime/navigate.ts";
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

const href = (c: { id: number }) => `/administration/companies/${c.id}`;

export interface CompanyListProps {
  initialState: TableState;
  initialData: { rows: Company[]; total: number; filtered: number };
}

export default function CompanyList({ initialState, initialData }: CompanyListProps) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Company | null>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const [mounted, setMounted] = useState({ create: false, edit: false });
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);

  async function remove(company: Company) {
    const { deleteCompany } = await dialogs();
    if (await deleteCompany(company)) refresh();
  }

  return (
    <>
      <div className="admin-actions">
        <button
          type="button"
          onClick={() => {
            setMounted((m) => ({ ...m, create: true }));
            setCreating(true);
          }}
        >
          New company
        </button>
      </div>
      <DataTable<Company>
        id="companies"
        caption="Companies"
        rowKey={(r) => String(r.id)}
        rowLabel={(r) => `company ${r.name}`}
        source={{ kind: "find", key: "companies", find: findCompanies }}
        defaults={COMPANY_TABLE_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
        urlState
        reloadToken={reload || undefined}
        exportName="companies"
        columns={[
          { key: "id", label: "Id", sortable: true, filter: { kind: "text" } },
          {
            key: "name",
            label: "Name",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={href(r)}>{r.name}</a>,
          },
          { key: "teamCount", label: "Teams" },
          { key: "userCount", label: "Users" },
        ]}
        menu={(rows) => {
          const one = rows.length === 1 ? rows[0] : null;
          return [
            { label: "Open", disabled: !one, onSelect: () => one && void navigate(href(one)) },
            {
              label: "Edit",
              disabled: !one,
              onSelect: () => {
                setMounted((m) => ({ ...m, edit: true }));
                setEditing(one);
              },
            },
            { label: "Delete", disabled: !one, onSelect: () => one && void remove(one) },
          ];
        }}
      />
      <Suspense fallback={null}>
        {mounted.create && (
          <CompanyCreateDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={refresh}
          />
        )}
        {mounted.edit && (
          <CompanyEditDialog
            company={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        )}
      </Suspense>
    </>
  );
}
