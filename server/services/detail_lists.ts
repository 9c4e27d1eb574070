/** What a company's and a team's details both list: their users and dnids, and tgid labels. */
import { asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { dnids, tgids, users } from "../../db/schema/mod.ts";

/** A tgid's label, else its id as text. */
export const tgidLabel = (id: number, label: string | null) => label || String(id);

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
  return rows.map((d) => ({
    id: d.id,
    les: d.les,
    tgid: d.tgidId === null ? null : { id: d.tgidId, label: tgidLabel(d.tgidId, d.tgidLabel) },
  }));
}
