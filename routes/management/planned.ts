/**
 * The management pages not built yet (issues 12 and 13): in the route map, menus and
 * breadcrumbs already, each showing its title. A resource that builds one moves it into its own
 * page module (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";
import { DEFAULT_LES } from "../../openapi/enums.ts";

const M = "/management";
export default [
  {
    pattern: `${M}/dnids`,
    title: "Dnids",
    summary: "Data network identifiers: list and allocation.",
    parent: M,
  },
  {
    pattern: `${M}/dnids/:id/:les?`,
    title: "Dnid",
    summary: "A dnid with its users, status, open ports, teams and routes.",
    parent: `${M}/dnids`,
    label: (ctx) => `Dnid ${ctx.params.id} (LES ${ctx.params.les ?? DEFAULT_LES})`,
  },
  {
    pattern: `${M}/dnid/status`,
    title: "Dnid status",
    summary: "Status of every dnid member: activity, default terminal, programs.",
    parent: `${M}/dnid`,
  },
  {
    pattern: `${M}/dnid/allocation`,
    title: "Dnid allocation",
    summary: "Allocate dnids to companies, teams and tgids.",
    parent: `${M}/dnid`,
  },
  {
    pattern: `${M}/enid`,
    title: "Enids",
    summary: "Enids, their ruls and the teams that use them.",
    parent: M,
  },
  {
    pattern: `${M}/enid/:id`,
    title: "Enid",
    summary: "An enid with its rul and teams.",
    parent: `${M}/enid`,
    label: (ctx) => `Enid ${ctx.params.id}`,
  },
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
    pattern: `${M}/rul`,
    title: "Ruls",
    summary: "Remote user-logins at the land earth stations.",
    admin: true,
    parent: M,
  },
  {
    pattern: `${M}/rul/:id`,
    title: "Rul",
    summary: "A remote user-login and its contacts.",
    admin: true,
    parent: `${M}/rul`,
    label: (ctx) => `Rul ${ctx.params.id}`,
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
