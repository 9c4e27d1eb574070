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
import { and, asc, desc, type Placeholder, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { driverOf, isTransaction, type Prepared, rebound } from "../../db/statements.ts";
import { COUNT_CAP } from "../../openapi/enums.ts";
import { ANY_CLIENT, EVERY_COMPANY, type Scope } from "./tenancy.ts";

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
  limit(n: number | Placeholder): RowQuery<T>;
  offset(n: number | Placeholder): RowQuery<T>;
  prepare(name: string): Prepared<T[]>;
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
  defaultSort: Sorting<NoInfer<F>>;
  /** Unique per row: the last sort key. */
  key: SQLWrapper | SQLWrapper[];
  /**
   * Optional: the keys of a default-sort page, in order, drawn per partition (a client's tgids,
   * each from its own index) — for tables where walking the default sort's index would read far
   * more rows than the page. Undefined when it does not apply (an administrator's scope).
   */
  partitionedPage?: PartitionedPage;
}

/** A default-sort page's keys drawn per partition (PageSpec's `partitionedPage`). */
export type PartitionedPage = (page: { filter: SQL | undefined } & Window) => SQL | undefined;

/**
 * Which rows of the sorted list a page is: from `offset`, `count` of them, `upto` = offset + count.
 * Numbers, or placeholders in a statement built once (`preparedFind`).
 */
