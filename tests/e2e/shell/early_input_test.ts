/**
 * What a user types is what the form sends, hydrated or not (docs/decisions/0009, "Forms").
 * Users (and password managers) fill a page as soon as it shows: these tests never wait for
 * hydration before typing. Where the moment matters, the page's scripts are held back until the
 * typing is done, so the case is not left to timing:
 * - typed before hydration, pressed after: the fields keep the text and the form sends it;
 * - pressed before hydration: the plain form post (never a GET, never the password in a URL);
 * - in fresh pages one after another, as fast as Playwright types.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { closePasswordLink, headingIs, path, toast } from "../page_helpers.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";
import { eq } from "drizzle-orm";
import { commands, users } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

/**
 * Holds the page's scripts back until `release()`: the server-rendered page shows and takes
 * input, but no island hydrates.
 */
async function holdScripts(context: BrowserContext) {
  let release!: () => void;
  const released = new Promise<void>((r) => release = r);
  await context.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Opens a page whose scripts are held: waits for its HTML, not for its (held) scripts. */
const openHeld = async (page: Page, url: string) => {
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("main").waitFor();
};

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

e2eSuite("[e2e/early-input]", async (t, e) => {
  /** Runs `fn` on a fresh page, signed in with `rights` or signed out, and closes it. */
  const onFreshPage = async (
    fn: (page: Page, context: BrowserContext) => Promise<void>,
    rights?: number,
  ) => {
    const { context, page } = rights === undefined ? await e.page() : await e.signedIn(rights);
    page.setDefaultTimeout(TIMEOUT);
    try {
      await fn(page, context);
    } finally {
      await context.close();
    }
  };
  await t.step(
    "[e2e/early-input] sign in typed as soon as the form shows, in five fresh pages in a row",
    async () => {
      for (let i = 1; i <= 5; i++) {
        const user = await e.f.user();
        await onFreshPage(async (page) => {
          // Signed out: /management/tgid sends the browser to the login page.
          await page.goto("/management/tgid");
          await page.getByLabel("Username").fill(user.id);
          await page.getByLabel("Password").fill(TEST_PASSWORD);
          await page.getByRole("button", { name: "Sign in" }).click();
          await page.waitForURL((u) => u.pathname === "/management/tgid");
          await headingIs(page, "Tgids");
        });
      }
    },
  );

  await t.step(
    "[e2e/early-input] typed before hydration, pressed after: the fields keep the text and sign in",
    async () => {
      const user = await e.f.user();
      await onFreshPage(async (page, context) => {
        const release = await holdScripts(context);
        await openHeld(page, "/login?next=/information");
        await page.getByLabel("Username").fill(user.id);
        await page.getByLabel("Password").fill(TEST_PASSWORD);
        await page.getByLabel("Remember me").check();
        assert.equal(await isHydrated(page), false, "typed before hydration");
        release();
        await hydrated(page);
        // Hydration kept the text, and a render after it keeps it too.
        assert.equal(await page.getByLabel("Username").inputValue(), user.id);
        assert.equal(await page.getByLabel("Password").inputValue(), TEST_PASSWORD);
        const posts: string[] = [];
        page.on(
          "request",
          (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname),
        );
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL((u) => u.pathname === "/information");
        assert.deepEqual(posts, ["/rest/users/login"], "the hydrated form signed in");
        // "Remember me" was ticked before hydration too: the cookie lasts.
        const cookie = (await context.cookies()).find((c) => c.name === "portal_session");
        assert.ok(cookie && cookie.expires > Date.now() / 1000 + 86400, "a remembered session");
      });
    },
  );

  await t.step(
    "[e2e/early-input] pressed before hydration: a plain POST, the password in no URL",
    async () => {
      const user = await e.f.user();
      await onFreshPage(async (page, context) => {
        const release = await holdScripts(context);
        const requests: { method: string; url: string }[] = [];
        page.on("request", (r) => requests.push({ method: r.method(), url: r.url() }));
        await openHeld(page, "/login?next=/information/about");
        await page.getByLabel("Username").fill(user.id);
        await page.getByLabel("Password").fill(TEST_PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        // The next page's scripts are held too: its HTML is enough.
        await page.waitForURL((u) => u.pathname === "/information/about", {
          waitUntil: "commit",
        });
        release();
        assert.ok(
          requests.some((r) => r.method === "POST" && new URL(r.url).pathname === "/login"),
          "the form was posted",
        );
        assert.ok(!requests.some((r) => r.url.includes(encodeURIComponent(TEST_PASSWORD))));
        assert.ok(!requests.some((r) => r.url.includes(TEST_PASSWORD)));
      });
    },
  );

  await t.step(
    "[e2e/early-input] a new password typed before hydration is set, pressed before or after",
    async () => {
      for (const pressed of ["after", "before"] as const) {
        const user = await e.f.user();
        const token = await e.f.resetToken(user.key);
        await onFreshPage(async (page, context) => {
          const release = await holdScripts(context);
          const newPassword = `${unique("Pw")}-${pressed}`;
          await openHeld(page, `/login/reset?token=${encodeURIComponent(token)}`);
          await page.getByLabel(/^New password/).fill(newPassword);
          await page.getByLabel("Confirm the new password").fill(newPassword);
          if (pressed === "after") {
            release();
            await hydrated(page);
          }
          await page.getByRole("button", { name: "Set password" }).click();
          await page.waitForURL((u) => u.pathname === "/login", { waitUntil: "commit" });
          release();
          await toast(page, "success", USER_MESSAGES.passwordSet).waitFor();
          // The new password works.
          await page.getByLabel("Username").fill(user.id);
          await page.getByLabel("Password").fill(newPassword);
          await page.getByRole("button", { name: "Sign in" }).click();
          await page.waitForURL((u) => u.pathname === "/");
        });
      }
    },
  );

  await t.step(
    "[e2e/early-input] a table filter typed before hydration applies once the table is live",
    async () => {
      await onFreshPage(async (page, context) => {
        const tag = unique("Early");
        await e.f.company(`${tag} Alpha`);
        await e.f.company(`${tag} Beta`);
        const release = await holdScripts(context);
        await openHeld(page, "/administration/companies");
        await page.getByLabel("Name", { exact: true }).fill(`${tag} Beta`);
        release();
        await eventually(
          () => assert.equal(new URL(page.url()).searchParams.get("filter.name"), `${tag} Beta`),
          TIMEOUT,
        );
        await page.getByRole("link", { name: `${tag} Beta` }).waitFor();
        assert.equal(await page.getByRole("link", { name: `${tag} Alpha` }).count(), 0);
      }, 1);
    },
  );

  await t.step(
    "[e2e/early-input] a quick search typed before hydration runs once the header is live",
    async () => {
      await onFreshPage(async (page, context) => {
        const name = `${unique("Quick")} Marine`;
        await e.f.company(name);
        const release = await holdScripts(context);
        await openHeld(page, "/information");
        await page.getByRole("combobox", { name: "Search Company" }).fill(name);
        release();
        await page.getByRole("option", { name: new RegExp(name) }).click();
        await page.waitForURL((u) => /^\/administration\/companies\/\d+$/.test(u.pathname));
        await headingIs(page, name);
      }, 1);
    },
  );

  await t.step(
    "[e2e/early-input] a button pressed before its island is live acts once it is",
    async () => {
      await onFreshPage(async (page, context) => {
        const release = await holdScripts(context);
        await openHeld(page, "/administration/companies");
        // Pressed while the page cannot act on it yet: the press waits, it is not lost.
        const press = page.getByRole("button", { name: "New company" }).click();
        await page.waitForTimeout(300);
        assert.equal(await isHydrated(page), false);
        release();
        await press;
        await page.getByRole("dialog", { name: "New company" }).waitFor({ state: "visible" });
      }, 1);
    },
  );

  await t.step(
    "[e2e/early-input] a script-driven form pressed before hydration waits, then is sent once live (never a GET)",
    async () => {
      const { context, page, userId } = await e.signedIn(100);
      page.setDefaultTimeout(TIMEOUT);
      try {
        const [me] = await e.database.db.select().from(users).where(eq(users.id, userId));
        const tgid = await e.f.tgid({ teamId: me.teamId! });
        const dnid = await e.f.dnid({ companyId: me.companyId, tgidId: tgid.id });
        await e.f.dnidStatus({ dnidId: dnid.id, les: 21, member: 5 });
        const release = await holdScripts(context);
        await openHeld(page, `/commands/poll/${dnid.id}-21-5`);
        await page.locator("#poll-form select[name=pollType]").selectOption("3");
        // Pressed while the page cannot act on it yet: the press waits, it is not sent natively
        // (a GET of the page with the fields in its URL).
        const press = page.getByRole("button", { name: "Send" }).click();
        await page.waitForTimeout(300);
        assert.equal(await isHydrated(page), false);
        assert.equal(new URL(page.url()).search, "");
        release();
        await press;
        const result = page.locator(".command-result[data-list]");
        await result.waitFor();
        const listId = Number(await result.getAttribute("data-list"));
        const sent = await e.database.db.select().from(commands)
          .where(eq(commands.listId, listId));
        assert.deepEqual(sent.map((c) => [c.command, c.commandSubType]), [["pollCommand", 3]]);
        assert.equal(new URL(page.url()).search, "");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/early-input] create dialogs used as soon as the list shows: company, team, user",
    async () => {
      await onFreshPage(async (page) => {
        const tag = unique("Fast");
        // Company: open the list, press "New company" at once, type, create.
        await page.goto("/administration/companies");
        await page.getByRole("button", { name: "New company" }).click();
        let dialog = page.getByRole("dialog", { name: "New company" });
        await dialog.getByLabel("Name").fill(`${tag} Company`);
        await dialog.getByRole("button", { name: "Create", exact: true }).click();
        await page.waitForURL((u) => /^\/administration\/companies\/\d+$/.test(u.pathname));
        await headingIs(page, `${tag} Company`);

        // Team of that company.
        await page.goto("/administration/teams");
        await page.getByRole("button", { name: "New team" }).click();
        dialog = page.getByRole("dialog", { name: "New team" });
        await dialog.getByLabel("Name").fill(`${tag} Team`);
        await dialog.getByLabel("Company").fill(`${tag} Company`);
        await dialog.getByRole("option", { name: new RegExp(`${tag} Company`) }).click();
        await dialog.getByRole("button", { name: "Create", exact: true }).click();
        await page.waitForURL((u) => /^\/administration\/teams\/\d+$/.test(u.pathname));
        await headingIs(page, `${tag} Team`);

        // User in that team.
        const id = `${tag.toLowerCase()}@e2e.example`;
        await page.goto("/administration/users");
        await page.getByRole("button", { name: "New user" }).click();
        dialog = page.getByRole("dialog", { name: "New user" });
        await dialog.getByRole("combobox", { name: "Company" }).fill(`${tag} Company`);
        await dialog.getByRole("option", { name: `${tag} Company` }).click();
        await dialog.getByRole("combobox", { name: "Team" }).selectOption({
          label: `${tag} Team`,
        });
        await dialog.getByLabel("User id (login)").fill(id);
        await dialog.getByRole("button", { name: "Create", exact: true }).click();
        await closePasswordLink(page);
        await page.waitForURL((u) => u.pathname === `/administration/users/${id}`);
        assert.equal(path(page), `/administration/users/${id}`);
      }, 1);
    },
  );
});
