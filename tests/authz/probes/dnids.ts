import type { Probes } from "../tenant.ts";

export const probes: Probes = {
  dnidsSearch: (t) => ({ query: { query: String(t.dnid.id) } }),
};
