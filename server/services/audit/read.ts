/**
 * Reading the audit trail (POST /rest/audit/find, the /administration/audit page and the History
 * sections of detail pages). Administrators read every entry; a client reads the entries about
 * its own company's rows, and sees who made them, and from where, only when that was a user of
 * its own company (an operator's change shows without a name).
 */
import { and, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { auditEntries, companies } from "../../../db/schema/mod.ts";
import type {
  AuditEntry,
  AuditFindRequest,
  AuditFindResponse,
} from "../../../openapi/schemas/audit/audit.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { eqIf } from "../sql_filters.ts";
import { companyRows, type Scope } from "../tenancy.ts";

const a = auditEntries;
/** The company of who did it, and the company of the row. */
const actorCompany = alias(companies, "actor_company");
const rowCompany = alias(companies, "row_company");

const columns = {
  id: a.id,
  at: a.at,
  userKey: a.userKey,
  userLogin: a.userLogin,
  userName: a.userName,
  companyId: a.companyId,
  companyName: actorCompany.name,
  clientAddress: a.clientAddress,
  operation: a.operation,
  action: a.action,
  rowTable: a.rowTable,
  rowId: a.rowId,
  rowCompanyId: a.rowCompanyId,
  rowCompanyName: rowCompany.name,
  changes: a.changes,
};
type Stored = typeof a.$inferSelect & {
  companyName: string | null;
  rowCompanyName: string | null;
};

/** An entry as `scope` may see it: another company's user without a name or an address. */
const entryFor = (scope: Scope) => (e: Stored): AuditEntry => {
  const visible = scope.onlyCompany === null || e.companyId === scope.onlyCompany;
  return {
    id: e.id,
    at: e.at.toISOString(),
    user: visible ? { key: e.userKey, login: e.userLogin, name: e.userName } : null,
    company: visible && e.companyId !== null && e.companyName !== null
      ? { id: e.companyId, name: e.companyName }
      : null,
    clientAddress: visible ? e.clientAddress : null,
    operation: e.operation,
    action: e.action,
    rowTable: e.rowTable,
    rowId: e.rowId,
    rowCompany: e.rowCompanyId !== null && e.rowCompanyName !== null
      ? { id: e.rowCompanyId, name: e.rowCompanyName }
      : null,
    changes: e.changes,
  };
};

/** The filter's conditions (a client's `user` text matches its own company's users only). */
function filtersOf(db: Db, scope: Scope, f: AuditFindRequest["filter"]): (SQL | undefined)[] {
  const ownUsers = scope.onlyCompany === null ? undefined : eq(a.companyId, scope.onlyCompany);
  return [
    eqIf(a.userKey, f.userKey),
    f.userKey !== undefined && ownUsers ? ownUsers : undefined,
    f.user
      ? and(or(contains(a.userLogin, f.user), contains(a.userName, f.user)), ownUsers)
      : undefined,
    f.company
      ? inArray(
        a.rowCompanyId,
        db.select({ id: companies.id }).from(companies).where(contains(companies.name, f.company)),
      )
      : undefined,
    f.operation ? contains(a.operation, f.operation) : undefined,
    // A row's history (both given) is its own list: counted in `total` too (rowOf).
    f.rowId === undefined || f.rowTable === undefined ? eqIf(a.rowTable, f.rowTable) : undefined,
    f.rowId === undefined || f.rowTable === undefined ? eqIf(a.rowId, f.rowId) : undefined,
    f.from ? gte(a.at, f.from) : undefined,
    f.to ? lt(a.at, f.to) : undefined,
  ];
}

/** A row's history: its table and key both given. */
const rowOf = (f: AuditFindRequest["filter"]) =>
  f.rowTable !== undefined && f.rowId !== undefined
    ? and(eq(a.rowTable, f.rowTable), eq(a.rowId, f.rowId))
    : undefined;

/** POST /rest/audit/find: a page of entries, newest first unless asked otherwise. */
export async function findAudit(
  db: Db,
  scope: Scope,
  req: AuditFindRequest,
): Promise<AuditFindResponse> {
  const page = await findPage(db, req, {
    rows: db.select(columns).from(a)
      .leftJoin(actorCompany, eq(actorCompany.id, a.companyId))
      .leftJoin(rowCompany, eq(rowCompany.id, a.rowCompanyId))
      .$dynamic(),
    count: (one) => db.select(one).from(a),
    scope: and(companyRows(scope, a.rowCompanyId), rowOf(req.filter)),
    filters: filtersOf(db, scope, req.filter),
    sorts: { at: [a.at, a.id] },
    defaultSort: { field: "at", direction: "desc" },
    key: a.id,
  });
  return { ...page, results: page.results.map(entryFor(scope)) };
}
