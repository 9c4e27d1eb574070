/**
 * The layout check: every screen of the portal (each page of the route map, every dialog its
 * toolbar and row menus open, each row menu), at 1280×800 and 390×844, signed in as an
 * administrator and as a client, on the demo data; each screen must pass `layoutProblems`.
 * A step per role lists every problem seen, so one run shows them all.
 */
import assert from "node:assert/strict";
import { e2eSuite, submitLogin } from "../harness.ts";
import { testHash } from "../../fixtures/factories.ts";
import { seedDemo } from "../../../db/seed/demo/mod.ts";
import { layoutProblems, watchErrors } from "./layout_checks.ts";
import { walkPublicPages, walkScreens } from "./walk.ts";

/** `LAYOUT_ONLY=<regexp>` walks only the matching paths (to look into one page's problems). */
const only = Deno.env.get("LAYOUT_ONLY");

e2eSuite("[e2e/layout]", async (t, e) => {
  await seedDemo(e.database.db, { passwordHash: await testHash() });

  for (
    const [role, account] of [["an administrator", "admin@demo.test"], [
      "a client",
      "client@demo.test",
    ]]
  ) {
    await t.step(`[e2e/layout] every screen holds at both widths, as ${role}`, async () => {
      const { page } = await e.page();
      page.setDefaultTimeout(10_000);
      await page.goto("/login");
      await submitLogin(page, account);
      await page.waitForURL((u) => u.pathname === "/");
      const errors = watchErrors(page);
      const problems: string[] = [];
      let screens = 0;
      const walk = await walkScreens(page, async (p, screen) => {
        screens++;
        const where = `${screen.path}${
          screen.opener ? ` · ${screen.opener}` : ""
        } (${screen.kind}, ${screen.width.width} px)`;
        for (const problem of await layoutProblems(p, screen, errors)) {
          problems.push(`${where}: ${problem}`);
        }
      }, { only: only ? new RegExp(only) : undefined });
      problems.push(...walk.problems);
      // An administrator reaches every page; a client meets only their own objects' links.
      if (!only && account.startsWith("admin")) {
        problems.push(...walk.unreached.map((p) => `${p}: no link on the walked pages leads here`));
      }
      console.log(`[e2e/layout] ${account}: ${screens} screens checked`);
      assert.ok(only || screens > 100, `only ${screens} screens were walked`);
      assert.deepEqual(problems, [], `${problems.length} problem(s):\n${problems.join("\n")}`);
    });
  }
});
