import type { Probes, Tenant } from "../../tenant.ts";

/** A rul id no other test picks. */
const newRulId = () => 100_000_000 + Math.floor(Math.random() * 2_000_000_000);

/** Every field of a rul's write, about tenant `t`. */
const fields = (t: Tenant) => ({
  password: "secret",
  customerName: `Rul ${t.tag}`,
  comments: "probe",
  mailContact: "noc@test.example",
  phoneContact: "+33 1 23",
  companyName: `Company ${t.tag}`,
  requesterName: "Probe",
});

export const probes: Probes = {
  // The answer names the rul's customer and company (both carry the tenant's tag).
  rulsFilter: (t) => ({ query: { query: String(t.rul.id) } }),
  rulsGet: (t) => ({ query: { id: t.rul.id } }),
  rulsAll: () => ({}),
  rulsFind: (t) => ({ json: { filter: { customerName: t.tag } } }),
  rulsCreate: (t) => ({ json: { id: newRulId(), ...fields(t), company: t.company.id } }),
  rulsUpdate: (t) => ({
    json: {
      id: t.rul.id,
      les: t.rul.les,
      ...fields(t),
      company: { id: t.company.id, name: t.company.name },
    },
  }),
  // A rul no dnid or enid uses (the tenant's own is used by its dnid and enid).
  rulsDelete: async (t, { f }) => {
    const rul = await f.rul({ companyId: t.company.id, name: `Spare ${t.tag}` });
    return { json: { id: rul.id, les: rul.les } };
  },
  rulsLastRul: () => ({}),
};
