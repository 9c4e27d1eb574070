import type { Probes } from "../tenant.ts";

export const probes: Probes = {
  pushFind: (t) => ({ json: { type: "pushTraffic", filter: { tgid: t.tgid.id } } }),
  pushGetRobotContent: async (_t, { f }) => {
    const row = await f.robotTraffic();
    return { query: { id: String(row.realId), type: "0" } };
  },
  // A fresh row of the tenant per call: a retransmit changes the row it is given.
  pushRetransmitTraffic: async (t, { f }) => {
    const [row] = await f.pushTraffic({ tgidId: t.tgid.id });
    return { json: { ids: String(row.id) } };
  },
  // The tenant's row with a multi-push item carrying its tag, so the answer shows its own rows.
  pushGetMultiPushTraffic: async (t, { f }) => {
    await f.pushTraffic({
      tgidId: t.tgid.id,
      overrides: { parentId: t.push.id, errorLabel: `item ${t.tag}` },
    });
    return { query: { id: t.push.id } };
  },
};
