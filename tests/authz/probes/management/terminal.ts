import type { Probes, Tenant } from "../../tenant.ts";

/** A 15-digit IMEI no other probe picks. */
const imei = () => `30${String(Math.floor(Math.random() * 1e13)).padStart(13, "0")}`;

/** A Shout terminal on the tenant's tgid, labelled with its tag. */
const shout = (t: Tenant) => ({
  tgidId: t.tgid.id,
  deviceTypeId: 2,
  items: [{ name: "imei", value: imei() }],
  deviceLabel: `Shout ${t.tag}`,
});

export const probes: Probes = {
  terminalGet: (t) => ({ query: { id: t.terminal.deviceId } }),
  terminalGetDeviceTypes: () => ({}),
  terminalFindDevice: () => ({ json: { filter: {}, count: 100 } }),
  terminalAddDevice: (t) => ({ json: shout(t) }),
  terminalUpdateDevice: (t) => ({
    json: {
      deviceId: t.terminal.deviceId,
      tgidId: t.tgid.id,
      deviceTypeId: 0,
      items: [{ name: "mtl", value: "0" }, { name: "region", value: "3" }],
      deviceLabel: `Terminal ${t.tag}`,
    },
  }),
  terminalUpdateLabel: (t) => ({
    json: { deviceId: t.terminal.deviceId, label: `Relabelled ${t.tag}` },
  }),
  // A deletable terminal of the tenant's, made for each call.
  terminalDeleteDevice: async (t, { f }) => ({
    query: { deviceId: (await f.terminal({ tgidId: t.tgid.id, deviceTypeId: 2 })).deviceId },
  }),
};
