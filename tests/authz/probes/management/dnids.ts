import type { Probes } from "../../tenant.ts";

/** A dnid number no tenant or seed uses (tenants' are ten digits). */
const freeNumber = () => 20_000_000 + Math.floor(Math.random() * 70_000_000);

export const probes: Probes = {
  dnidsSearch: (t) => ({ query: { query: String(t.dnid.id) } }),
  dnidsGet: (t) => ({ query: { id: t.dnid.id, les: t.dnid.les } }),
  dnidsGetDnidsKeys: () => ({}),
  dnidsLastDnid: () => ({}),
  dnidsFind: (t) => ({ json: { filter: { id: String(t.dnid.id) } } }),
  dnidsAdd: (t) => ({
    json: {
      id: freeNumber(),
      les: 21,
      company: t.company.id,
      tgid: t.tgid.id,
      opts: { team: t.team.id, immediateDelivery: 0, vms: 0, color: null },
    },
  }),
  dnidsUpdate: (t) => ({
    json: {
      id: t.dnid.id,
      les: t.dnid.les,
      company: t.company.id,
      tgid: t.tgid.id,
      opts: { team: t.team.id, rulId: t.rul.id, comments: `Checked ${t.tag}` },
    },
  }),
  dnidsToggleMonitoring: (t) => ({ json: { id: t.dnid.id, les: t.dnid.les } }),
  dnidsGetLesDetails: (t) => ({ query: { id: t.dnid.id, les: t.dnid.les } }),
  dnidsGetStoreNPushHostName: () => ({}),
  dnidsDelete: async (t, { f }) => {
    const dnid = await f.dnid({ companyId: t.company.id });
    return { json: { id: dnid.id, les: dnid.les } };
  },
  // A range around the dnid, not on it: the answer repeats `from` and `to`, which must not read
  // as B's dnid in an answer to A.
  dnidsAllocation: (t) => ({ query: { from: t.dnid.id - 1, to: t.dnid.id + 1 } }),
  // A port open for the tenant's team, so the answer has a row of its own to show.
  tgidDnidOpenPorts: async (t, { f }) => {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    await f.pushProcess({ hostname: `pushc-${t.tag}`, port, teamId: t.team.id });
    return { query: { dnid: t.dnid.id, les: t.dnid.les } };
  },
};
