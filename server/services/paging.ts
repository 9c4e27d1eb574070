/**
 * One page of a find-style list (`{filter, sorting, count, page}`): the rows, sorted by an
 * allow-listed field (the list's key breaks ties, so pages never overlap), and the totals —
 * `total` (every row the caller may see) and `filtered` (those matching the filter) — counted in
 * one pass. Every find service builds its answer with `findPage`.
 */
import { and, asc, desc, type SQL, sql, type SQLWrapper } from "drizzle-orm";

export interface Sorting<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/** A find request after its schema: filter values already parsed. */
export interface PageRequest<F extends string> {
  sorting?: Sorting<F>;
  count: number;
  page: number;
}

/** The select of a list's rows (from and joins included), made `$dynamic()` by the caller. */
interface RowQuery<T> extends PromiseLike<T[]> {
  where(where: SQL | undefined): RowQuery<T>;
  orderBy(...columns: SQL[]): RowQuery<T>;
  limit(n: number): RowQuery<T>;
  offset(n: number): RowQuery<T>;
}

/** The same from and joins selecting the two totals. */
interface CountQuery extends PromiseLike<{ total: number; filtered: number }[]> {
  where(where: SQL | undefined): PromiseLike<{ total: number; filtered: number }[]>;
}

export interface PageSpec<T, F extends string> {
  /** `db.select(columns).from(table)…joins….$dynamic()` */
  rows: RowQuery<T>;
  /** `(totals) => db.select(totals).from(table)…the same joins…` */
  count: (totals: { total: SQL<number>; filtered: SQL<number> }) => CountQuery;
  /** The caller's tenant rule (services/tenancy.ts): rows outside it are not counted at all. */
  scope?: SQL;
  /** The filter's conditions; undefined ones (empty filter fields) are left out. */
  filters: (SQL | undefined)[];
  /** The sortable fields and what each sorts by (the request schema allows only these). */
  sorts: Record<F, SQLWrapper | SQLWrapper[]>;
  /** The sort when the request has none. */
  defaultSort: Sorting<F>;
  /** Unique per row: the last sort key. */
  key: SQLWrapper | SQLWrapper[];
}

export interface Page<T> {
  results: T[];
  total: number;
  filtered: number;
}

const list = (v: SQLWrapper | SQLWrapper[]) => Array.isArray(v) ? v : [v];

export async function findPage<T, F extends string>(
  req: PageRequest<F>,
  spec: PageSpec<T, F>,
): Promise<Page<T>> {
  const filter = and(...spec.filters);
  const sorting = req.sorting ?? spec.defaultSort;
  const order = sorting.direction === "asc" ? asc : desc;
  const [rows, [totals]] = await Promise.all([
    spec.rows.where(and(spec.scope, filter))
      .orderBy(...[...list(spec.sorts[sorting.field]), ...list(spec.key)].map((c) => order(c)))
      .limit(req.count)
      .offset((req.page - 1) * req.count),
    spec.count({
      total: sql<number>`count(*)::int`,
      filtered: sql<number>`(count(*) filter (where ${filter ?? sql`true`}))::int`,
    }).where(spec.scope),
  ]);
  return {
    results: rows,
    total: Number(totals?.total ?? 0),
    filtered: Number(totals?.filtered ?? 0),
  };
}
