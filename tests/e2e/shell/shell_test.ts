/**
 * Browser tests of the portal shell: signing in and out, the session and admin guards, the
 * header menu by role, navigation without reloads (and back/forward), route change errors as
 * toasts, the confirmation dialog's focus handling, and the pages without JavaScript.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eSuite, eventually, hydrated, submitLogin } from "../harness.ts";
import { headingIs, path, toast as toastSaying } from "../page_helpers.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

/** Submits the login form without JavaScript; the server answers the post with a redirect. */
async function postLoginForm(page: Page, username: string, password = TEST_PASSWORD) {
  const [posted] = await Promise.all([
    page.waitForResponse((r) =>
      r.request().method() === "POST" && new URL(r.url()).pathname === "/login"
    ),
    submitLogin(page, username, password),
  ]);
  if (posted.status() !== 303) {
    assert.fail(`POST /login was answered ${posted.status()}: ${await posted.text()}`);
  }
}

/** The user menu (a <details> dropdown whose summary is the user's name). */
const openUserMenu = async (page: Page) => {
  await page.getByLabel(/^Account: /).click();
  await page.locator("[data-logout]").waitFor({ state: "visible" });
};

// deno-lint-ignore no-explicit-any
const marker = (page: Page) => page.evaluate(() => (window as any).__marker ?? null);

/**
 * Marks the window (see `marker`: still there after a navigation without reload) and adds a
 * link to `href` in the page, as a link inside the portal that leads there.
 */
const markAndLink = (page: Page, href: string, text: string) =>
  page.evaluate(([href, text]) => {
    // deno-lint-ignore no-explicit-any
    (window as any).__marker = 1;
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    document.getElementById("main")!.append(a);
  }, [href, text]);

