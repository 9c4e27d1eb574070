/**
 * The paging of a list (a table's foot, the news page): the page-size choice and the pager
 * (First, Previous, "Page n of m", Next, Last). Shown only when there is more than the smallest
 * page to show; the caller keeps the page and the size (a TableState) and hears the changes.
 */
import { useEffect, useTransition } from "react";
import { searchFromState, type TableDefaults, type TableState } from "./table_state.ts";

interface PagerProps {
  /** The element ids' prefix ("companies" → "companies-size"). */
  id: string;
  /** What is paged, for the pager's name ("Pages of Companies"). */
  caption: string;
  state: TableState;
  defaults: TableDefaults;
  /** How many rows there are (undefined while unknown: the pager shows, as the list loads). */
  total: number | undefined;
  /** How many match the filter: the pages. */
  filtered: number;
  onChange: (patch: Pick<TableState, "page"> | Pick<TableState, "page" | "count">) => void;
  /** The page-size choice's label. */
  sizeLabel?: string;
}

export function Pager(
  { id, caption, state, defaults, total, filtered, onChange, sizeLabel = "Rows per page" }:
    PagerProps,
) {
  // The list's new page is rendered in a transition: the click's own frame only marks the pager
  // (a 255-row page re-rendered in the click's task kept it from painting for a fifth of a second
  // on a phone, issue 37), and the rows follow as soon as they are rendered.
  const [pending, startPaging] = useTransition();
  const change: typeof onChange = (patch) => startPaging(() => onChange(patch));
  if ((total ?? Infinity) <= Math.min(...defaults.pageSizes)) return null;
  const pages = Math.max(1, Math.ceil(filtered / state.count));
  const button = (label: string, page: number, disabled: boolean) => (
    <li>
      <button
        type="button"
        className="secondary outline"
        disabled={disabled}
        onClick={() => change({ page })}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className="table-foot">
      <label htmlFor={`${id}-size`}>
        <small>{sizeLabel}</small>
        <select
          id={`${id}-size`}
          value={state.count}
          onChange={(e) => change({ count: Number(e.currentTarget.value), page: 1 })}
        >
          {defaults.pageSizes.map((n) => <option key={n} value={n}>{n}</option>)}
        </select>
      </label>
      <nav aria-label={`Pages of ${caption}`} data-pending={pending ? "" : undefined}>
        <ul>
          {button("« First", 1, state.page <= 1)}
          {button("‹ Previous", state.page - 1, state.page <= 1)}
          <li aria-current="page" data-page={state.page}>
            Page {state.page} of {pages}
          </li>
          {button("Next ›", state.page + 1, state.page >= pages)}
          {button("Last »", pages, state.page >= pages)}
        </ul>
      </nav>
    </div>
  );
}

/**
 * Keeps a list's query in the URL (`filter.<field>`, `sort`, `page`, `size`; defaults left out),
 * replacing the entry: back goes to the previous page, not the previous keystroke.
 */
export function useStateInUrl(state: TableState, defaults: TableDefaults, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const search = searchFromState(state, defaults, new URLSearchParams(location.search));
    const next = location.pathname + (search.size ? `?${search}` : "") + location.hash;
    if (next !== location.pathname + location.search + location.hash) {
      history.replaceState(history.state, "", next);
    }
  }, [state]);
}
