/**
 * The terminal pages: the list (/management/terminal, its tab in the URL: `?tab=inmarsatc` or
 * `?tab=other`, the chosen tab's first page rendered on the server) and a terminal's page
 * (/management/terminal/{deviceId}). A client sees the terminals of its company's tgids only;
 * another company's terminal is the 404 page.
 */
import type { AnyPageRoute, PageRoute, UserPageContext } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import TerminalList, {
  DEVICE_TABLE_DEFAULTS,
  MTL_TABLE_DEFAULTS,
  type TerminalListProps,
} from "../../islands/management/terminal/TerminalList.tsx";
import TerminalDetail, {
  type TerminalDetailProps,
} from "../../islands/management/terminal/TerminalDetail.tsx";
import { tabOf, type TerminalViewer } from "../../islands/management/terminal/terminal_api.ts";
import { TerminalFindRequestSchema } from "../../openapi/schemas/terminal/terminals.ts";
import { MtlFindRequestSchema } from "../../openapi/schemas/mtls.ts";
import {
  findTerminals,
  getTerminal,
  listDeviceTypes,
  terminalLabel,
} from "../../server/services/terminal/read.ts";
import { findMtls } from "../../server/services/mtls/read.ts";

const M = "/management";

const viewerOf = async (ctx: UserPageContext): Promise<TerminalViewer> => ({
  admin: ctx.user.admin,
  deviceTypes: await listDeviceTypes(ctx.deps.db),
});

const terminalsRoute: PageRoute<TerminalListProps> = {
  pattern: `${M}/terminal`,
  title: "Terminals",
  summary: "Inmarsat C and other terminals, by device type.",
  parent: M,
  load: async (ctx) => {
    const { deps, scope, url } = ctx;
    const viewer = await viewerOf(ctx);
    return tabOf(url.searchParams.get("tab")) === "inmarsatc"
      ? {
        tab: "inmarsatc",
        viewer,
        ...await firstPage(
          url,
          MTL_TABLE_DEFAULTS,
          MtlFindRequestSchema,
          (req) => findMtls(deps.db, scope, req),
        ),
      }
      : {
        tab: "other",
        viewer,
        ...await firstPage(
          url,
          DEVICE_TABLE_DEFAULTS,
          TerminalFindRequestSchema,
          (req) =>
            findTerminals(deps.db, scope, { ...req, filter: { ...req.filter, family: "other" } }),
        ),
      };
  },
  view: ({ data }) => <Island of={TerminalList} props={data} />,
};

const terminalRoute: PageRoute<TerminalDetailProps> = {
  pattern: `${M}/terminal/:id`,
  title: "Terminal",
  summary: "A terminal's configuration and item log.",
  parent: `${M}/terminal`,
  // Unknown, or another company's: a route change error (a toast, then /error/404).
  heading: async ({ deps, scope, params }) =>
    `Terminal ${await terminalLabel(deps.db, scope, pageId("Terminal", params.id))}`,
  load: async (ctx) => ({
    terminal: await getTerminal(ctx.deps.db, ctx.scope, pageId("Terminal", ctx.params.id)),
    viewer: await viewerOf(ctx),
  }),
  view: ({ data }) => <Island of={TerminalDetail} props={data} />,
};

export default [terminalsRoute, terminalRoute] satisfies AnyPageRoute[];
