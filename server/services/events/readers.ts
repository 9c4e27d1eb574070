/**
 * Who may be told of an event (issue 38): the tenant rules (server/services/tenancy.ts) applied
 * to an event's scope, so a client never learns of another company's rows, not even their ids.
 * An administrator reads every row; a client user its own company's rows, the rows of the tgids
 * its company owns or is shared (gathered once per company and kept until a `tenancy.changed`
 * event), and the rows of every signed-in user; never administrators' only.
 */
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import type { PortalEvent } from "../../../db/events.ts";
import { tgidArray } from "../tenancy.ts";

/** What decides a user's reading: the session's company and rights. */
export interface Reader {
  companyId: number;
  admin: boolean;
}

/** The tgids each company reads, gathered on first need (one query per company). */
export class CompanyTgids {
  readonly #known = new Map<number, Promise<ReadonlySet<number>>>();

  constructor(private readonly db: Db) {}

  of(companyId: number): Promise<ReadonlySet<number>> {
    let tgids = this.#known.get(companyId);
    if (!tgids) {
      tgids = this.#gather(companyId);
      this.#known.set(companyId, tgids);
      // A failed read is not kept: the next event asks again.
      tgids.catch(() => this.#known.get(companyId) === tgids && this.#known.delete(companyId));
    }
    return tgids;
  }

  /** Forgets every company's tgids (a tgid moved, was shared or unshared). */
  clear() {
    this.#known.clear();
  }

  async #gather(companyId: number): Promise<ReadonlySet<number>> {
    const rows = await executeRows<{ id: number }>(
      this.db,
      sql`select unnest(${tgidArray({ onlyCompany: companyId })}) as id`,
    );
    return new Set(rows.map((r) => Number(r.id)));
  }
}

/** Whether `reader` may be told of `event`'s rows. */
export async function mayRead(
  reader: Reader,
  scope: PortalEvent["scope"],
  tgids: CompanyTgids,
): Promise<boolean> {
  if (reader.admin || scope === null) return true;
  if ("admins" in scope) return false;
  if ("company" in scope) return scope.company === reader.companyId;
  return (await tgids.of(reader.companyId)).has(scope.tgid);
}
