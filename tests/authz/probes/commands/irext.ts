import type { ProbeContext, Probes, Tenant } from "../../tenant.ts";

/** An Iridium Extreme terminal made in the tenant's tgid for each call. */
const extreme = async (t: Tenant, { f }: ProbeContext) =>
  (await f.terminal({ tgidId: t.tgid.id, deviceTypeId: 3, label: `Extreme ${t.tag}` })).deviceId;

const plain = async (t: Tenant, ctx: ProbeContext) => ({
  json: { target: await extreme(t, ctx) },
});

export const probes: Probes = {
  irextEmergencyAckowledgement: plain,
  irextCancelEmergencyStatus: plain,
  irextSendLocationRequest: plain,
  irextSendDiagnosticRequest: plain,
  irextRequestDeviceIdentifier: plain,
  irextSynchronisation: plain,
  irextSendFreeTextMessage: async (t, ctx) => ({
    json: { target: await extreme(t, ctx), text: "Return to port", messageType: 0 },
  }),
  irextGeofenceActivate: async (t, ctx) => ({
    json: {
      target: await extreme(t, ctx),
      geofenceId: 1,
      unit: 1,
      radius: 5,
      geofenceP1lat: 43.3,
      geofenceP1lon: 5.4,
    },
  }),
  irextGeofenceCancel: async (t, ctx) => ({
    json: { target: await extreme(t, ctx), geofenceId: 1 },
  }),
};
