/**
 * A resource's list page: a "New …" button, the server-paged table (its query kept in the URL)
 * whose row menu offers Open, Edit and Delete (and the resource's own actions), and the create
 * and edit dialogs, loaded on first use. Generic over the row and its key: a company's `id`, a
 * dnid's id and LES, a terminal's deviceId, a command's listId/groupId/itemId.
 */
import { type ReactNode, Suspense, useState } from "react";
import { type Column, DataTable, type FindResult, type Row } from "./table/DataTable.tsx";
import type { MenuItem } from "./ContextMenu.tsx";
import type { TableDefaults, TableState } from "./table/table_state.ts";
import { useMounted } from "./lazy.ts";
import { navigate } from "../runtime/navigate.ts";

/** A list island's props: its query and first page, rendered on the server (routes/first_page). */
export interface ListProps<R> {
  initialState: TableState;
  initialData: FindResult<R>;
}

interface EditableListProps<R extends Row> extends ListProps<R> {
  /** The table's id, its find key and its export's name ("companies"). */
  id: string;
  caption: string;
  /** What a row is ("company"): the button's "New company". */
  noun: string;
  /** A row's unique key, as text ("12", "4660-21"). */
  rowKey: (row: R) => string;
  /** How a row is named to assistive technology and in the menu ("company Acme"). */
  rowLabel: (row: R) => string;
  find: (state: TableState) => Promise<FindResult<R>>;
  defaults: TableDefaults;
  columns: Column<R>[];
  /** A row's page (Open). Without it, no Open (a page the user may not open). */
  href?: (row: R) => string;
  /** Asks, then deletes; true when the row is gone. Without it (or deleteDialog), no Delete. */
  remove?: (row: R) => Promise<boolean>;
  /**
   * Delete through a dialog of the resource's own (what goes with the row, a typed
   * confirmation) instead of `remove`'s confirmation.
   */
  deleteDialog?: (p: { row: R | null; onClose: () => void; onDeleted: () => void }) => ReactNode;
  /** Without it, no "New …" button. */
  createDialog?: (p: { open: boolean; onClose: () => void; onCreated: () => void }) => ReactNode;
  /** Without it, no Edit. */
  editDialog?: (p: { row: R | null; onClose: () => void; onSaved: () => void }) => ReactNode;
  /** The resource's own menu entries, after Open, Edit and Delete. */
  actions?: (rows: R[], refresh: () => void) => MenuItem[];
}

export function EditableList<R extends Row>(props: EditableListProps<R>) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<R | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  // A dialog stays mounted once opened, so closing it returns focus to its opener.
  const mounted = useMounted({
    create: creating,
    edit: editing !== null,
    delete: deleting !== null,
  });
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);

  async function remove(row: R) {
    if (await props.remove?.(row)) refresh();
  }

  return (
    <>
      {props.createDialog && (
        <div className="admin-actions">
          <button type="button" onClick={() => setCreating(true)}>{`New ${props.noun}`}</button>
        </div>
      )}
      <DataTable<R>
        id={props.id}
        caption={props.caption}
        rowKey={props.rowKey}
        rowLabel={props.rowLabel}
        source={{ kind: "find", key: props.id, find: props.find }}
        defaults={props.defaults}
        initialState={props.initialState}
        initialData={props.initialData}
        urlState
        reloadToken={reload || undefined}
        exportName={props.id}
        columns={props.columns}
        // No entry at all (a read-only list): no row menu.
        menu={!props.href && !props.editDialog && !props.remove && !props.deleteDialog &&
            !props.actions
          ? undefined
          : (rows) => {
            const one = rows.length === 1 ? rows[0] : null;
            return [
              ...(props.href
                ? [{
                  label: "Open",
                  disabled: !one,
                  onSelect: () => one && void navigate(props.href!(one)),
                }]
                : []),
              ...(props.editDialog
                ? [{ label: "Edit", disabled: !one, onSelect: () => setEditing(one) }]
                : []),
              ...(props.deleteDialog
                ? [{ label: "Delete", disabled: !one, onSelect: () => setDeleting(one) }]
                : props.remove
                ? [{ label: "Delete", disabled: !one, onSelect: () => one && void remove(one) }]
                : []),
              ...(props.actions?.(rows, refresh) ?? []),
            ];
          }}
      />
      <Suspense fallback={null}>
        {mounted.create && props.createDialog?.({
          open: creating,
          onClose: () => setCreating(false),
          onCreated: refresh,
        })}
        {mounted.edit && props.editDialog?.({
          row: editing,
          onClose: () => setEditing(null),
          onSaved: () => {
            setEditing(null);
            refresh();
          },
        })}
        {mounted.delete && props.deleteDialog?.({
          row: deleting,
          onClose: () => setDeleting(null),
          onDeleted: refresh,
        })}
      </Suspense>
    </>
  );
}
