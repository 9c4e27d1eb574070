import { routingMemberRules } from "../../../db/schema/mod.ts";
import type { Probes, Tenant } from "../tenant.ts";

/** A routing exception of the tenant's member to its own tgid. */
const rule = (t: Tenant) => ({
  tgidid: t.tgid.id,
  dnidid: t.status.dnidId,
  dnidles: t.status.les,
  member: t.status.member,
  ocean: "AORW",
});

export const probes: Probes = {
  tgidSearch: (t) => ({ query: { query: t.tag } }),
  tgidListRoutingRulesByDnid: (t) => ({
    query: { dnid: t.status.dnidId, les: t.status.les, member: t.status.member },
  }),
  tgidAddDnidRoutingRules: (t) => ({ json: rule(t) }),
  // The exception is there (again), then removed.
  tgidRemoveDnidRoutingRules: async (t, { db }) => {
    const r = rule(t);
    await db.insert(routingMemberRules).values({
      tgidId: r.tgidid,
      dnidId: r.dnidid,
      les: r.dnidles,
      member: r.member,
      ocean: r.ocean,
    }).onConflictDoNothing();
    return { json: r };
  },
};
