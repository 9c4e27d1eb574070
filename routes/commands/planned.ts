/**
 * The commands pages not built yet (issue 15): in the route map, menus and breadcrumbs
 * already, each showing its title. A resource that builds one moves it into its own page module
 * (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";

const C = "/commands";
export default [
  {
    pattern: `${C}/messagingC`,
    title: "Messaging C",
    summary: "Compose and send an Inmarsat C message, and follow its transmission.",
    parent: C,
  },
  {
    pattern: `${C}/poll/:init?`,
    title: "Poll command",
    summary: "Poll Inmarsat C terminals (legacy page).",
    parent: C,
  },
  {
    pattern: `${C}/egc`,
    title: "EGC command",
    summary: "Enhanced group call commands (legacy page).",
    parent: C,
  },
  {
    pattern: `${C}/irext`,
    title: "Irext command",
    summary: "Commands for Iridium Extreme terminals (legacy page).",
    parent: C,
  },
] satisfies AnyPageRoute[];
