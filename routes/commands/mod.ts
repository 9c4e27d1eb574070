import type { AnyPageRoute } from "../types.ts";
import { indexRoute } from "../index_view.tsx";

const C = "/commands";
export const commandsRoutes: AnyPageRoute[] = [
  indexRoute({
    pattern: C,
    title: "Commands",
    summary: "Send commands and Inmarsat C messages to terminals.",
    parent: "/",
  }),
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
];
