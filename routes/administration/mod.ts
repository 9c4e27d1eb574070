import type { AnyPageRoute } from "../types.ts";
import { indexRoute } from "../index_view.tsx";
import { A } from "./paths.ts";
import { companyRoutes } from "./companies.tsx";
import { teamRoutes } from "./teams.tsx";
import { userRoutes } from "./users.tsx";

export const administrationRoutes: AnyPageRoute[] = [
  indexRoute({
    pattern: A,
    title: "Administration",
    summary: "Companies, teams, users and their permissions.",
    admin: true,
    parent: "/",
  }),
  ...companyRoutes,
  ...teamRoutes,
  ...userRoutes,
];
