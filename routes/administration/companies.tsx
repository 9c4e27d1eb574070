import type { AnyPageRoute } from "../types.ts";
import { A } from "./paths.ts";

export const companyRoutes: AnyPageRoute[] = [
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
];
