import type { Probes } from "../../tenant.ts";

/** The tenant's terminal's mtl: its imn is the tenant's member device. */
export const probes: Probes = {
  mtlsFindMtl: () => ({ json: { filter: {}, count: 100 } }),
  mtlsGetMtl: (t) => ({ query: { mtl: t.status.device } }),
  mtlsAddMtl: (t) => ({
    json: {
      imn: String(400_000_000 + Math.floor(Math.random() * 99_999_999)),
      deviceLabel: `Mtl ${t.tag}`,
    },
  }),
  mtlsUpdateLabel: (t) => ({ json: { imn: t.status.device, label: `Relabelled ${t.tag}` } }),
  // An unattached mtl made for each call (only administrators may delete).
  mtlsDeleteMtl: async (_t, { f }) => ({ query: { imn: (await f.mtl()).imn } }),
  mtlsGetStationMtl: (t) => ({ query: { id: t.status.device } }),
  mtlsSendTestMessage: (t) => ({ json: { id: t.status.device } }),
  mtlsGetSerial: (t) => ({ query: { imn: t.status.device } }),
};
