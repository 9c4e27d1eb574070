import { and, eq } from "drizzle-orm";
import { PageRedirect, type PageRoute } from "../types.ts";
import { mtls, terminals } from "../../db/schema/mod.ts";
import { notFound } from "../../server/errors.ts";
import { companyScope } from "../../server/auth/middleware.ts";
import { tgidVisibleTo } from "../../server/services/tenancy.ts";

/** /management/terminal/mtl/{mid}: looks the mtl up and goes to its terminal's page. */
export const terminalByMtlRoute: PageRoute<void> = {
  pattern: "/management/terminal/mtl/:mid",
  title: "Terminal by mtl",
  summary: "Finds the terminal of an mtl.",
  parent: "/management/terminal",
  load: async ({ deps, user, params }) => {
    const mid = (params.mid ?? "").slice(0, 64);
    const company = companyScope(user);
    const [row] = await deps.db.select({ deviceId: mtls.deviceId }).from(mtls)
      .innerJoin(terminals, eq(terminals.deviceId, mtls.deviceId))
      .where(and(
        eq(mtls.imn, mid),
        company === null ? undefined : tgidVisibleTo(terminals.tgidId, company),
      ));
    if (!row?.deviceId) throw notFound(`Mtl ${mid}`);
    throw new PageRedirect(`/management/terminal/${row.deviceId}`);
  },
};
