import type { Probes } from "../../tenant.ts";
import { makeRoute } from "../../../fixtures/routes.ts";
import { pushAttempts } from "../../../../db/schema/mod.ts";

export const probes: Probes = {
  // Push processes (admin only): a fresh process per call where the call changes or removes it.
  pushAddProcess: (t) => ({
    json: { hostname: "pushc", port: 5999, ipFep: null, team: t.team.id },
  }),
  pushUpdateProcess: async (t, { f }) => {
    const p = await f.pushProcess({ teamId: t.team.id });
    return {
      json: { id: p.id, address: "pushc", delivery: "D", port: 5999, min: 2, max: 4 },
    };
  },
  pushDeleteProcess: async (t, { f }) => ({
    query: { id: String((await f.pushProcess({ teamId: t.team.id })).id) },
  }),
  pushGetProcess: async (t, { f }) => ({
    query: { id: String((await f.pushProcess({ teamId: t.team.id })).id) },
  }),
  pushAll: () => ({}),
  // Delivery routes (admin only): a fresh route of the tenant's tgid where the call changes it.
  pushAddTcp: (t) => ({ json: { Remise: t.tgid.id, IP_Port_Tx_Primary: "203.0.113.9:5000" } }),
  pushUpdateTcp: async (t, { db }) => ({
    json: {
      id: (await makeRoute(db, "tcp", t.tgid.id)).id,
      Remise: t.tgid.id,
      IP_Port_Tx_Primary: "203.0.113.9:5001",
    },
  }),
  pushDeleteTcp: async (t, { db }) => ({
    query: { id: String((await makeRoute(db, "tcp", t.tgid.id)).id) },
  }),
  pushAddFtp: (t) => ({ json: { Remise: t.tgid.id, ftp_Primary: "ftp.example.com/in" } }),
  pushUpdateFtp: async (t, { db }) => ({
    json: {
      id: (await makeRoute(db, "ftp", t.tgid.id)).id,
      Remise: t.tgid.id,
      ftp_Primary: "ftp://ftp.example.com:2121/in",
    },
  }),
  pushDeleteFtp: async (t, { db }) => ({
    query: { id: String((await makeRoute(db, "ftp", t.tgid.id)).id) },
  }),
  pushAddWs: (t) => ({ json: { Remise: t.tgid.id, ws_Primary: "https://api.example.com/in" } }),
  pushUpdateWs: async (t, { db }) => ({
    json: {
      id: (await makeRoute(db, "ws", t.tgid.id)).id,
      Remise: t.tgid.id,
      ws_Primary: "https://api.example.com/v2",
    },
  }),
  pushDeleteWs: async (t, { db }) => ({
    query: { id: String((await makeRoute(db, "ws", t.tgid.id)).id) },
  }),
  pushAddSmtp: (t) => ({ json: { Remise: t.tgid.id, emailMaster: "ops@example.com" } }),
  pushUpdateSmtp: async (t, { db }) => ({
    json: {
      id: (await makeRoute(db, "smtp", t.tgid.id)).id,
      Remise: t.tgid.id,
      emailMaster: "duty@example.com",
    },
  }),
  pushDeleteSmtp: async (t, { db }) => ({
    query: { id: String((await makeRoute(db, "smtp", t.tgid.id)).id) },
  }),
  pushLockDestination: async (t, { db }) => ({
    json: {
      id: (await makeRoute(db, "tcp", t.tgid.id)).id,
      type: "tcp",
      target: "backup",
      lock: true,
    },
  }),
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
  // The tenant's row with an attempt carrying its tag, so the answer shows its own rows.
  pushGetDeliveryAttempts: async (t, { db }) => {
    await db.insert(pushAttempts).values({
      pushTrafficId: t.push.id,
      round: 1,
      target: "primary",
      destination: `sink-${t.tag}:5000`,
      outcome: "failed",
      error: `refused ${t.tag}`,
      instance: "authz",
    });
    return { query: { id: t.push.id } };
  },
};
