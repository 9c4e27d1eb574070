import type { Probes } from "../../tenant.ts";

/** An enid id no other row has (enid ids are unique whatever their LES). */
const freshId = () => 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);

export const probes: Probes = {
  enidsGet: (t) => ({ query: { id: t.enid.id } }),
  enidsCreate: (t) => ({
    json: {
      id: freshId(),
      rul_les: t.rul.les,
      company: t.company.id,
      rul_id: t.rul.id,
      opts: { comments: `New ${t.tag}`, teams: [t.team.id] },
    },
  }),
  enidsUpdate: (t) => ({
    json: {
      id: t.enid.id,
      rul_les: t.enid.rulLes,
      company: t.company.id,
      rul_id: t.rul.id,
      opts: { comments: `Edited ${t.tag}`, teams: [t.team.id] },
    },
  }),
  // A fresh enid of the tenant's company, so the tenant's own stays for the other calls.
  enidsDelete: async (t, { f }) => {
    const enid = await f.enid({
      companyId: t.company.id,
      rulId: t.rul.id,
      rulLes: t.rul.les,
      teamIds: [t.team.id],
    });
    return { json: { id: enid.id, rul_les: enid.rulLes } };
  },
  enidsSearch: (t) => ({ query: { query: t.tag } }),
  enidsFind: (t) => ({ json: { filter: { company: String(t.company.id) } } }),
  // The company's highest enid is the tenant's own (its only one).
  enidsLastEnid: () => ({}),
  enidsGetTeams: (t) => ({ query: { enidId: t.enid.id } }),
  enidsUpdateTeams: (t) => ({ json: { enidId: t.enid.id, enidTeams: [t.team.id] } }),
  enidsTeamChoices: (t) => ({ query: { query: t.tag } }),
};
