import { routingMemberRules, routingMtlRules } from "../../../../db/schema/mod.ts";
import type { Probes, Tenant } from "../../tenant.ts";

/** A routing exception of the tenant's member to its own tgid. */
const rule = (t: Tenant) => ({
  tgidid: t.tgid.id,
  dnidid: t.status.dnidId,
  dnidles: t.status.les,
  member: t.status.member,
  ocean: "AORW",
});

/** The tenant's Inmarsat C terminal's mtl routed to its own tgid. */
const mtlRule = (t: Tenant) => ({ tgidid: t.tgid.id, mtlid: t.terminal.mtl!.imn });

export const probes: Probes = {
  tgidSearch: (t) => ({ query: { query: t.tag } }),
  tgidGet: (t) => ({ query: { id: t.tgid.id } }),
  tgidDetails: (t) => ({ query: { tgid: t.tgid.id } }),
  // A port open for the tenant's team, so the answer has a row of its own to show.
  tgidOpenPorts: async (t, { f }) => {
    const port = 30_000 + Math.floor(Math.random() * 10_000);
    await f.pushProcess({ hostname: `pushc-${t.tag}`, port, teamId: t.team.id });
    return { query: { tgid: t.tgid.id, team: t.team.id } };
  },
  tgidFind: (t) => ({ json: { filter: { label: t.tag } } }),
  tgidCreate: (t) => ({ json: { label: `New ${t.tag}`, team: t.team.id } }),
  tgidUpdate: (t) => ({ json: { tgidId: t.tgid.id, label: `Tgid ${t.tag}` } }),
  // A second team shares the tgid, then leaves it.
  tgidUpdateTeams: async (t, { f }) => {
    const other = await f.team({ companyId: t.company.id, name: `Other ${t.tag}` });
    return { json: { tgid: t.tgid.id, addedTeams: [other.id], removedTeams: [other.id] } };
  },
  tgidDeleteTeamTgid: async (t, { f }) => {
    const other = await f.team({ companyId: t.company.id, name: `Other ${t.tag}` });
    const tgid = await f.tgid({
      teamId: t.team.id,
      label: `Shared ${t.tag}`,
      sharedWith: [other.id],
    });
    return { json: { tgidId: tgid.id, teamId: other.id } };
  },
  // A tgid nothing uses.
  tgidDelete: async (t, { f }) => {
    const tgid = await f.tgid({ teamId: t.team.id, label: `Spare ${t.tag}` });
    return { query: { tgidId: tgid.id } };
  },
  tgidListRoutingRulesByTgid: (t) => ({ query: { tgid: t.tgid.id } }),
  tgidListRoutingRulesByMtl: (t) => ({ query: { mtl: t.terminal.mtl!.imn } }),
  tgidAddMtlRoutingRules: (t) => ({ json: mtlRule(t) }),
  // The exception is there (again), then removed.
  tgidRemoveMtlRoutingRule: async (t, { db }) => {
    const r = mtlRule(t);
    await db.insert(routingMtlRules).values({ tgidId: r.tgidid, mtlId: r.mtlid })
      .onConflictDoNothing();
    return { json: r };
  },
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