e2eSuite("[e2e/shell]", async (t, e) => {
  const { f } = e;
  const fresh = async () => {
    const { context, page } = await e.page();
    page.setDefaultTimeout(TIMEOUT);
    return { context, page };
  };
  const signedIn = async (rights: number) => {
    const s = await e.signedIn(rights);
    s.page.setDefaultTimeout(TIMEOUT);
    return s;
  };
  await t.step(
    "[e2e/shell] signs in through the form and out through the confirmation",
    async () => {
      const user = await f.user({ rights: 100 });
      const { context, page } = await fresh();
      try {
        await page.goto("/login");
        await hydrated(page);
        await submitLogin(page, user.id);
        await page.waitForURL((u) => u.pathname === "/");
        await hydrated(page);
        // The header shows the user.
        const account = page.getByRole("banner").getByLabel("Account: Test User");
        await account.waitFor({ state: "visible" });
        assert.equal((await account.textContent())?.trim(), "Test User");
        assert.equal(await page.locator("body").getAttribute("data-user"), user.id);
        assert.match(
          await page.getByRole("main").innerText(),
          new RegExp(`Signed in as ${user.id}`),
        );

        // Sign out asks first; Cancel keeps the session.
        await openUserMenu(page);
        await page.getByRole("button", { name: "Sign out" }).click();
        const dialog = page.getByRole("dialog", { name: "Sign out" });
        await dialog.waitFor({ state: "visible" });
        assert.match(await dialog.innerText(), /Do you want to sign out of the portal\?/);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "hidden" });
        assert.equal(path(page), "/");
        await page.reload();
        await hydrated(page);
        assert.equal(path(page), "/", "Cancel kept the session");
        await headingIs(page, "Home");

        // Confirming signs out: the login page, and / sends there again.
        await openUserMenu(page);
        await page.getByRole("button", { name: "Sign out" }).click();
        await dialog.waitFor({ state: "visible" });
        await dialog.getByRole("button", { name: "Sign out" }).click();
        await page.waitForURL((u) => u.pathname === "/login");
        await page.goto("/");
        assert.equal(path(page), "/login");
        assert.equal(new URL(page.url()).searchParams.get("next"), "/");
        await page.getByLabel("Username").waitFor({ state: "visible" });
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] a signed-out visitor lands on the page asked for after signing in",
    async () => {
      const user = await f.user({ rights: 100 });
      const { context, page } = await fresh();
      try {
        await page.goto("/routing/traffic");
        assert.equal(path(page), "/login");
        assert.equal(new URL(page.url()).searchParams.get("next"), "/routing/traffic");
        await hydrated(page);
        await submitLogin(page, user.id);
        await page.waitForURL((u) => u.pathname === "/routing/traffic");
        await headingIs(page, "Traffic");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] a client gets 403 on admin pages; 404 and unknown routes",
    async () => {
      const { context, page } = await signedIn(100);
      try {
        const denied = await page.goto("/administration");
        assert.equal(path(page), "/error/403");
        assert.equal(denied?.status(), 403);
        await headingIs(page, "Error 403");
        assert.match(
          await page.getByRole("main").innerText(),
          /Forbidden: you are not allowed to access this page/,
        );

        const missing = await page.goto("/error/404");
        assert.equal(missing?.status(), 404);
        await headingIs(page, "Error 404");
        assert.match(await page.getByRole("main").innerText(), /Not found/);

        await page.goto("/no-such-page");
        assert.equal(path(page), "/");
        await headingIs(page, "Home");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] a non-admin does not see admin navigation; an admin does",
    async () => {
      const areas = async (page: Page) =>
        (await page.getByRole("list", { name: "Main menu" }).locator(
          ":scope > li > details > summary",
        )
          .allTextContents()).map((s) => s.trim());

      const client = await signedIn(100);
      try {
        const page = client.page;
        const menu = await areas(page);
        assert.deepEqual(menu, ["Management", "Routing", "Commands", "Help"]);
        for (const p of ["/", "/routing", "/management"]) {
          await page.goto(p);
          await hydrated(page);
          const dom = await page.content();
          // The server's HTML, as fetched (not only what the islands left in the DOM).
          const source = await (await page.request.get(p)).text();
          for (const html of [dom, source]) {
            assert.doesNotMatch(
              html,
              /href="\/administration/,
              `${p} links to /administration`,
            );
            assert.doesNotMatch(html, /href="\/monitoring/, `${p} links to /monitoring`);
          }
          // Admin-only pages of the client's areas are left out too.
          assert.doesNotMatch(
            source,
            /href="\/routing\/events/,
            `${p} links to /routing/events`,
          );
        }
      } finally {
        await client.context.close();
      }

      const admin = await signedIn(1);
      try {
        const page = admin.page;
        assert.deepEqual(await areas(page), [
          "Administration",
          "Management",
          "Routing",
          "Commands",
          "Monitoring",
          "Help",
        ]);
        const source = await (await page.request.get("/")).text();
        assert.match(source, /href="\/administration"/);
        assert.match(source, /href="\/monitoring"/);
        await page.goto("/administration");
        assert.equal(path(page), "/administration");
        await headingIs(page, "Administration");
      } finally {
        await admin.context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] links, back and forward change the page without a reload",
    async () => {
      const { context, page } = await signedIn(100);
      try {
        const main = page.getByRole("main");
        await page.evaluate(() => {
          // deno-lint-ignore no-explicit-any
          (window as any).__marker = 1;
        });

        // An index card on the home page.
        await main.getByRole("link", { name: "Routing", exact: true }).click();
        await page.waitForURL((u) => u.pathname === "/routing");
        await headingIs(page, "Routing");
        assert.equal(await marker(page), 1, "the page was reloaded");

        // The header menu.
        const nav = page.getByRole("list", { name: "Main menu" });
        await nav.locator("summary", { hasText: "Routing" }).click();
        await nav.getByRole("link", { name: "Traffic", exact: true }).click();
        await page.waitForURL((u) => u.pathname === "/routing/traffic");
        await headingIs(page, "Traffic");
        assert.equal(await marker(page), 1, "the page was reloaded");
        assert.match(await page.title(), /^Traffic · /);

        // The breadcrumb back to the home page.
        await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", {
          name: "Home",
        })
          .click();
        await page.waitForURL((u) => u.pathname === "/");
        await headingIs(page, "Home");

        await page.goBack();
        await eventually(() => assert.equal(path(page), "/routing/traffic"));
        await headingIs(page, "Traffic");
        await page.goBack();
        await eventually(() => assert.equal(path(page), "/routing"));
        await headingIs(page, "Routing");
        await page.goBack();
        await eventually(() => assert.equal(path(page), "/"));
        await headingIs(page, "Home");
        await page.goForward();
        await eventually(() => assert.equal(path(page), "/routing"));
        await headingIs(page, "Routing");
        assert.equal(await marker(page), 1, "back/forward reloaded the page");

        // The swapped-in page works: its links navigate again.
        await main.getByRole("link", { name: "Traffic", exact: true }).click();
        await page.waitForURL((u) => u.pathname === "/routing/traffic");
        await headingIs(page, "Traffic");
        assert.equal(await marker(page), 1, "the page was reloaded");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] a route change error shows a toast and the error page",
    async () => {
      const { context, page } = await signedIn(1);
      try {
        // Opened directly: the server redirects with a flash message.
        await page.goto("/management/terminal/mtl/999999999");
        assert.equal(path(page), "/error/404");
        await hydrated(page);
        const toast = page.locator('[data-toast="error"]');
        await toast.first().waitFor({ state: "visible" });
        assert.match(await toast.first().innerText(), /not found/i);
        await headingIs(page, "Error 404");

        // Reached by a link inside the portal: the same, without a reload.
        await page.goto("/");
        await hydrated(page);
        await markAndLink(page, "/management/terminal/mtl/999999998", "Unknown mtl");
        await page.getByRole("link", { name: "Unknown mtl" }).click();
        await page.waitForURL((u) => u.pathname === "/error/404");
        await headingIs(page, "Error 404");
        await eventually(async () =>
          assert.match(await toast.last().innerText(), /999999998 not found/i)
        );
        assert.equal(await marker(page), 1, "the page was reloaded");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] a client sent to an administrators' page: a toast saying what, then /error/403",
    async () => {
      const { context, page } = await signedIn(100);
      const message =
        "Administrator permission required to open Companies (/administration/companies)";
      try {
        // Reached by a link inside the portal (a bookmark in the page, a link shared by an
        // administrator): no reload, the toast, and the page says it too.
        await page.goto("/");
        await hydrated(page);
        await markAndLink(page, "/administration/companies", "The company list");
        await page.getByRole("link", { name: "The company list" }).click();
        await page.waitForURL((u) => u.pathname === "/error/403");
        await headingIs(page, "Error 403");
        await toastSaying(page, "error", message).waitFor();
        assert.equal(await page.locator("[data-flash-message]").innerText(), message);
        assert.equal(await marker(page), 1, "the page was reloaded");

        // Opened directly: the same.
        await page.goto("/administration/companies");
        assert.equal(path(page), "/error/403");
        await hydrated(page);
        await toastSaying(page, "error", message).waitFor();
        assert.equal(await page.locator("[data-flash-message]").innerText(), message);

        // The error page reached by a link: its own content (and its status, /error/500 a 500).
        await markAndLink(page, "/error/500", "Error 500");
        const [answer] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === "/error/500"),
          page.getByRole("link", { name: "Error 500" }).click(),
        ]);
        assert.equal(answer.status(), 500);
        await page.waitForURL((u) => u.pathname === "/error/500");
        await headingIs(page, "Error 500");
        assert.match(await page.getByRole("main").innerText(), /Internal server error/);
        assert.equal(await page.locator("[data-flash-message]").count(), 0);
        assert.equal(await marker(page), 1, "the page was reloaded");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/shell] the confirmation dialog holds focus, ignores the backdrop, closes on Escape",
    async () => {
      const { context, page } = await signedIn(100);
      try {
        await openUserMenu(page);
        const opener = page.locator("[data-logout]");
        await opener.click();
        const dialog = page.getByRole("dialog", { name: "Sign out" });
        await dialog.waitFor({ state: "visible" });

        /** Where focus is: inside the dialog, on the page outside it, or nowhere (body). */
        const focus = () =>
          page.evaluate(() => {
            const a = document.activeElement;
            if (!a || a === document.body) return "none";
            return a.closest("dialog[open]") ? "dialog" : `outside: ${a.outerHTML.slice(0, 80)}`;
          });
        await eventually(async () => assert.equal(await focus(), "dialog"));
        assert.equal(
          await page.evaluate(() => document.activeElement?.textContent),
          "Cancel",
          "focus starts on Cancel",
        );

        // Tab and Shift+Tab never reach the page behind the dialog. (Past the last control the
        // native modal dialog hands focus to the browser's own UI, seen here as "none".)
        const seen = new Set<string>();
        for (
          const key of [
            "Tab",
            "Tab",
            "Tab",
            "Tab",
            "Tab",
            "Shift+Tab",
            "Shift+Tab",
            "Shift+Tab",
          ]
        ) {
          await page.keyboard.press(key);
          const where = await focus();
          assert.ok(where === "dialog" || where === "none", `${key} moved focus ${where}`);
          if (where === "dialog") {
            seen.add(await page.evaluate(() => document.activeElement!.outerHTML));
          }
        }
        assert.ok(seen.size >= 3, "Tab reaches the dialog's close, cancel and confirm buttons");

        // The backdrop is static.
        await page.mouse.click(5, 5);
        await page.waitForTimeout(200);
        assert.equal(await dialog.isVisible(), true, "a backdrop click closed the dialog");

        // Escape closes it (as a cancel), and focus goes back to the opener.
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        await eventually(async () =>
          assert.equal(
            await page.evaluate(() => document.activeElement?.hasAttribute("data-logout")),
            true,
            "focus returned to the Sign out button",
          )
        );
        assert.equal(path(page), "/");
        await page.reload();
        assert.equal(path(page), "/", "Escape signed out");
      } finally {
        await context.close();
      }
    },
  );

  await t.step("[e2e/shell] quick search opens the chosen result's detail page", async () => {
    const company = await f.company();
    const { page } = await signedIn(1);
    // window.__marker survives only if the result opens without a full reload.
    await page.evaluate(() => ((window as { __marker?: number }).__marker = 7));
    await page.getByLabel("Search category").selectOption("Company");
    const box = page.getByRole("combobox", { name: "Search Company" });
    await box.fill(company.name.slice(0, -3)); // a part of the name
    const option = page.getByRole("option", { name: new RegExp(company.name) });
    await option.waitFor();
    await option.click();
    await page.waitForURL((u) => u.pathname === `/administration/companies/${company.id}`);
    await headingIs(page, company.name); // the company page is labelled with its name
    assert.equal(await marker(page), 7);

    // Keyboard: type, ArrowDown/Enter on the first result.
    await page.getByLabel("Search category").selectOption("Company");
    await box.fill(company.name);
    await option.waitFor();
    await box.press("Enter");
    await page.waitForURL((u) => u.pathname === `/administration/companies/${company.id}`);
  });

  await t.step(
    "[e2e/shell] a client's quick search offers Dnid and Tgid, scoped to its company",
    async () => {
      const { page, userId } = await signedIn(100);
      const categories = await page.getByLabel("Search category").locator("option")
        .allTextContents();
      assert.deepEqual(categories, ["Dnid", "Tgid"]);
      const [me] = await e.database.db.select().from(users).where(eq(users.id, userId));
      const mine = await f.dnid({ companyId: me.companyId });
      const theirs = await f.dnid({ id: mine.id + 1 });
      const box = page.getByRole("combobox", { name: "Search Dnid" });
      await box.fill(String(mine.id).slice(0, 9)); // both ids start with these digits
      const option = page.getByRole("option", { name: new RegExp(`^${mine.id}`) });
      await option.waitFor();
      assert.equal(
        await page.getByRole("option", { name: new RegExp(`^${theirs.id}`) }).count(),
        0,
        "another company's dnid is not offered",
      );
      await option.click();
      await page.waitForURL((u) => u.pathname === `/management/dnids/${mine.id}/${mine.les}`);

      // A client may not open the tgid page: a Tgid lands on the list filtered to it.
      const tgid = await f.tgid({ teamId: me.teamId });
      await page.getByLabel("Search category").selectOption("Tgid");
      await page.getByRole("combobox", { name: "Search Tgid" }).fill(tgid.label!);
      await page.getByRole("option", { name: new RegExp(`^${tgid.label}`) }).click();
      await page.waitForURL((u) =>
        u.pathname === "/management/tgid" && u.searchParams.get("filter.id") === String(tgid.id)
      );
      await page.locator(`[data-table="tgids"] tbody tr[data-row="${tgid.id}"]`).waitFor();
    },
  );

  await t.step("[e2e/shell] pages and the login form work with scripts disabled", async () => {
    const user = await f.user({ rights: 100 });
    const context = await e.browser.newContext({
      baseURL: e.baseUrl,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT);

      // A wrong password: back on the form with the server's message.
      await page.goto("/login?next=%2Frouting");
      await postLoginForm(page, user.id, "Wrong-password-1");
      await page.waitForURL((u) => u.pathname === "/login");
      assert.match(await page.getByRole("main").innerText(), /Invalid username or password/);
      assert.equal(new URL(page.url()).searchParams.get("next"), "/routing");

      // The right one: posted without JavaScript, signed in, on the page asked for.
      await postLoginForm(page, user.id);
      await page.waitForURL((u) => u.pathname === "/routing");
      await headingIs(page, "Routing");
      assert.equal(await page.locator("html").getAttribute("data-hydrated"), null);
      const main = page.getByRole("main");
      const traffic = main.getByRole("link", { name: "Traffic", exact: true });
      assert.equal(await traffic.getAttribute("href"), "/routing/traffic");
      assert.ok(await main.getByRole("link", { name: "Push traffic" }).isVisible());
      assert.equal(await page.getByRole("banner").getByLabel("Account: Test User").count(), 1);

      // Links are plain links.
      await traffic.click();
      await page.waitForURL((u) => u.pathname === "/routing/traffic");
      await headingIs(page, "Traffic");
      await page.goto("/");
      await headingIs(page, "Home");
      assert.match(
        await page.getByRole("main").innerText(),
        new RegExp(`Signed in as ${user.id}`),
      );
    } finally {
      await context.close();
    }
  });
});
