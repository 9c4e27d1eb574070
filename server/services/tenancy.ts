/**
 * The tenant rules, in one place (docs/decisions/0009-resource-recipe.md, "Authorization").
 * Administrators reach every company's rows; a client user (team rights 100 or above) only its own
 * company's. Each operation declares which rule its rows follow (`tenancy` in its route); its
 * service applies the matching condition below to every query, so a row of another company is
 * answered exactly like a missing one.
 */
import { type AnyColumn, eq, type SQL, sql } from "drizzle-orm";
import { teams, tgids, tgidTeams } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";
import { type Prepared, statement } from "../../db/statements.ts";

/**
 * Whose rows a caller reaches: one company's (`onlyCompany`), or every company's (null: an
 * administrator). Made from the signed-in user by `scopeOf`; deliberately not shaped like a user,
 * so a user cannot be passed where a scope is expected.
 */
export interface Scope {
  readonly onlyCompany: number | null;
}

export const scopeOf = (user: { admin: boolean; companyId: number }): Scope => ({
  onlyCompany: user.admin ? null : user.companyId,
});

/** Every company's rows (administrators' operations, server-side jobs). */
export const EVERY_COMPANY: Scope = { onlyCompany: null };

/** No company's rows (a signed-out visitor): ids start at 1. */
export const NO_COMPANY: Scope = { onlyCompany: 0 };

/** Rows that belong to a company (`tenancy: "company"`): the caller's company's only. */
export const companyRows = (scope: Scope, companyColumn: AnyColumn): SQL | undefined =>
  scope.onlyCompany === null ? undefined : eq(companyColumn, scope.onlyCompany);

/**
 * Rows that belong to a tgid (`tenancy: "tgid"`): a client sees a tgid (and its traffic, routes,
 * ...) when the tgid's team is in the client's company, or the tgid is shared with one of its teams.
 * The tgids are gathered once into an array (`= any(array(…))`, an init plan), so the condition is
 * an index condition on the row's tgid: a count or a page reads only the client's own rows.
 */
export const tgidRows = (scope: Scope, tgidColumn: AnyColumn): SQL | undefined =>
  scope.onlyCompany === null
    ? undefined
    : sql`${tgidColumn} = any(${clientTgids(scope.onlyCompany)})`;

/** The tgids of a client's company, owned or shared, as an array (one init plan). */
const clientTgids = (companyId: number) =>
  sql`array(select ${tgids.id} from ${tgids}
    join ${teams} on ${teams.id} = ${tgids.teamId} where ${teams.companyId} = ${companyId}
    union select ${tgidTeams.tgidId} from ${tgidTeams}
    join ${teams} on ${teams.id} = ${tgidTeams.teamId} where ${teams.companyId} = ${companyId})`;

/** The tgids tgidRows lets a client see, as an array; undefined for an administrator (all). */
export const tgidArray = (scope: Scope): SQL | undefined =>
  scope.onlyCompany === null ? undefined : clientTgids(scope.onlyCompany);

/**
 * The tgids a caller may CHANGE or SEND to (a terminal added to one, a label, Messaging C
 * recipients, the test message, terminal commands): a client only its own company's (the tgid's
 * team is in its company), not the tgids merely shared with it, which it reads only (issue 15;
 * issue 36: a write on a shared tgid's row answers 404 like another company's). Every tgid for an
 * administrator.
 */
export const ownTgidRows = (scope: Scope, tgidColumn: AnyColumn): SQL | undefined =>
  scope.onlyCompany === null
    ? undefined
    : sql`${tgidColumn} = any(array(select ${tgids.id} from ${tgids}
    join ${teams} on ${teams.id} = ${tgids.teamId} where ${teams.companyId} = ${scope.onlyCompany}))`;

/**
 * Whether the caller may change or send to a row of tgid `tgidColumn` (ownTgidRows, as a column
 * of the row's own query: the owned tgids are gathered once, an init plan, so a page of rows costs
 * no query per row): always for an administrator; for a client, when the tgid is its company's
 * own, not one merely shared with it, nor none (an mtl without a terminal). The answers' `mayEdit`,
 * which the islands follow to offer a row's writes.
 */
export const ownsTgid = (scope: Scope, tgidColumn: AnyColumn): SQL<boolean> => {
  const own = ownTgidRows(scope, tgidColumn);
  return (own ? sql<boolean>`coalesce(${own}, false)` : sql<boolean>`true`).mapWith(Boolean);
};

/** A client's scope in a statement built once: its company is the placeholder `onlyCompany`. */
export const ANY_CLIENT: Scope = {
  onlyCompany: sql.placeholder("onlyCompany") as unknown as number,
};

/**
 * A statement under the tenant rules, built once per handle (db/statements.ts) for administrators
 * and once for clients, the client's company a placeholder: run with the caller's scope and the
 * values of the statement's other placeholders.
 */
export function scopedStatement<R>(build: (db: Db, scope: Scope, name: string) => Prepared<R>) {
  const every = statement((db, name) => build(db, EVERY_COMPANY, `${name}_every`));
  const client = statement((db, name) => build(db, ANY_CLIENT, `${name}_client`));
  return (db: Db, scope: Scope, values: Record<string, unknown> = {}): Promise<R> =>
    scope.onlyCompany === null
      ? every(db).execute(values)
      : client(db).execute({ ...values, onlyCompany: scope.onlyCompany });
}