interface Window {
  offset: number | Placeholder;
  count: number | Placeholder;
  upto: number | Placeholder;
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
  sql<number>`(select count(*)::int from (${
    spec.count({ one: sql<number>`1` }).where(where).limit(COUNT_CAP + 1)
  }) as capped)`;

/** Both counts in one statement (one round trip); without a filter they are one count. */
function countsQuery(db: Db, spec: PageSpec<unknown, string>, filter: SQL | undefined) {
  const total = cappedCount(spec, spec.scope);
  return filter
    ? db.select({ total, filtered: cappedCount(spec, and(spec.scope, filter)) })
      .from(sql`(select 1) as one`)
    : db.select({ total: sql<number>`n`, filtered: sql<number>`n` })
      .from(sql`(select ${total} as n) as t`);
}

const list = (v: SQLWrapper | SQLWrapper[]) => Array.isArray(v) ? v : [v];

/** A page's two statements: its rows, and its counts. */
function pageQueries<T, F extends string>(
  db: Db,
  spec: PageSpec<T, F>,
  sorting: Sorting<F>,
  window: Window,
) {
  const filter = and(...spec.filters);
  const order = sorting.direction === "asc" ? asc : desc;
  const orderBy = [...list(spec.sorts[sorting.field]), ...list(spec.key)].map((c) => order(c));
  const isDefault = sorting.field === spec.defaultSort.field &&
    sorting.direction === spec.defaultSort.direction;
  const keys = isDefault ? spec.partitionedPage?.({ filter, ...window }) : undefined;
  return {
    rows: keys
      ? spec.rows.where(sql`${list(spec.key)[0]} in (${keys})`).orderBy(...orderBy)
        .limit(window.count)
      : spec.rows.where(and(spec.scope, filter)).orderBy(...orderBy).limit(window.count)
        .offset(window.offset),
    counts: countsQuery(db, spec as PageSpec<unknown, string>, filter),
  };
}

type Counts = { total: number; filtered: number }[];

/** The page of `rows` and the counts' row. */
function pageOf<T>(results: T[], [row]: Counts): Page<T> {
  const of = (n: number) => ({ n: Math.min(Number(n), COUNT_CAP), capped: Number(n) > COUNT_CAP });
  const total = of(row?.total ?? 0), filtered = of(row?.filtered ?? 0);
  return {
    results,
    total: total.n,
    filtered: filtered.n,
    totalCapped: total.capped,
    filteredCapped: filtered.capped,
  };
}

const windowOf = (req: PageRequest<string>): Window => {
  const offset = (req.page - 1) * req.count;
  return { offset, count: req.count, upto: offset + req.count };
};

export async function findPage<T, F extends string>(
  db: Db,
  req: PageRequest<F>,
  spec: PageSpec<T, F>,
): Promise<Page<T>> {
  const q = pageQueries(db, spec, req.sorting ?? spec.defaultSort, windowOf(req));
  const [rows, counts] = await Promise.all([q.rows, q.counts]);
  return pageOf(rows, counts);
}

/**
 * A filter field of a find built once per shape (`preparedFind`): its condition on the
 * placeholder of its value, under the statement's scope (a client's company is a placeholder too).
 * It never sees the value: a statement built for one request is run for the next.
 */
export type FilterOn = (value: Placeholder, scope: Scope, db: Db) => SQL;

/**
 * `findPage` with its statements built once (db/statements.ts) per handle and shape — the
 * caller's kind of scope, the filter fields given, the sorting — rather than on every request:
 * the hottest lists. `spec` gets the statement's scope and makes everything but the filters;
 * `filters` make each field's condition from its value's placeholder. Run with the request and
 * the filter fields' values (undefined: the field left out).
 */
export function preparedFind<T, F extends string, K extends string>(
  filters: Record<K, FilterOn>,
  spec: (db: Db, scope: Scope) => Omit<PageSpec<T, F>, "filters">,
) {
  type Statements = { rows: Prepared<T[]>; counts: Prepared<Counts> };
  const built = new WeakMap<Db, Map<string, Statements>>();
  // The shapes built on any handle of each driver, for transactions to run rebound.
  const byDriver = new Map<unknown, Map<string, Statements>>();
  const names = Object.keys(filters) as K[];
  return async (
    db: Db,
    scope: Scope,
    req: PageRequest<F>,
    values: Partial<Record<K, unknown>>,
  ): Promise<Page<T>> => {
    const given = names.filter((k) => values[k] !== undefined);
    const client = scope.onlyCompany !== null;
    const shape = [
      client ? "client" : "every",
      req.sorting ? `${req.sorting.field} ${req.sorting.direction}` : "",
      ...given,
    ].join("|");
    // A handle's own shapes; a transaction's are any handle's of its driver, rebound to it.
    const driver = driverOf(db);
    const inTransaction = isTransaction(db);
    let forDriver = byDriver.get(driver);
    if (!forDriver) byDriver.set(driver, forDriver = new Map());
    let shapes = inTransaction ? forDriver : built.get(db);
    if (!shapes) built.set(db, shapes = new Map());
    const kept = shapes.get(shape);
    let statements = kept && inTransaction
      ? { rows: rebound(kept.rows, db), counts: rebound(kept.counts, db) }
      : kept;
    if (!statements) {
      const statementScope = client ? ANY_CLIENT : EVERY_COMPANY;
      const s = spec(db, statementScope);
      const q = pageQueries(
        db,
        {
          ...s,
          filters: given.map((k) => filters[k](sql.placeholder(`filter_${k}`), statementScope, db)),
        },
        req.sorting ?? s.defaultSort,
        {
          offset: sql.placeholder("offset"),
          count: sql.placeholder("count"),
          upto: sql.placeholder("upto"),
        },
      );
      const name = `find_${shapes.size}`;
      statements = { rows: q.rows.prepare(name), counts: q.counts.prepare(`${name}_counts`) };
      shapes.set(shape, statements);
      if (!forDriver.has(shape)) forDriver.set(shape, statements);
    }
    const run = {
      ...Object.fromEntries(given.map((k) => [`filter_${k}`, values[k]])),
      ...windowOf(req),
      ...(client ? { onlyCompany: scope.onlyCompany } : {}),
    };
    const [rows, counts] = await Promise.all([
      statements.rows.execute(run),
      statements.counts.execute(run),
    ]);
    return pageOf(rows, counts);
  };
}
