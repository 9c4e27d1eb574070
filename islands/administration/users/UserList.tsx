/**
 * The user list (administrators): paged, sorted (default id ascending) and filtered on the
 * server, the query kept in the URL; "New user" opens the create dialog; a row's context menu
 * offers Edit, Deactivate or Activate (by the row's status) and Reset password.
 */
import { lazy, Suspense, useState } from "react";
import { DataTable, type FindResult } from "../../kit/table/DataTable.tsx";
import type { TableDefaults, TableState } from "../../kit/table/table_state.ts";
import { PAGE_SIZE, PAGE_SIZES } from "../../../openapi/enums.ts";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import {
  findUsers,
  fullName,
  getUser,
  type User,
  userHref,
  type UserListItem,
} from "./user_api.ts";
import { toggleStatus, type UserRef } from "./user_status.ts";
import { useMounted } from "../../kit/lazy.ts";

// The dialogs' code (forms, pickers) loads when one is first opened, not with the page.
const forms = () => import("./user_form.tsx");
const CreateUserDialog = lazy(() => forms().then((m) => ({ default: m.CreateUserDialog })));
const EditUserDialog = lazy(() => forms().then((m) => ({ default: m.EditUserDialog })));
const ResetPasswordDialog = lazy(() =>
  import("./user_actions.tsx").then((m) => ({ default: m.ResetPasswordDialog }))
);

export const USERS_DEFAULTS: TableDefaults = {
  sorting: { field: "id", direction: "asc" },
  count: PAGE_SIZE,
  pageSizes: PAGE_SIZES,
};

const STATUS_OPTIONS = [["true", "Active"], ["false", "Inactive"]] as const;

export interface UserListProps {
  initialState: TableState;
  initialData: FindResult<UserListItem>;
}

export default function UserList({ initialState, initialData }: UserListProps) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<UserRef | null>(null);
  const [reload, setReload] = useState<number | undefined>(undefined);
  const reloaded = () => setReload((n) => (n ?? 0) + 1);
  const mounted = useMounted({
    create: creating,
    edit: editing !== null,
    reset: resetting !== null,
  });

  async function edit(row: UserListItem) {
    try {
      setEditing(await getUser(row.id));
    } catch (e) {
      toast("error", messageOf(e));
    }
  }

  return (
    <>
      <p>
        <button type="button" onClick={() => setCreating(true)} data-new-user="">
          New user
        </button>
      </p>
      <DataTable<UserListItem>
        id="users"
        caption="Users"
        rowKey={(r) => r.id}
        rowLabel={(r) => r.id}
        source={{ kind: "find", key: "users", find: findUsers }}
        defaults={USERS_DEFAULTS}
        initialState={initialState}
        initialData={initialData}
        urlState
        reloadToken={reload}
        exportName="users"
        columns={[
          {
            key: "id",
            label: "Id",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={userHref(r.id)}>{r.id}</a>,
          },
          { key: "name", label: "Name", sortable: true, filter: { kind: "text" }, text: fullName },
          {
            key: "company",
            label: "Company",
            sortable: true,
            filter: { kind: "text" },
            text: (r) => r.company.name,
          },
          {
            key: "team",
            label: "Team",
            sortable: true,
            filter: { kind: "text" },
            text: (r) => r.team.name,
          },
          {
            key: "active",
            label: "Status",
            sortable: true,
            filter: { kind: "select", options: STATUS_OPTIONS },
            text: (r) => r.active ? "Active" : "Inactive",
            render: (r) => (
              <span className={`status ${r.active ? "success" : "danger"}`}>
                {r.active ? "Active" : "Inactive"}
              </span>
            ),
          },
        ]}
        menu={(rows) => {
          const row = rows.length === 1 ? rows[0] : null;
          return [
            { label: "Edit", disabled: !row, onSelect: () => row && void edit(row) },
            {
              label: row?.active === false ? "Activate" : "Deactivate",
              disabled: !row,
              onSelect: async () => {
                if (row && await toggleStatus(row)) reloaded();
              },
            },
            { label: "Reset password", disabled: !row, onSelect: () => setResetting(row) },
          ];
        }}
      />
      {/* A lazy dialog stays mounted once opened, so closing it returns focus to its opener. */}
      <Suspense fallback={null}>
        {mounted.create && (
          <CreateUserDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={reloaded}
          />
        )}
        {mounted.edit && (
          <EditUserDialog
            user={editing}
            onClose={() => setEditing(null)}
            onSaved={reloaded}
          />
        )}
        {mounted.reset && (
          <ResetPasswordDialog
            user={resetting}
            onClose={() => setResetting(null)}
          />
        )}
      </Suspense>
    </>
  );
}
