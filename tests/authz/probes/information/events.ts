import type { Probes } from "../../tenant.ts";

/** The stream's answer is its first chunk (tests/fixtures/body.ts). */
export const probes: Probes = {
  events: () => ({}),
};
