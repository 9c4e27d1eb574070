import type { AnyPageRoute } from "../types.ts";
import { A } from "./paths.ts";

export const teamRoutes: AnyPageRoute[] = [
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
];
