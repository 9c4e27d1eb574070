/**
 * The company and team lists' frame: a "New …" button, the server-paged table (the query kept in
 * the URL; Id and Name, a link to the row's page, come first) whose row menu offers Open, Edit
 * and Delete, and the create and edit dialogs.
 */
import { type ReactNode, Suspense, useState } from "react";
import { type Column, DataTable, type FindResult } from "../kit/DataTable.tsx";
import type { TableDefaults, TableState } from "../kit/table_state.ts";
import { useMounted } from "../kit/lazy.ts";
import { navigate } from "../runtime/navigate.ts";

interface Named {
  id: number;
  name: string;
}

/** A list island's props: the first page, rendered on the server. */
export interface ListProps<R> {
  initialState: TableState;
  initialData: FindResult<R>;
}

export interface EditableListProps<R extends Named> extends ListProps<R> {
  /** The table's id, its find key and its export's name ("companies"). */
  id: string;
  caption: string;
  /** What a row is ("company"): the button's "New company", a row's "company Acme". */
  noun: string;
  find: (state: TableState) => Promise<FindResult<R>>;
  defaults: TableDefaults;
  /** The columns after Id and Name. */
  columns: Column<R>[];
  href: (row: R) => string;
  /** Asks, then deletes; true when the row is gone. */
  remove: (row: R) => Promise<boolean>;
  createDialog: (p: { open: boolean; onClose: () => void; onCreated: () => void }) => ReactNode;
  editDialog: (p: { row: R | null; onClose: () => void; onSaved: () => void }) => ReactNode;
}

export function EditableList<R extends Named>(props: EditableListProps<R>) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<R | null>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({ create: creating, edit: editing !== null });
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);

  async function remove(row: R) {
    if (await props.remove(row)) refresh();
  }

  return (
    <>
      <div className="admin-actions">
        <button type="button" onClick={() => setCreating(true)}>{`New ${props.noun}`}</button>
      </div>
      <DataTable<R>
        id={props.id}
        caption={props.caption}
        rowKey={(r) => String(r.id)}
        rowLabel={(r) => `${props.noun} ${r.name}`}
        source={{ kind: "find", key: props.id, find: props.find }}
        defaults={props.defaults}
        initialState={props.initialState}
        initialData={props.initialData}
        urlState
        reloadToken={reload || undefined}
        exportName={props.id}
        columns={[
          { key: "id", label: "Id", sortable: true, filter: { kind: "text" } },
          {
            key: "name",
            label: "Name",
            sortable: true,
            filter: { kind: "text" },
            render: (r) => <a href={props.href(r)}>{r.name}</a>,
          },
          ...props.columns,
        ]}
        menu={(rows) => {
          const one = rows.length === 1 ? rows[0] : null;
          return [
            {
              label: "Open",
              disabled: !one,
              onSelect: () => one && void navigate(props.href(one)),
            },
            { label: "Edit", disabled: !one, onSelect: () => setEditing(one) },
            { label: "Delete", disabled: !one, onSelect: () => one && void remove(one) },
          ];
        }}
      />
      <Suspense fallback={null}>
        {mounted.create && props.createDialog({
          open: creating,
          onClose: () => setCreating(false),
          onCreated: refresh,
        })}
        {mounted.edit && props.editDialog({
          row: editing,
          onClose: () => setEditing(null),
          onSaved: () => {
            setEditing(null);
            refresh();
          },
        })}
      </Suspense>
    </>
  );
}
