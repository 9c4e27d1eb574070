/**
 * The team list (/administration/teams/): server-paged, sorted and filtered (the query is kept
 * in the URL), "New team" (create dialog with the company picker) and a row menu with Open,
 * Edit and Delete.
 */
import { lazy, Suspense, useState } from "react";
import { DataTable } from "./kit/DataTable.tsx";
import { findBody, type TableDefaults, type TableState } from "./kit/table_state.ts";
import { optionsOf } from "./kit/format.ts";
import { call, client } from "./runtime/api.ts";
import { navigate } from "./runtime/navigate.ts";
import { PAGE_SIZE, PAGE_SIZES, RIGHTS } from "../openapi/enums.ts";
import type { TeamRow } from "../openapi/schemas/teams.ts";

// The dialogs are loaded when first opened: most visits only look.
const dialogs = () => import("./admin/team_dialogs.tsx");
const TeamCreateDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamCreateDialog })));
const TeamEditDialog = lazy(() => dialogs().then((m) => ({ default: m.TeamEditDialog })));

export const TEAM_TABLE_DEFAULTS: TableDefaults = {
  sorting: { field: "name", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

export async function findTeams(state: TableState) {
  const r = await call(client.POST("/rest/teams/find", { body: findBody(state) as never }));
  return { rows: r.results, total: r.total, filtered: r.filtered };
}

const href = (t: { id: number }) => `/administration/teams/${t.id}`;
const rightsLabel = (r: number) => `${r} ${RIGHTS[r as keyof typeof RIGHTS] ?? ""}`.trim();

export interface TeamListProps {
  initialState: TableState;
  initialData: { rows: TeamRow[]; total: number; filtered: number };
}

export default function TeamList({ initialState, initialData }: TeamListProps) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TeamRow | null>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const [mounted, setMounted] = useState({ create: false, edit: false });
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);

  async function remove(team: TeamRow) {
    const { deleteTeam } = await dialogs();
    if (await deleteTeam(team)) refresh();
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
          New team
        </button>
      </div>
      <DataTable<TeamRow>
        id="teams"
        caption="Teams"
        rowKey={(r) => String(r.id)}
        rowLabel={(r) => `team ${r.name}`}
        source={{ kind: "find", key: "teams", find: findTeams }}
        defaults={TEAM_TABLE_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
        urlState
        reloadToken={reload || undefined}
        exportName="teams"
        columns={[
          { key: "id", label: "Id", sortable: true, filter: { kind: "text" } },
          {
            key: "name",
            label: "Name",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={href(r)}>{r.name}</a>,
          },
          {
            key: "company",
            label: "Company",
            sortable: true,
            filter: { kind: "text" },
            text: (r) => r.company.name,
            render: (r) => (
              <a href={`/administration/companies/${r.company.id}`}>{r.company.name}</a>
            ),
          },
          {
            key: "rights",
            label: "Role",
            sortable: true,
            filter: { kind: "select", options: optionsOf(RIGHTS) },
            text: (r) => rightsLabel(r.rights),
          },
          { key: "userCount", label: "Users" },
          { key: "tgidCount", label: "Tgids" },
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
          <TeamCreateDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={refresh}
          />
        )}
        {mounted.edit && (
          <TeamEditDialog
            team={editing}
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
