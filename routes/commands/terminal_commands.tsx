/**
 * The command pages: poll (/commands/poll/{init?}), EGC (/commands/egc) and irext
 * (/commands/irext). Each loader gives the targets the user reaches (dnid members, enids,
 * Iridium Extreme terminals), rendered on the server; the islands send the commands.
 *
 * The poll page's init preselects the target: "10000" (a dnid, LES 21), "10000-21" (dnid and
 * LES) or "10000-21-5" (a member). An init the user cannot reach (another company's dnid, a
 * member that is not authorized) preselects nothing: never the whole group for one member.
 */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import PollCommand, {
  type PollCommandProps,
  type PollDnid,
} from "../../islands/commands/PollCommand.tsx";
import EgcCommand, { type EgcCommandProps } from "../../islands/commands/EgcCommand.tsx";
import IrextCommand, { type IrextCommandProps } from "../../islands/commands/IrextCommand.tsx";
import { parsePollInit } from "../../openapi/schemas/command/poll.ts";
import { DEFAULT_LES, IREXT_DEVICE_TYPES } from "../../openapi/enums.ts";
import {
  reachableEnids,
  reachableMembers,
  reachableTerminals,
} from "../../server/services/command/targets.ts";

const C = "/commands";

const pollRoute: PageRoute<PollCommandProps> = {
  pattern: `${C}/poll/:init?`,
  title: "Poll command",
  summary:
    "Poll Inmarsat C terminals (one member of a dnid or the whole group), or send a member an on-demand command.",
  parent: C,
  load: async (ctx) => {
    const rows = await reachableMembers(ctx.deps.db, ctx.scope);
    const dnids = new Map<string, PollDnid>();
    for (const r of rows) {
      const key = `${r.dnid}-${r.les}`;
      const d = dnids.get(key) ?? { dnid: r.dnid, les: r.les, members: [] };
      if (!d.members.some((m) => m.member === r.member)) {
        d.members.push({ member: r.member, device: r.device });
      }
      dnids.set(key, d);
    }
    const init = parsePollInit(ctx.params.init);
    const key = init ? `${init.dnid}-${init.les ?? DEFAULT_LES}` : "";
    const member = init?.member === undefined ? "" : String(init.member);
    const chosen = dnids.get(key)?.members.some((m) =>
      member === "" || String(m.member) === member
    );
    return {
      dnids: [...dnids.values()],
      initial: chosen ? { dnid: key, member } : { dnid: "", member: "" },
    };
  },
  view: ({ data }) => <Island of={PollCommand} props={data} />,
};

const egcRoute: PageRoute<EgcCommandProps> = {
  pattern: `${C}/egc`,
  title: "EGC command",
  summary: "Enhanced group calls (FleetNET) to the terminals of an enid.",
  parent: C,
  load: async (ctx) => ({ enids: await reachableEnids(ctx.deps.db, ctx.scope) }),
  view: ({ data }) => <Island of={EgcCommand} props={data} />,
};

const irextRoute: PageRoute<IrextCommandProps> = {
  pattern: `${C}/irext`,
  title: "Irext command",
  summary: "Commands for Iridium Extreme terminals: emergencies, location, text, geofences.",
  parent: C,
  load: async (ctx) => {
    const terminals = (await reachableTerminals(ctx.deps.db, ctx.scope, IREXT_DEVICE_TYPES))
      .map((t) => ({ deviceId: t.deviceId, label: t.label }));
    const wanted = ctx.url.searchParams.get("target") ?? "";
    const target = terminals.some((t) => String(t.deviceId) === wanted) ? wanted : "";
    return { terminals, target };
  },
  view: ({ data }) => <Island of={IrextCommand} props={data} />,
};

export default [pollRoute, egcRoute, irextRoute] satisfies AnyPageRoute[];
