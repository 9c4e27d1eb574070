import type { Probes } from "../../tenant.ts";

/** The tenant's dnid member. */
export const probes: Probes = {
  pollSend: (t) => ({
    json: { dnid: t.dnid.id, les: t.dnid.les, member: t.status.member, pollType: 0 },
  }),
};
