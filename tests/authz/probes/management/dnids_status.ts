import { routingMemberRules } from "../../../../db/schema/mod.ts";
import type { Probes, Tenant } from "../../tenant.ts";

/** The tenant's member row as the status calls name it. */
const key = (t: Tenant) => ({
  dnid: t.status.dnidId,
  les: t.status.les,
  member: t.status.member,
  device: t.status.device,
});

export const probes: Probes = {
  dnidsGetDnidStatuses: (t) => ({ json: { filter: { dnid: t.dnid.id }, count: 255 } }),
  dnidsSetdnidActive: (t) => ({
    json: {
      device: t.status.device,
      dnid_id: t.status.dnidId,
      member: t.status.member,
      les: t.status.les,
      active: false,
    },
  }),
  dnidsGetDnidStatusDetails: (t) => ({ query: key(t) }),
  dnidsDeleteDnidStatus: (t) => ({ json: key(t) }),
  dnidsGetOceans: () => ({}),
  // One exception of the tenant's member, so the list has something of its own.
  dnidsGetDnidRoutingData: async (t, { db }) => {
    await db.insert(routingMemberRules).values({
      tgidId: t.tgid.id,
      dnidId: t.status.dnidId,
      les: t.status.les,
      member: t.status.member,
      ocean: "IOR",
    }).onConflictDoNothing();
    return {};
  },
};
