/**
 * The pages the page bench visits (issue 20: every route of the map): each route without
 * parameters, and one path for each route with parameters, naming a row of the demo data.
 * db/seed/demo/demo_test.ts checks that every parameter route has a sample and that its row exists.
 */
import { ROUTES } from "../routes/mod.ts";
import { FIRST_DEMO_DNID } from "../db/seed/demo/management.ts";

/** One path for each parameter route; the demo data (seeded from a fixed seed) has these rows. */
export const SAMPLE_PATHS = [
  "/administration/companies/1",
  "/administration/teams/2",
  "/administration/users/admin@demo.test",
  `/management/dnids/${FIRST_DEMO_DNID}`,
  "/management/enid/40126",
  "/management/rul/7101",
  "/management/tgid/1",
  "/management/terminal/1",
  // The first demo terminal's mtl: the page sends the browser on to /management/terminal/1.
  "/management/terminal/mtl/425744347",
  "/management/list/1",
  "/commands/poll",
  `/commands/poll/${FIRST_DEMO_DNID}`,
  "/error/404",
];

/** Every parameterless route pattern, then the samples; /login is visited signed out. */
export function pagePaths(): { path: string; signedIn: boolean }[] {
  const plain = ROUTES.map((r) => r.pattern).filter((p) => !p.includes(":"));
  return [...new Set([...plain, ...SAMPLE_PATHS])].map((path) => ({
    path,
    signedIn: path !== "/login",
  }));
}
