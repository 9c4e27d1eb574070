/**
 * Demo seed, the EPADR robot's configuration (/management/epadr): enabled, polling its mailbox
 * every 5 minutes, handing XML reports to routing for three of the demo dnids; saved by the demo
 * administrator a day ago. Its traffic (robot 'EPADR') is seeded with the other robots' in
 * traffic.ts.
 */
import { epadrConfig } from "../../schema/mod.ts";
import type { AdminData } from "./admin.ts";
import type { ManagementData } from "./management.ts";
import { DAY, insertRows, type SeedContext } from "./util.ts";

export async function seedEpadr(ctx: SeedContext, admin: AdminData, management: ManagementData) {
  const by = admin.users.find((u) => u.id === "admin@demo.test");
  const dnids = [...new Set(management.dnids.map((d) => d.id))].slice(0, 3);
  await insertRows(ctx, epadrConfig, [{
    id: 1,
    enabled: true,
    sourceType: 0,
    sourceAddress: "epadr@robots.demo.test",
    pollMinutes: 5,
    reportFormat: 2,
    dnids: dnids.sort((a, b) => a - b),
    updatedAt: new Date(ctx.now.getTime() - DAY),
    updatedByKey: by?.key ?? null,
  }]);
}
