import type { AnyPageRoute } from "../types.ts";
import { indexRoute } from "../index_view.tsx";

const A = "/administration";
export const administrationRoutes: AnyPageRoute[] = [
  indexRoute({
    pattern: A,
    title: "Administration",
    summary: "Companies, teams, users and their permissions.",
    admin: true,
    parent: "/",
  }),
  {
    pattern: `${A}/companies`,
    title: "Companies",
    summary: "Every customer company, with its teams, identifiers, terminals and users.",
    admin: true,
    parent: A,
  },
  {
    pattern: `${A}/companies/:id`,
    title: "Company",
    summary: "A company with its teams, tgids, enids, dnids, terminals and users.",
    admin: true,
    parent: `${A}/companies`,
    label: (ctx) => `Company ${ctx.params.id}`,
  },
  {
    pattern: `${A}/teams`,
    title: "Teams",
    summary: "Teams, their rights and the identifiers they share.",
    admin: true,
    parent: A,
  },
  {
    pattern: `${A}/teams/:id`,
    title: "Team",
    summary: "A team with its users, tgids, enids, dnids and terminals.",
    admin: true,
    parent: `${A}/teams`,
    label: (ctx) => `Team ${ctx.params.id}`,
  },
  {
    pattern: `${A}/users`,
    title: "Users",
    summary: "Users, their access rights, e-mail aliases and status.",
    admin: true,
    parent: A,
  },
  {
    pattern: `${A}/users/:id`,
    title: "User",
    summary: "A user's access, quotas and e-mail aliases.",
    admin: true,
    parent: `${A}/users`,
    label: (ctx) => `User ${ctx.params.id}`,
  },
];
