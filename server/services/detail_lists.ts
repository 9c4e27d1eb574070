/**
 * What the details pages list: a company's and a team's users and dnids, a rul's dnids (with
 * their company, as the dnid search names them too), and tgid references.
 */
import { asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, dnids, tgids, users } from "../../db/schema/mod.ts";

/** A tgid's label, else its id as text. */
export const tgidLabel = (id: number, label: string | null) => label || String(id);

/** A tgid as a row names it (id and label); null without one (a left join found none). */
export const tgidRef = (id: number | null, label: string | null) =>
  id === null ? null : { id, label: tgidLabel(id, label) };

/** The user columns the details read (join more for more). */
export const detailUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  mail: users.mail,
  active: users.active,
};

/** A user as the details list them: login, full name, mail and status. */
export const toDetailUser = (
  u: { id: string; firstName: string; lastName: string; mail: string; active: boolean },
) => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`.trim(),
  mail: u.mail,
  active: u.active,
});

/** The dnids `where` selects, each with the tgid it is routed to (if any); by id and LES. */
export async function detailDnids(db: Db, where: SQL) {
  const rows = await db.select({
    id: dnids.id,
    les: dnids.les,
    tgidId: tgids.id,
    tgidLabel: tgids.label,
  })
    .from(dnids).leftJoin(tgids, eq(tgids.id, dnids.tgidId))
    .where(where).orderBy(asc(dnids.id), asc(dnids.les));
  return rows.map((d) => ({ id: d.id, les: d.les, tgid: tgidRef(d.tgidId, d.tgidLabel) }));
}

/**
 * `select … from dnids` with each dnid's company and the tgid it is routed to (if any), for the
 * caller's where, order and limit; toCompanyDnid gives a row's answer.
 */
export const selectCompanyDnids = (db: Db) =>
  db.select({
    id: dnids.id,
    les: dnids.les,
    companyId: companies.id,
    companyName: companies.name,
    tgidId: tgids.id,
    tgidLabel: tgids.label,
  })
    .from(dnids)
    .innerJoin(companies, eq(companies.id, dnids.companyId))
    .leftJoin(tgids, eq(tgids.id, dnids.tgidId));

/** A dnid with its company and tgid: id, LES, company {id, name}, tgid {id, label} or null. */
export const toCompanyDnid = (
  r: Awaited<ReturnType<typeof selectCompanyDnids>>[number],
) => ({
  id: r.id,
  les: r.les,
  company: { id: r.companyId, name: r.companyName },
  tgid: tgidRef(r.tgidId, r.tgidLabel),
});
