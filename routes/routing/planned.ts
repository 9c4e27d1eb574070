/**
 * The routing pages not built yet (issues 14 and 16): in the route map, menus and breadcrumbs
 * already, each showing its title. A resource that builds one moves it into its own page module
 * (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";

const R = "/routing";
export default [
  {
    pattern: `${R}/statistics/push`,
    title: "Push statistics",
    summary: "Push delivery statistics (legacy page).",
    admin: true,
    parent: `${R}/statistics`,
  },
  {
    pattern: `${R}/statistics/robot`,
    title: "Robot statistics",
    summary: "Robot processing statistics (legacy page).",
    admin: true,
    parent: `${R}/statistics`,
  },
] satisfies AnyPageRoute[];
