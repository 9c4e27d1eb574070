import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  teamsSearch: (t) => ({ query: { query: t.tag } }),
  teamsGet: (t) => ({ query: { id: t.team.id } }),
  teamsAll: () => ({}),
  teamsFind: (t) => ({ json: { filter: { name: t.tag } } }),
  teamsOpenPorts: (t) => ({ query: { teamId: t.team.id } }),
  teamsGetMtls: () => ({}),
  teamsAddMtl: () => ({
    json: { mtlId: String(400_000_000 + Math.floor(Math.random() * 1e8)), sn: "SN-1" },
  }),
  teamsCreate: (t) => ({ json: { team: { name: `New team ${t.tag}`, company: t.company.id } } }),
  teamsUpdate: (t) => ({
    json: { team: { id: t.team.id, name: `Renamed ${t.tag}`, company: t.company.id } },
  }),
  // A team with no users and no tgids.
  teamsDelete: async (t, { f }) => ({
    json: { teamId: (await f.team({ companyId: t.company.id })).id },
  }),
};
