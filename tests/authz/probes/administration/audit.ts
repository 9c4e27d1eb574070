import type { Probes } from "../../tenant.ts";
import { auditEntries } from "../../../../db/schema/mod.ts";

export const probes: Probes = {
  // The history of the tenant's company: an entry of a rename to its tagged name.
  auditFind: async (t, { db }) => {
    await db.insert(auditEntries).values({
      operation: "companiesUpdate",
      action: "update",
      rowTable: "companies",
      rowId: String(t.company.id),
      rowCompanyId: t.company.id,
      changes: { name: { before: "Before", after: t.company.name } },
    });
    return { json: { filter: { rowTable: "companies", rowId: String(t.company.id) } } };
  },
};
