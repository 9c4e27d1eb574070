/**
 * The data table of every list: server-side paging, sorting and filtering in the spec's find
 * style (or the same on rows held in memory), filters applied after a 2000 ms pause, the query
 * optionally kept in the URL, selection (click one, Ctrl-click several; cleared on every
 * reload), a row context menu (right-click, the row's ⋮ button, or the keyboard), loading and
 * error states, a CSV export of the filtered rows, and optionally a live refresh (`refreshMs`).
 */
import {
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import useSWR, { mutate } from "swr";
import { MAX_PAGE_SIZE } from "../../../openapi/enums.ts";
import { ApiFailure, messageOf } from "../../runtime/api.ts";
import { ContextMenu, type MenuItem } from "../ContextMenu.tsx";
import { sameState, type Sorting, type TableDefaults, type TableState } from "./table_state.ts";
import { Pager, useStateInUrl } from "./Pager.tsx";
import { ActionsHeading } from "./ActionsHeading.tsx";
import { columnWidths, LONG_LIST_ROWS, rolesOf } from "./long_list.ts";
import { type RowActions, TableRow } from "./TableRow.tsx";
import { useProgressiveRows } from "./progressive_rows.ts";
import { FilterBar } from "./FilterBar.tsx";
import { createSelection, type Selection, useSelectionSize } from "./selection.ts";
import { createStore, type Store, useStore } from "../../runtime/store.ts";

// deno-lint-ignore no-explicit-any
export type Row = Record<string, any>;

export interface Column<R extends Row> {
  key: string;
  label: string;
  sortable?: boolean;
  filter?: { kind: "text"; placeholder?: string } | {
    kind: "select";
    options: readonly (readonly [string, string])[];
  };
  render?: (row: R) => ReactNode;
  /** The cell's text in the CSV export (default: the raw value). */
  text?: (row: R) => string;
}

export interface FindResult<R> {
  rows: R[];
  total: number;
  filtered: number;
  /** The counts stopped at COUNT_CAP: there are more rows (pages stay within the first ones). */
  totalCapped?: boolean;
  filteredCapped?: boolean;
  /**
   * The first page of a query whose filter the server refused (a hand-edited URL): the message
   * per filter field, and no rows (routes/first_page.ts).
   */
  filterErrors?: FilterErrors;
}

/** What is wrong with a filter, by its column's key. */
export type FilterErrors = Record<string, string>;

/**
 * A find call refused for its filter (400 naming `filter.<key>` fields, from the server or from
 * the browser's own check, islands/runtime/api.ts): the messages of the table's filter boxes.
 */
function filterErrorsOf(error: unknown, keys: string[]): FilterErrors | undefined {
  if (!(error instanceof ApiFailure) || error.status !== 400) return undefined;
  const out: FilterErrors = {};
  for (const f of (error.body.fields as { path: string; message: string }[] | undefined) ?? []) {
    const key = /^filter\.(\w+)$/.exec(f.path)?.[1];
    if (key && keys.includes(key)) out[key] ??= f.message;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A count as the caption shows it: "10,000+" when it stopped at the cap. Grouped by hand: the
 * first `toLocaleString` of a page loads ICU's number data, ~40 ms of a phone's main thread.
 */
const countText = (n: number, capped?: boolean) =>
  `${String(n).replace(/\B(?=(\d{3})+$)/g, ",")}${capped ? "+" : ""}`;

type TableSource<R extends Row> =
  | { kind: "find"; key: string; find: (state: TableState) => Promise<FindResult<R>> }
  | { kind: "local"; rows: R[] };

interface DataTableProps<R extends Row> {
  id: string;
  caption: string;
  columns: Column<R>[];
  rowKey: (row: R) => string;
  rowLabel?: (row: R) => string;
  source: TableSource<R>;
  defaults: TableDefaults;
  initialState: TableState;
  /** The server-rendered first page (SWR's fallback, so nothing flashes). */
  initialData?: FindResult<R>;
  /** Keep filter, sort, page and size in the URL. */
  urlState?: boolean;
  /** The context menu's entries for the rows it acts on (the selection). */
  menu?: (rows: R[]) => MenuItem[];
  /**
   * Rows can be selected (click, Ctrl-click, a checkbox each); default true. Small read-only
   * sub-tables turn it off: with no menu there is nothing to act on.
   */
  selectable?: boolean;
  /** File name of the CSV export (without extension). */
  exportName?: string;
  /** Changes whenever the caller wants a reload (after an edit, say). */
  reloadToken?: number;
  /**
   * Live table (a find source) that polls this often (ms) without an event stream: the caller
   * revalidates it (`revalidateTable`) when a change event concerns it (islands/runtime/live.ts),
   * and it is fetched again when the window regains focus. The rows stay until new ones arrive,
   * without the busy state; the selection (pruned to the rows still shown), the open menu and
   * the caller's dialogs stay. A "Live" hint shows in the caption.
   */
  refreshMs?: number;
}

/** Fetches again the shown page of every live table of source `key` (a change event said so). */
export const revalidateTable = (key: string) =>
  void mutate((k) => typeof k === "string" && k.startsWith(`${key}|`));

function applyLocal<R extends Row>(rows: R[], state: TableState, columns: Column<R>[]) {
  let out = rows;
  for (const [key, value] of Object.entries(state.filter)) {
    if (!value) continue;
    const col = columns.find((c) => c.key === key);
    const needle = value.toLowerCase();
    out = out.filter((r) =>
      col?.filter?.kind === "select"
        ? String(r[key]) === value
        : String(r[key] ?? "").toLowerCase().includes(needle)
    );
  }
  const s = state.sorting;
  if (s) {
    const sign = s.direction === "asc" ? 1 : -1;
    out = [...out].sort((a, b) => {
      const x = a[s.field], y = b[s.field];
      return (typeof x === "number" && typeof y === "number"
        ? x - y
        : String(x ?? "").localeCompare(String(y ?? ""))) * sign;
    });
  }
  return out;
}

/** One empty list for every render without rows (a new one each time would be new rows). */
const NO_ROWS: never[] = [];

const cellText = <R extends Row>(col: Column<R>, row: R) =>
  col.text ? col.text(row) : String(row[col.key] ?? "");

/** Where the row menu is open, and on which rows (null: closed). */
interface MenuAt<R extends Row> {
  x: number;
  y: number;
  rows: R[];
}

/** The row menu, re-rendered alone when it opens or closes. */
function RowMenu<R extends Row>(
  { at, menu }: { at: Store<MenuAt<R> | null>; menu: (rows: R[]) => MenuItem[] },
) {
  const open = useStore(at);
  if (!open) return null;
  return (
    <ContextMenu
      x={open.x}
      y={open.y}
      label={open.rows.length > 1 ? `${open.rows.length} rows` : "Row actions"}
      items={menu(open.rows)}
      onClose={() => at.set(null)}
    />
  );
}

/** The caption's ", 3 selected" (two or more). */
function SelectedCount({ selection }: { selection: Selection }) {
  const size = useSelectionSize(selection);
  return size > 1 ? <>{`, ${size} selected`}</> : null;
}

export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const { id, columns, source, defaults, rowKey, menu } = props;
  const selectable = props.selectable !== false;
  const [state, setState] = useState<TableState>(props.initialState);
  const selection = useMemo(createSelection, []);
  const menuAt = useMemo(() => createStore<MenuAt<R> | null>(null), []);
  const [exporting, setExporting] = useState(false);

  const isInitial = sameState(state, props.initialState) && props.reloadToken === undefined;
  const live = source.kind === "find" && !!props.refreshMs;
  const query = source.kind === "find"
    ? `${source.key}|${JSON.stringify(state)}|${props.reloadToken ?? 0}`
    : null;
  const swr = useSWR(
    query,
    () => (source as Extract<TableSource<R>, { kind: "find" }>).find(state),
    {
      fallbackData: isInitial ? props.initialData : undefined,
      revalidateOnMount: !(isInitial && props.initialData),
      revalidateOnFocus: live,
      keepPreviousData: true,
      ...(live && { dedupingInterval: props.refreshMs! / 2 }),
    },
  );

  const localRows = source.kind === "local" ? source.rows : null;
  const local = useMemo(
    () => localRows ? applyLocal(localRows, state, columns) : null,
    [localRows, state],
  );
  // Memoised: a new array on every render would count as a reload and clear the selection.
  const localPage = useMemo<FindResult<R> | null>(
    () =>
      local && localRows
        ? {
          rows: local.slice((state.page - 1) * state.count, state.page * state.count),
          total: localRows.length,
          filtered: local.length,
        }
        : null,
    [local],
  );
  // A refused filter says so next to its box, and no rows show: the previous query's rows would
  // pass for the filter's.
  const filterable = columns.filter((c) => c.filter);
  const filterErrors = (isInitial ? props.initialData?.filterErrors : undefined) ??
    filterErrorsOf(swr.error, filterable.map((c) => c.key));
  const result: FindResult<R> | undefined = filterErrors ? undefined : localPage ?? swr.data;
  // A live refresh keeps the rows as they are: only a new query shows the busy state. SWR counts
  // the server's first page (fallbackData) as no data, so its first refresh is no new query
  // either: marking it busy drew Pico's spinner above the table and moved it down for a moment.
  const showsOwnRows = isInitial && !!props.initialData;
  const loading = source.kind === "find" && !showsOwnRows &&
    (live ? swr.isLoading : swr.isValidating);

  // Every reload clears the selection (spec: push traffic overview): rows of another query (page,
  // sort, filter, size, reloadToken) or new local rows. A live refresh of the same query keeps
  // the selected rows still shown.
  const shownQuery = useRef<unknown>(undefined);
  useEffect(() => {
    const current = query ?? localPage;
    if (shownQuery.current !== current) {
      shownQuery.current = current;
      selection.retain(() => false);
    } else if (result) {
      const keys = new Set(result.rows.map(rowKey));
      selection.retain((k) => keys.has(k));
    }
  }, [result?.rows]);

  useStateInUrl(state, defaults, props.urlState);

  // A new query (page, size, sort, filter) renders in a transition: the input's own frame paints
  // first, and a long page's re-render never holds it (issue 37).
  const update = (patch: Partial<TableState>) =>
    startTransition(() => setState((s) => ({ ...s, ...patch })));
  const sortBy = (field: string) => {
    const s = state.sorting;
    const sorting: Sorting = s?.field === field && s.direction === "asc"
      ? { field, direction: "desc" }
      : { field, direction: "asc" };
    update({ sorting, page: 1 });
  };

  // A new query's rows are rendered after the frame that answers the input (a sort's arrow, the
  // busy mark): deferred, React paints that frame first, whenever the answer arrives.
  const rows = useDeferredValue(result?.rows ?? NO_ROWS);
  const shownRows = useProgressiveRows(rows, query ?? localPage);
  const rowsByKey = new Map(rows.map((r) => [rowKey(r), r]));
  const selectRow = (key: string, additive: boolean) => selection.select(key, additive);
  const openMenu = (key: string, x: number, y: number) => {
    if (!menu) return;
    // Acting on a selected row acts on the whole selection; otherwise on this row alone.
    if (!selection.has(key)) selection.select(key, false);
    const acted = selection.keys().map((k) => rowsByKey.get(k)!).filter(Boolean);
    menuAt.set({ x, y, rows: acted });
  };
  // The rows' handlers, one object for the table's life (a memoised row keeps it), calling this
  // render's functions: they see the current selection and rows.
  const latest = useRef({ selectRow, openMenu });
  latest.current = { selectRow, openMenu };
  const rowActions = useMemo<RowActions>(() => ({
    select: (key, additive) => latest.current.selectRow(key, additive),
    openMenu: (key, x, y) => latest.current.openMenu(key, x, y),
  }), []);
  // A long list's layout follows the whole result's length, not the rows shown so far: a page
  // coming in 40 rows a frame keeps one layout.
  const long = rows.length > LONG_LIST_ROWS;
  const widths = useMemo(() => long ? columnWidths(columns, rows, cellText) : null, [
    long,
    columns,
    rows,
  ]);
  const cells = useMemo(
    () =>
      columns.map((c, i) => ({
        key: c.key,
        content: c.render ?? ((r: R) => cellText(c, r)),
        className: widths?.[i],
      })),
    [columns, widths],
  );

  async function exportCsv() {
    setExporting(true);
    try {
      let all: R[];
      if (source.kind === "local") all = local!;
      else {
        all = [];
        const count = MAX_PAGE_SIZE;
        for (let page = 1;; page++) {
          const r = await source.find({ ...state, page, count });
          all.push(...r.rows);
          if (r.rows.length < count || all.length >= r.filtered) break;
        }
      }
      // The CSV writer loads on first use: a first load carries what the page shows (issue 37).
      const { downloadCsv, toCsv } = await import("./csv.ts");
      downloadCsv(
        `${props.exportName ?? id}.csv`,
        toCsv(columns.map((c) => c.label), all.map((r) => columns.map((c) => cellText(c, r)))),
      );
    } finally {
      setExporting(false);
    }
  }

  const first = result && result.filtered ? (state.page - 1) * state.count + 1 : 0;
  const last = result ? Math.min(state.page * state.count, result.filtered) : 0;

  return (
    <section className="data-table-wrap" aria-labelledby={`${id}-caption`} data-table={id}>
      <FilterBar
        id={id}
        caption={props.caption}
        columns={filterable}
        initial={props.initialState.filter}
        errors={filterErrors}
        onApply={(filter) => update({ filter, page: 1 })}
      >
        <button
          type="button"
          className="secondary outline"
          onClick={exportCsv}
          aria-busy={exporting ? "true" : undefined}
          disabled={exporting || !result}
        >
          Export CSV
        </button>
        {live && (
          <small
            className="muted"
            data-live=""
            // liveTitle (openapi/events.ts), written out: importing it would add a shared chunk
            // to every table's first load.
            title={`Updates as changes happen (every ${
              props.refreshMs! / 1000
            } s while live updates are unavailable)`}
          >
            Live
          </small>
        )}
      </FilterBar>
      {swr.error && !filterErrors && (
        <p role="alert" className="field-error" data-table-error="">
          {messageOf(swr.error)}{" "}
          <button type="button" className="secondary outline" onClick={() => swr.mutate()}>
            Retry
          </button>
        </p>
      )}
      <div
        className="table-scroll"
        aria-busy={loading ? "true" : undefined}
      >
        <table
          className={`data-table striped${long ? " long-list" : ""}`}
          {...rolesOf(long, "table")}
        >
          <caption id={`${id}-caption`} className="muted">
            {props.caption}
            {result && (
              <>
                {" — "}
                {result.filtered === 0
                  ? "no rows"
                  : `rows ${first}–${last} of ${countText(result.filtered, result.filteredCapped)}`}
                {(result.filtered !== result.total ||
                  !!result.filteredCapped !== !!result.totalCapped) &&
                  ` (filtered from ${countText(result.total, result.totalCapped)})`}
                <SelectedCount selection={selection} />
              </>
            )}
          </caption>
          <thead {...rolesOf(long, "rowgroup")}>
            <tr {...rolesOf(long, "row")}>
              {selectable && (
                <th
                  scope="col"
                  {...rolesOf(long, "header")}
                  className={long ? "select" : undefined}
                >
                  <span className="visually-hidden">Selected</span>
                </th>
              )}
              {columns.map((c, i) => {
                const dir = state.sorting?.field === c.key ? state.sorting.direction : null;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    {...rolesOf(long, "header")}
                    className={widths?.[i]}
                    aria-sort={dir ? (dir === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {c.sortable
                      ? (
                        <button type="button" className="sort" onClick={() => sortBy(c.key)}>
                          {c.label}
                          <span aria-hidden="true">
                            {dir === "asc" ? "▲" : dir === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      )
                      : c.label}
                  </th>
                );
              })}
              {menu && <ActionsHeading long={long} />}
            </tr>
          </thead>
          <tbody {...rolesOf(long, "rowgroup")}>
            {shownRows.map((row) => {
              const key = rowKey(row);
              return (
                <TableRow
                  key={key}
                  row={row}
                  rowKey={key}
                  label={props.rowLabel?.(row) ?? key}
                  selection={selection}
                  selectable={selectable}
                  hasMenu={!!menu}
                  cells={cells}
                  long={long}
                  actions={rowActions}
                />
              );
            })}
            {(filterErrors || (result && rows.length === 0)) && (
              <tr>
                <td
                  colSpan={columns.length + (menu ? 1 : 0) + (selectable ? 1 : 0)}
                  className="muted"
                >
                  {filterErrors ? "No rows: correct the filter." : "No rows match."}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {/* No paging for a refused filter: there is no query. */}
      {!filterErrors && (
        <Pager
          id={id}
          caption={props.caption}
          state={state}
          defaults={defaults}
          total={result?.total}
          filtered={result?.filtered ?? 0}
          onChange={update}
        />
      )}
      {menu && <RowMenu at={menuAt} menu={menu} />}
    </section>
  );
}
