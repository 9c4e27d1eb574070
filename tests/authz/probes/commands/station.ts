import { stationMessages } from "../../../../db/schema/mod.ts";
import type { ProbeContext, Probes, Tenant } from "../../tenant.ts";

/** A message of the tenant's (sent by its user to its terminal), still forward in progress. */
async function messageOf(t: Tenant, db: ProbeContext["db"]) {
  const [row] = await db.insert(stationMessages).values({
    userKey: t.user.key,
    companyId: t.company.id,
    listId: t.list.id,
    les: 21,
    recipient: t.status.device,
    text: `Station ${t.tag}`,
    size: 20,
    status: 0,
  }).returning({ refNum: stationMessages.refNum });
  return row.refNum;
}

export const probes: Probes = {
  stationFind: async (t, { db }) => {
    await messageOf(t, db);
    return { json: { filter: { text: t.tag } } };
  },
  // A fresh message each time, so each caller deletes one that can be deleted.
  inmarsatDelete: async (t, { db }) => ({ query: { refNum: await messageOf(t, db) } }),
};
