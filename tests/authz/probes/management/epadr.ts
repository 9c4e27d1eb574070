import type { Probes } from "../../tenant.ts";

/** Administrators only: the robot's configuration names nothing of a tenant's. */
export const probes: Probes = {
  epadrGetConfig: () => ({}),
  epadrUpdateConfig: () => ({
    json: {
      enabled: true,
      sourceType: 0,
      sourceAddress: "epadr@robots.example",
      pollMinutes: 5,
      reportFormat: 1,
      dnids: [],
    },
  }),
};
