import type { Probes } from "../../tenant.ts";

/** The tenant's enid. */
export const probes: Probes = {
  egcSend: (t) => ({ json: { enid: t.enid.id, text: "Gale warning", priority: 1 } }),
};
