import type { Probes } from "../../tenant.ts";

/** A Shout tracker made in the tenant's tgid for each call. */
export const probes: Probes = {
  genericSetTerminalTracking: async (t, { f }) => {
    const tracker = await f.terminal({
      tgidId: t.tgid.id,
      deviceTypeId: 2,
      label: `Shout ${t.tag}`,
    });
    return { json: { target: tracker.deviceId, targetType: "terminal", trackingEnabled: true } };
  },
};
