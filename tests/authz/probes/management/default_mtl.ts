import { defaultMtls } from "../../../../db/schema/mod.ts";
import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  defaultMtlUpdate: (t) => ({
    json: {
      deviceId: t.status.device,
      dnid: t.status.dnidId,
      les: t.status.les,
      member: t.status.member,
    },
  }),
  // The tenant's member is its terminal's default (again), then removed.
  defaultMtlDelete: async (t, { db }) => {
    await db.insert(defaultMtls).values({
      deviceId: t.status.device,
      dnidId: t.status.dnidId,
      les: t.status.les,
      member: t.status.member,
    }).onConflictDoNothing();
    return { json: { deviceId: t.status.device } };
  },
};
