/**
 * The layout check: every screen of the portal (each page of the route map, every dialog its
 * toolbar and row menus open, each row menu), at 1280×800 and 390×844, signed out, as an
 * administrator and as a client, on the demo data; each screen must pass `layoutProblems`.
 * A step lists every problem seen, so one run shows them all. The suites are
 * layout_{admin,client}_test.ts; `LAYOUT_ONLY=<regexp>` walks only the matching paths.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eSuite, submitLogin } from "../harness.ts";
import { testHash } from "../../fixtures/factories.ts";
import { seedDemo } from "../../../db/seed/demo/mod.ts";
import { layoutProblems, watchErrors } from "./layout_checks.ts";
import { type Screen, walkPublicPages, walkScreens } from "./walk.ts";

/** `LAYOUT_ONLY=<regexp>` walks only the matching paths (to look into one page's problems). */
const only = Deno.env.get("LAYOUT_ONLY");

/** A visit that checks each screen and keeps its problems, each named by where it was seen. */
function checker(page: Page) {
  const errors = watchErrors(page);
  const problems: string[] = [];
  let screens = 0;
  const visit = async (p: Page, screen: Screen) => {
    screens++;
    const where = `${screen.path}${screen.opener ? ` · ${screen.opener}` : ""}`;
    for (const problem of await layoutProblems(p, screen, errors)) {
      problems.push(`${where} (${screen.kind}, ${screen.width.width} px): ${problem}`);
    }
  };
  return { visit, problems, screens: () => screens };
}

/**
 * Registers a layout check's browser suite on the demo data: every screen `account` (a demo
 * account) reaches, after the login pages signed out when `signedOut`. One file per account, so
 * the test runner checks them side by side.
 */
export function layoutSuite(account: { role: string; id: string }, { signedOut = false } = {}) {
  e2eSuite(`[e2e/layout] ${account.role}`, async (t, e) => {
    await seedDemo(e.database.db, { passwordHash: await testHash() });
    if (signedOut) {
      await t.step("[e2e/layout] the login pages hold at both widths, signed out", async () => {
        const { page } = await e.page();
        const check = checker(page);
        await walkPublicPages(page, check.visit);
        assert.deepEqual(check.problems, [], check.problems.join("\n"));
      });
    }
    await t.step(`[e2e/layout] every screen holds at both widths, as ${account.role}`, async () => {
      const { page } = await e.page();
      page.setDefaultTimeout(10_000);
      await page.goto("/login");
      await submitLogin(page, account.id);
      await page.waitForURL((u) => u.pathname === "/");
      const check = checker(page);
      const walk = await walkScreens(page, check.visit, {
        only: only ? new RegExp(only) : undefined,
      });
      const problems = [...check.problems, ...walk.problems];
      // An administrator reaches every page; a client meets only their own objects' links.
      if (!only && account.id.startsWith("admin")) {
        problems.push(...walk.unreached.map((p) => `${p}: no link on the walked pages leads here`));
      }
      console.log(`[e2e/layout] ${account.id}: ${check.screens()} screens checked`);
      assert.ok(only || check.screens() > 100, `only ${check.screens()} screens were walked`);
      assert.deepEqual(problems, [], `${problems.length} problem(s):\n${problems.join("\n")}`);
    });
  });
}
