import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  newsCountnew: () => ({}),
  newsAdd: (t) => ({ json: { title: `News ${t.tag}`, content: "Text", public: 1 } }),
  newsEdit: async (t, { f }) => ({
    json: { id: (await f.news()).id, title: `Edited ${t.tag}`, content: "Text" },
  }),
  newsDelete: async (_t, { f }) => ({ query: { id: (await f.news()).id } }),
  newsGet: async (_t, { f }) => ({ query: { id: (await f.news({ public: true })).id } }),
  newsWhatsnew: () => ({}),
  newsOld: () => ({}),
  newsAll: () => ({}),
};
