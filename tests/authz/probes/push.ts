import type { Probes } from "../tenant.ts";

export const probes: Probes = {
  pushFind: (t) => ({ json: { type: "pushTraffic", filter: { tgid: t.tgid.id } } }),
};
