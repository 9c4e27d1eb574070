import type { Probes } from "../../tenant.ts";

/** Administrators only: the figures span every company's traffic. */
export const probes: Probes = {
  monitoringTresholds: () => ({}),
  monitoringUpdateTresholds: () => ({
    json: { queues: [{ queue: "pushWaiting", maximum: 1000, alert: 750 }] },
  }),
  monitoringDelivery: () => ({}),
  monitoringServices: () => ({}),
  monitoringStatistics: () => ({ query: { type: "push" } }),
};
