/**
 * Reading ruls (remote user-logins): one, all, the list page's find, a rul's details (with the
 * dnids and enids that use it), the highest id, and the rul choice of the enid dialog (filter),
 * the only read a client may make: its own company's ruls.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { companies, dnids, enids, ruls } from "../../../db/schema/mod.ts";
import type {
  Rul,
  RulChoice,
  RulDetails,
  RulFindRequest,
  RulFindResponse,
} from "../../../openapi/schemas/ruls/ruls.ts";
import { RUL_FILTER_EMPTY_COUNT } from "../../../openapi/schemas/ruls/ruls.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { notFound } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { contains, textSearch } from "../text_search.ts";
import { findPage } from "../paging.ts";
import { lastId } from "../last_id.ts";
import { selectCompanyDnids, toCompanyDnid } from "../detail_lists.ts";
import { eqIf } from "../sql_filters.ts";

export const rulNotFound = (id: number, les?: number) =>
  notFound(les === undefined ? `Rul ${id}` : `Rul ${id} (LES ${les})`);

/** A rul's columns with its customer company (left-joined: null for an operator's own). */
const columns = {
  id: ruls.id,
  les: ruls.les,
  password: ruls.password,
  customerName: ruls.customerName,
  comments: ruls.comments,
  mailContact: ruls.mailContact,
  phoneContact: ruls.phoneContact,
  companyName: ruls.companyName,
  requesterName: ruls.requesterName,
  companyId: companies.id,
  companyRef: companies.name,
  updatedAt: ruls.updatedAt,
};

const withCompany = (db: Db) =>
  db.select(columns).from(ruls).leftJoin(companies, eq(companies.id, ruls.companyId));

type RulRow = Awaited<ReturnType<typeof withCompany>>[number];

const toRul = (r: RulRow): Rul => ({
  id: r.id,
  les: r.les,
  password: r.password,
  customerName: r.customerName,
  comments: r.comments,
  mailContact: r.mailContact,
  phoneContact: r.phoneContact,
  companyName: r.companyName,
  requesterName: r.requesterName,
  company: r.companyId === null ? null : { id: r.companyId, name: r.companyRef ?? "" },
  updated: r.updatedAt.toISOString(),
});

/** The rul with this id (ids are unique whatever the LES), or 404. */
export async function getRul(db: Db, id: number): Promise<Rul> {
  const [row] = await withCompany(db).where(eq(ruls.id, id));
  if (!row) throw rulNotFound(id);
  return toRul(row);
}

/** The rul (id, les), or null. */
export async function findRulByKey(db: Db, id: number, les: number): Promise<Rul | null> {
  const [row] = await withCompany(db).where(and(eq(ruls.id, id), eq(ruls.les, les)));
  return row ? toRul(row) : null;
}

/** Every rul, by id. */
export async function allRuls(db: Db): Promise<Rul[]> {
  return (await withCompany(db).orderBy(asc(ruls.id), asc(ruls.les))).map(toRul);
}

/** The rul list page's query: filtered, sorted (default by id), paged, with totals. */
export async function findRuls(db: Db, req: RulFindRequest): Promise<RulFindResponse> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: withCompany(db).$dynamic(),
    count: (one) => db.select(one).from(ruls),
    filters: [
      eqIf(ruls.id, f.id),
      eqIf(ruls.les, f.les),
      f.customerName ? contains(ruls.customerName, f.customerName) : undefined,
      f.companyName ? contains(ruls.companyName, f.companyName) : undefined,
      f.requesterName ? contains(ruls.requesterName, f.requesterName) : undefined,
      eqIf(ruls.companyId, f.company),
    ],
    sorts: {
      id: ruls.id,
      les: ruls.les,
      customerName: ruls.customerName,
      companyName: ruls.companyName,
      updated: ruls.updatedAt,
    },
    defaultSort: { field: "id", direction: "asc" },
    key: [ruls.id, ruls.les],
  });
  return { ...page, results: page.results.map(toRul) };
}

/** A rul with the dnids and enids that use it (each with its company); 404 when unknown. */
export async function rulDetails(db: Db, id: number): Promise<RulDetails> {
  const rul = await getRul(db, id);
  const [dnidRows, enidRows] = await Promise.all([
    selectCompanyDnids(db)
      .where(and(eq(dnids.rulId, rul.id), eq(dnids.les, rul.les)))
      .orderBy(asc(dnids.id), asc(dnids.les)),
    db.select({
      id: enids.id,
      rulLes: enids.rulLes,
      companyId: companies.id,
      companyName: companies.name,
    }).from(enids)
      .innerJoin(companies, eq(companies.id, enids.companyId))
      .where(and(eq(enids.rulId, rul.id), eq(enids.rulLes, rul.les)))
      .orderBy(asc(enids.id), asc(enids.rulLes)),
  ]);
  return {
    ...rul,
    dnids: dnidRows.map(toCompanyDnid),
    enids: enidRows.map((e) => ({
      id: e.id,
      rulLes: e.rulLes,
      company: { id: e.companyId, name: e.companyName },
    })),
  };
}

/** The highest rul id, 0 when there is none (the create dialog proposes the next one). */
export const lastRul = (db: Db) => lastId(db, ruls.id);

/**
 * GET /rest/ruls/filter: ruls whose id starts with the text, or whose customer name or company
 * name contains it (exact matches first, then by id), at most MULTISELECT_SEARCH_LIMIT; without
 * text, the first ones by id. A client gets only its own company's ruls.
 */
export async function filterRuls(db: Db, scope: Scope, query = ""): Promise<RulChoice[]> {
  const idText = sql<string>`cast(${ruls.id} as text)`;
  const match = query
    ? textSearch(query, { prefix: [idText], contains: [ruls.customerName, ruls.companyName] })
    : null;
  const rows = await db.select({
    id: ruls.id,
    les: ruls.les,
    customerName: ruls.customerName,
    companyName: ruls.companyName,
    companyId: companies.id,
    companyRef: companies.name,
  })
    .from(ruls)
    .leftJoin(companies, eq(companies.id, ruls.companyId))
    .where(and(companyRows(scope, ruls.companyId), match?.where))
    .orderBy(...(match ? [match.exactFirst] : []), asc(ruls.id), asc(ruls.les))
    .limit(match ? MULTISELECT_SEARCH_LIMIT : RUL_FILTER_EMPTY_COUNT);
  return rows.map((r) => ({
    id: r.id,
    les: r.les,
    customerName: r.customerName,
    companyName: r.companyName,
    company: r.companyId === null ? null : { id: r.companyId, name: r.companyRef ?? "" },
  }));
}
