/**
 * One body row of the DataTable, memoised: a keystroke in a filter box, the busy state of a new
 * query or an opened menu re-renders the table but not its rows, and a selection re-renders only
 * the rows whose mark changed (./selection.ts), so a 255-row page answers them in a frame instead
 * of re-rendering every cell (issue 37).
 */
import { memo, type ReactNode } from "react";
import { rolesOf } from "./long_list.ts";
import { type Selection, useSelected } from "./selection.ts";

// deno-lint-ignore no-explicit-any
type Row = Record<string, any>;

/** What a row does to the table: stable for the table's life (its handlers read the latest state). */
export interface RowActions {
  select(key: string, additive: boolean): void;
  openMenu(key: string, x: number, y: number): void;
}

/** A cell's content: its column's render, or its text. */
type CellContent<R extends Row> = (row: R) => ReactNode;

interface TableRowProps<R extends Row> {
  row: R;
  rowKey: string;
  label: string;
  /** The table's selection: the row reads its own mark, so a selection re-renders only its rows. */
  selection: Selection;
  selectable: boolean;
  hasMenu: boolean;
  /** One per column, in order (stable while the columns and, in a long list, the widths are). */
  cells: readonly { key: string; content: CellContent<R>; className?: string }[];
  /** A long list's row (./long_list.ts): block layout, roles said. */
  long: boolean;
  actions: RowActions;
}

function TableRowOf<R extends Row>(
  { row, rowKey: key, label, selection, selectable, hasMenu, cells, long, actions }: TableRowProps<
    R
  >,
) {
  const selected = useSelected(selection, key);
  const cell = rolesOf(long, "cell");
  return (
    <tr
      {...rolesOf(long, "row")}
      data-row={key}
      data-selected={selected ? "true" : undefined}
      onClick={(e) => {
        if (!selectable || (e.target as Element).closest("a,button,input")) return;
        actions.select(key, e.ctrlKey || e.metaKey);
      }}
      onKeyDown={(e) => {
        if (e.key === "ContextMenu" || (e.shiftKey && e.key === "F10")) {
          e.preventDefault();
          const r = e.currentTarget.getBoundingClientRect();
          actions.openMenu(key, r.left + 24, r.bottom);
        }
      }}
      onContextMenu={(e) => {
        if (!hasMenu) return;
        e.preventDefault();
        actions.openMenu(key, e.clientX, e.clientY);
      }}
    >
      {selectable && (
        <td {...cell} className={long ? "select" : undefined}>
          <input
            type="checkbox"
            aria-label={`Select ${label}`}
            checked={selected}
            onChange={() => actions.select(key, true)}
          />
        </td>
      )}
      {cells.map((c) => <td key={c.key} {...cell} className={c.className}>{c.content(row)}</td>)}
      {hasMenu && (
        <td {...cell} className="actions">
          <button
            type="button"
            className="secondary outline"
            aria-haspopup="menu"
            aria-label={`Actions for ${label}`}
            onClick={(e) => {
              const r = e.currentTarget.getBoundingClientRect();
              actions.openMenu(key, r.left, r.bottom);
            }}
          >
            ⋮
          </button>
        </td>
      )}
    </tr>
  );
}

export const TableRow = memo(TableRowOf) as typeof TableRowOf;
