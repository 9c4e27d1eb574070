import type { Probes } from "../tenant.ts";

export const probes: Probes = {
  tgidSearch: (t) => ({ query: { query: t.tag } }),
};
