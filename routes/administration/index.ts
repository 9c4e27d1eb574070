import { indexRoute } from "../index_view.tsx";

export default [
  indexRoute({
    pattern: "/administration",
    title: "Administration",
    summary: "Companies, teams, users and their permissions.",
    admin: true,
    parent: "/",
  }),
];
