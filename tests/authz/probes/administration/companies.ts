import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  companiesSearch: (t) => ({ query: { query: t.tag } }),
  companiesGet: (t) => ({ query: { id: t.company.id } }),
  companiesGetDetails: (t) => ({ query: { id: t.company.id } }),
  companiesHierarchy: () => ({}),
  companiesAll: () => ({}),
  companiesFind: (t) => ({ json: { filter: { name: t.tag } } }),
  companiesAdd: (t) => ({ json: { name: `New company ${t.tag}` } }),
  companiesUpdate: (t) => ({ json: { id: t.company.id, name: `Renamed ${t.tag}` } }),
  companiesDeleteImpact: (t) => ({ query: { id: t.company.id } }),
  // A company with nothing that blocks its deletion, confirmed by its name.
  companiesDelete: async (_t, { f }) => {
    const company = await f.company();
    return { query: { id: company.id, name: company.name } };
  },
};
