import { and, eq } from "drizzle-orm";
import { dnidStatuses } from "../../../../db/schema/mod.ts";
import type { ProbeContext, Probes, Tenant } from "../../tenant.ts";

const member = (t: Tenant) => ({ dnid: t.dnid.id, les: t.dnid.les, member: t.status.member });

/** A program defined on the tenant's member before starting or stopping it. */
const withProgram = async (t: Tenant, { db }: ProbeContext) => {
  await db.update(dnidStatuses).set({ progInterval: 60, progStartFrame: 0 }).where(and(
    eq(dnidStatuses.dnidId, t.dnid.id),
    eq(dnidStatuses.les, t.dnid.les),
  ));
  return { json: member(t) };
};

export const probes: Probes = {
  dnidsOnDemandPoll: (t) => ({ json: { ...member(t), code: 9 } }),
  dnidsDownloadDnid: (t) => ({ json: member(t) }),
  dnidsCreateProgram: (t) => ({ json: { ...member(t), interval: 60, startFrame: 10 } }),
  dnidsStartProgram: withProgram,
  dnidsStopProgram: withProgram,
};
