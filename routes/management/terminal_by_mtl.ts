import { PageRedirect, type PageRoute } from "../types.ts";
import { notFound } from "../../server/errors.ts";
import { terminalOfMtl } from "../../server/services/terminal/read.ts";

/** /management/terminal/mtl/{mid}: looks the mtl up and goes to its terminal's page. */
const terminalByMtlRoute: PageRoute<void> = {
  pattern: "/management/terminal/mtl/:mid",
  title: "Terminal by mtl",
  summary: "Finds the terminal of an mtl.",
  parent: "/management/terminal",
  load: async ({ deps, scope, params }) => {
    const mid = (params.mid ?? "").slice(0, 64);
    const deviceId = await terminalOfMtl(deps.db, scope, mid);
    if (deviceId === null) throw notFound(`Mtl ${mid}`);
    throw new PageRedirect(`/management/terminal/${deviceId}`);
  },
};

export default [terminalByMtlRoute];
