import type { Probes } from "../../tenant.ts";

export const probes: Probes = {
  health: () => ({}),
};
