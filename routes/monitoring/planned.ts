/**
 * The monitoring pages not built yet (issue 16): in the route map, menus and breadcrumbs
 * already, each showing its title. A resource that builds one moves it into its own page module
 * (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";

const M = "/monitoring";
export default [
  {
    pattern: `${M}/control/services`,
    title: "Services",
    summary: "State of the platform's services.",
    admin: true,
    parent: `${M}/control`,
  },
  {
    pattern: `${M}/control/delivery`,
    title: "Delivery",
    summary: "Delivery backlog and failures against their thresholds.",
    admin: true,
    parent: `${M}/control`,
  },
  {
    pattern: `${M}/control/message`,
    title: "Messages",
    summary: "Message statistics over time (30 days by default).",
    admin: true,
    parent: `${M}/control`,
  },
] satisfies AnyPageRoute[];
