/**
 * Accessibility: axe-core on every page of the route map that takes no parameter (as an
 * administrator, who may open them all), on the login page signed out, on error and detail
 * pages, and with the shell's dialogs open. Serious and critical violations fail.
 */
import assert from "node:assert/strict";
import { e2eSuite, hydrated } from "../harness.ts";
import { assertAccessible } from "../axe.ts";
import { inView, PARAMETERLESS_PAGES as STATIC_ROUTES } from "../page_helpers.ts";

const TIMEOUT = 10_000;

const PARAMETER_ROUTES = [
  "/error/404",
  "/error/403",
  "/administration/companies/1",
  "/administration/teams/1",
  "/management/dnids/1",
  "/management/tgid/1",
];

e2eSuite("[e2e/a11y]", async (t, e) => {
  await t.step("[e2e/a11y] the login page (signed out) has no serious violations", async () => {
    const { context, page } = await e.page();
    try {
      page.setDefaultTimeout(TIMEOUT);
      await page.goto("/login");
      await hydrated(page);
      await assertAccessible(page, "the login page");
      // With the form's error shown.
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").waitFor({ state: "visible" });
      await assertAccessible(page, "the login page with 'Error empty login'");
    } finally {
      await context.close();
    }
  });

  const { page, userId } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  // Hydration mismatches (React reports them as console errors) fail the page too.
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    // An error page's own 403/404 status is reported too: not a script error.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      consoleErrors.push(m.text());
    }
  });
  const ownPage = `/administration/users/${encodeURIComponent(userId)}`;
  for (const path of [...STATIC_ROUTES, ...PARAMETER_ROUTES, ownPage]) {
    await t.step(`[e2e/a11y] ${path} has no serious or critical violations`, async () => {
      consoleErrors.length = 0;
      await page.goto(path);
      await hydrated(page);
      await assertAccessible(page, path);
      assert.deepEqual(consoleErrors, [], `${path} logged errors while loading`);
    });
  }

  await t.step(
    "[e2e/a11y] every page fits a phone's width (no sideways scroll)",
    async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      try {
        const wide: string[] = [];
        for (const path of [...STATIC_ROUTES, ...PARAMETER_ROUTES, ownPage]) {
          await page.goto(path);
          await hydrated(page);
          const { scrollWidth, clientWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            clientWidth: document.documentElement.clientWidth,
          }));
          if (scrollWidth > clientWidth) wide.push(`${path}: ${scrollWidth} px`);
        }
        assert.deepEqual(wide, [], "pages wider than a 390 px phone (tables scroll alone)");
      } finally {
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    },
  );

  await t.step(
    "[e2e/a11y] the sign-out confirmation dialog has no serious violations",
    async () => {
      await page.goto("/");
      await hydrated(page);
      await page.getByLabel(/^Account: /).click();
      await page.locator("[data-logout]").click();
      const dialog = page.getByRole("dialog", { name: "Sign out" });
      await dialog.waitFor({ state: "visible" });
      await assertAccessible(page, "the sign-out dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    },
  );

  await t.step(
    "[e2e/a11y] push traffic rows, their menu and details dialog have no serious violations",
    async () => {
      // Rows of every status (each status has its colour).
      const tgid = await e.f.tgid();
      const [row] = await e.f.pushTraffic({ tgidId: tgid.id, count: 9 });
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
      await hydrated(page);
      await assertAccessible(page, "the push traffic rows");
      const actions = page.getByRole("button", { name: `Actions for message ${row.id}` });
      // In view first: the menu closes on a page scroll (as Playwright's scroll-into-view).
      await inView(actions);
      await actions.click();
      await page.getByRole("menu").waitFor({ state: "visible" });
      await assertAccessible(page, "the push traffic row menu");
      await page.getByRole("menuitem", { name: "Show all" }).click();
      const dialog = page.getByRole("dialog", { name: `Push traffic ${row.id}` });
      await dialog.waitFor({ state: "visible" });
      await assertAccessible(page, "the push traffic details dialog");
    },
  );
});
