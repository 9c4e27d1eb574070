/**
 * One page of a find-style list (`{filter, sorting, count, page}`): the rows, sorted by an
 * allow-listed field (the list's key breaks ties, so pages never overlap), and the totals —
 * `total` (every row the caller may see) and `filtered` (those matching the filter). Every find
 * service builds its answer with `findPage`.
 *
 * Counts stop at COUNT_CAP rows (the answer says when they did) and the request schema keeps a
 * page within them, so a page costs the same on a table of a thousand rows or of a million: each
 * count reads at most COUNT_CAP + 1 index entries, the rows at most COUNT_CAP + a page.
 */
import { and, asc, desc, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";
import { COUNT_CAP } from "../../openapi/enums.ts";

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

/** The same from and joins selecting a constant, to count rows. */
interface CountQuery {
  where(where: SQL | undefined): { limit(n: number): SQLWrapper };
}

interface PageSpec<T, F extends string> {
  /** `db.select(columns).from(table)…joins….$dynamic()` */
  rows: RowQuery<T>;
  /** `(one) => db.select(one).from(table)…the same joins…` */
  count: (one: { one: SQL<number> }) => CountQuery;
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
  /**
   * Optional: the keys of a default-sort page, in order, drawn per partition (a client's tgids,
   * each from its own index) — for tables where walking the default sort's index would read far
   * more rows than the page. Undefined when it does not apply (an administrator's scope).
   */
  partitionedPage?: (
    page: { filter: SQL | undefined; offset: number; count: number },
  ) => SQL | undefined;
}

export interface Page<T> {
  results: T[];
  total: number;
  filtered: number;
  totalCapped: boolean;
  filteredCapped: boolean;
}

/** A page's counts, for answers that name their rows' list otherwise than `results`. */
export const countsOf = ({ total, filtered, totalCapped, filteredCapped }: Page<unknown>) => ({
  total,
  filtered,
  totalCapped,
  filteredCapped,
});

/** How many rows match, counting no further than COUNT_CAP + 1 (a scalar subquery). */
const cappedCount = (spec: PageSpec<unknown, string>, where: SQL | undefined) =>
  sql`(select count(*)::int from (${
    spec.count({ one: sql<number>`1` }).where(where).limit(COUNT_CAP + 1)
  }) as capped)`;

/** Both counts in one statement (one round trip); without a filter they are one count. */
async function counts(db: Db, spec: PageSpec<unknown, string>, filter: SQL | undefined) {
  const total = cappedCount(spec, spec.scope);
  const filtered = filter ? cappedCount(spec, and(spec.scope, filter)) : total;
  const [row] = await executeRows<{ total: number; filtered: number }>(
    db,
    filter
      ? sql`select ${total} as total, ${filtered} as filtered`
      : sql`select n as total, n as filtered from (select ${total} as n) as t`,
  );
  const of = (n: number) => ({ n: Math.min(Number(n), COUNT_CAP), capped: Number(n) > COUNT_CAP });
  return { total: of(row?.total ?? 0), filtered: of(row?.filtered ?? 0) };
}

const list = (v: SQLWrapper | SQLWrapper[]) => Array.isArray(v) ? v : [v];

export async function findPage<T, F extends string>(
  db: Db,
  req: PageRequest<F>,
  spec: PageSpec<T, F>,
): Promise<Page<T>> {
  const filter = and(...spec.filters);
  const sorting = req.sorting ?? spec.defaultSort;
  const order = sorting.direction === "asc" ? asc : desc;
  const orderBy = [...list(spec.sorts[sorting.field]), ...list(spec.key)].map((c) => order(c));
  const offset = (req.page - 1) * req.count;
  const isDefault = sorting.field === spec.defaultSort.field &&
    sorting.direction === spec.defaultSort.direction;
  const keys = isDefault ? spec.partitionedPage?.({ filter, offset, count: req.count }) : undefined;
  const [rows, { total, filtered }] = await Promise.all([
    keys
      ? spec.rows.where(sql`${list(spec.key)[0]} in (${keys})`).orderBy(...orderBy).limit(req.count)
      : spec.rows.where(and(spec.scope, filter)).orderBy(...orderBy).limit(req.count).offset(
        offset,
      ),
    counts(db, spec as PageSpec<unknown, string>, filter),
  ]);
  return {
    results: rows,
    total: total.n,
    filtered: filtered.n,
    totalCapped: total.capped,
    filteredCapped: filtered.capped,
  };
}
