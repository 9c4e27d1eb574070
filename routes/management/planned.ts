/**
 * The management pages not built yet (issues 12 and 13): in the route map, menus and
 * breadcrumbs already, each showing its title. A resource that builds one moves it into its own
 * page module (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";

const M = "/management";
export default [
  {
    pattern: `${M}/list`,
    title: "Command lists",
    summary: "Lists of commands sent to terminals, finished or not.",
    parent: M,
  },
  {
    pattern: `${M}/list/:listId/:groupId?/:itemId?`,
    title: "Command list",
    summary: "The commands of a list and their status.",
    parent: `${M}/list`,
    label: (ctx) => `Command list ${ctx.params.listId}`,
  },
  {
    pattern: `${M}/terminal`,
    title: "Terminals",
    summary: "Inmarsat C and other terminals, by device type.",
    parent: M,
  },
  {
    pattern: `${M}/terminal/:id`,
    title: "Terminal",
    summary: "A terminal's configuration and item log.",
    parent: `${M}/terminal`,
    label: (ctx) => `Terminal ${ctx.params.id}`,
  },
  {
    pattern: `${M}/tgid`,
    title: "Tgids",
    summary: "Terminal groups and the teams that share them.",
    parent: M,
  },
  {
    pattern: `${M}/tgid/:id`,
    title: "Tgid",
    summary: "A tgid with its terminals, dnids, users, teams, routing exceptions and routes.",
    admin: true,
    parent: `${M}/tgid`,
    label: (ctx) => `Tgid ${ctx.params.id}`,
  },
  {
    pattern: `${M}/epadr`,
    title: "Epadr",
    summary: "Enhanced position address reports (legacy page).",
    parent: M,
  },
] satisfies AnyPageRoute[];
