import type { AnyPageRoute } from "../types.ts";
import { A } from "./paths.ts";

export const userRoutes: AnyPageRoute[] = [
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
