/**
 * A detail page's section: a heading with a count and a small table of rows held in the page
 * (SUB_TABLE_PAGE_SIZE rows a page, sorted and filtered in the browser), or a line saying there
 * are none. Generic over the row and its key.
 */
import type { ReactNode } from "react";
import { type Column, DataTable, type Row } from "./table/DataTable.tsx";
import type { TableDefaults, TableState } from "./table/table_state.ts";
import { SUB_TABLE_PAGE_SIZE } from "../../openapi/enums.ts";

const SUB_TABLE_PAGE_SIZES = [SUB_TABLE_PAGE_SIZE, 10, 25, 50] as const;

interface SectionProps<R extends Row> {
  id: string;
  title: string;
  columns: Column<R>[];
  /** Stable between renders (memoised by the caller). */
  rows: R[];
  rowKey: (row: R) => string;
  /** How a row is named to assistive technology ("Select team Ops"). */
  rowLabel: (row: R) => string;
  sortField: string;
  /** Shown instead of the table when there are no rows. */
  empty: string;
  actions?: ReactNode;
  /** Rows a page (default SUB_TABLE_PAGE_SIZE). */
  pageSize?: number;
}

export function DetailSection<R extends Row>(props: SectionProps<R>) {
  const size = props.pageSize ?? SUB_TABLE_PAGE_SIZE;
  const defaults: TableDefaults = {
    sorting: { field: props.sortField, direction: "asc" },
    count: size,
    pageSizes: [...new Set([size, ...SUB_TABLE_PAGE_SIZES])].sort((a, b) => a - b),
  };
  const initialState: TableState = {
    filter: {},
    sorting: defaults.sorting,
    page: 1,
    count: size,
  };
  return (
    <section className="detail-section" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>
        {props.title} <small className="muted">({props.rows.length})</small>
      </h2>
      {props.actions}
      {props.rows.length === 0 ? <p className="muted">{props.empty}</p> : (
        <DataTable<R>
          id={props.id}
          caption={props.title}
          // Rows that fit on one page: nothing to filter.
          columns={props.rows.length > size
            ? props.columns
            : props.columns.map(({ filter: _, ...column }) => column)}
          rowKey={props.rowKey}
          rowLabel={props.rowLabel}
          source={{ kind: "local", rows: props.rows }}
          selectable={false}
          defaults={defaults}
          initialState={initialState}
          exportName={props.id}
        />
      )}
    </section>
  );
}
