/**
 * Accessibility where the layout check's walk (tests/e2e/screens/, axe on every page, dialog and
 * menu at both widths) does not go: the login page showing its error, the shell's sign-out
 * dialog, and push traffic rows of every status with their menu and details. Serious and
 * critical violations fail.
 */
import { e2eSuite, hydrated } from "../harness.ts";
import { assertAccessible } from "../axe.ts";
import { inView } from "../page_helpers.ts";

const TIMEOUT = 10_000;

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

  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
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
