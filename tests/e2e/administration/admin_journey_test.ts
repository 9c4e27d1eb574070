/**
 * The administration journey of issue 4 as one continuous story through the UI: an administrator
 * creates a company, a team on its page and two users in it (both variants of the dialog); edits,
 * deactivates and reactivates the second, changes its id, adds and deletes an alias and resets
 * its password — the user sets a new one through the link in their own browser and signs in with
 * it; the team, which now has users, cannot be deleted; a public news item raises a client's
 * header count by one until the client has seen the news page.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { closePasswordLink, headingIs, mail, openDialog, path, toast } from "../page_helpers.ts";
import {
  addAlias,
  chooseCompany,
  companyPreset,
  confirmPasswordAndSignIn,
  deleteAlias,
  resetLink,
} from "./user_steps.ts";
import { unique } from "../../fixtures/factories.ts";
import { companies, news, newsReads, teams, users } from "../../../db/schema/mod.ts";
import { ADMIN_MESSAGES, NEWS_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";

const TIMEOUT = 10_000;
const NEW_PASSWORD = "Journey-password-42";

/** The header's count of new news. */
const newsCount = async (page: Page) =>
  Number(await page.locator("[data-news-count]").getAttribute("data-news-count"));

/** The value shown for `field` in the user page's table of settings. */
const userField = (page: Page, field: string) =>
  page.locator("table.user-fields tr", {
    has: page.locator("th", { hasText: new RegExp(`^${field}$`) }),
  }).locator("td");

e2eSuite("[e2e/admin-journey]", async (t, e) => {
  const db = e.database.db;
  const userById = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
  const admin = await e.signedIn(1);
  const { page } = admin;
  page.setDefaultTimeout(TIMEOUT);
  const open = async (url: string) => {
    await page.goto(url);
  };

  const tag = unique("Journey");
  const companyName = `${tag} Lines`;
  const teamName = `${tag} Crew`;
  const first = mail("journey-first");
  const second = mail("journey-second");
  const renamed = mail("journey-renamed");
  let companyId = 0;
  let teamId = 0;
  let secondKey = 0;

  await t.step("[e2e/journey] 1. the admin creates a company with 'New company'", async () => {
    await open("/administration/companies");
    await headingIs(page, "Companies");
    const dialog = await openDialog(page, "New company");
    await dialog.getByLabel("Name").fill(companyName);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL((u) => /^\/administration\/companies\/\d+$/.test(u.pathname));
    await headingIs(page, companyName);
    await toast(page, "success", `Company ${companyName} created`).waitFor();
    companyId = Number(path(page).split("/").pop());
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    assert.equal(row.name, companyName);
    await page.getByRole("heading", { name: /^Teams \(0\)$/ }).waitFor();
  });

  await t.step(
    "[e2e/journey] 2. on the company's page, 'New team' creates its team",
    async () => {
      assert.equal(path(page), `/administration/companies/${companyId}`);
      const dialog = await openDialog(page, "New team");
      await companyPreset(dialog, companyName);
      await dialog.getByLabel("Name").fill(teamName);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await page.waitForURL((u) => /^\/administration\/teams\/\d+$/.test(u.pathname));
      await headingIs(page, teamName);
      teamId = Number(path(page).split("/").pop());
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
      assert.equal(row.companyId, companyId);
      assert.equal(row.name, teamName);
      await page.getByRole("link", { name: companyName }).first().waitFor();
    },
  );

  await t.step(
    "[e2e/journey] 3. two users in that team: 'Create and add another', then 'Create'",
    async () => {
      await open("/administration/users");
      const dialog = await openDialog(page, "New user");
      const userId = dialog.getByRole("textbox", { name: /^User id/ });

      await chooseCompany(dialog, companyName, teamName);
      await userId.fill(first);
      await dialog.getByRole("textbox", { name: /^First name/ }).fill("Ada");
      await dialog.getByRole("textbox", { name: /^Last name/ }).fill("First");
      await dialog.getByRole("button", { name: "Create and add another" }).click();
      await toast(page, "success", `User ${first} created`).waitFor();
      await closePasswordLink(page);
      // The form is reset and the dialog stays open.
      await eventually(async () => assert.equal(await userId.inputValue(), ""));
      assert.equal(await dialog.getByRole("combobox", { name: "Company" }).inputValue(), "");
      assert.equal(await dialog.getByRole("textbox", { name: /^First name/ }).inputValue(), "");
      assert.ok(await dialog.isVisible(), "the dialog stays open");
      assert.equal(path(page), "/administration/users");
      const one = await userById(first);
      assert.equal(one.companyId, companyId);
      assert.equal(one.teamId, teamId);

      // The second user, from the same (reset) dialog.
      await chooseCompany(dialog, companyName, teamName);
      await userId.fill(second);
      await dialog.getByRole("textbox", { name: /^First name/ }).fill("Dora");
      await dialog.getByRole("textbox", { name: /^Last name/ }).fill("Second");
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await closePasswordLink(page);
      await page.waitForURL((u) => u.pathname === `/administration/users/${second}`);
      await page.getByRole("heading", { level: 1, name: `Dora Second (${second})` }).waitFor();
      await page.getByText(USER_MESSAGES.noPassword).waitFor();
      const two = await userById(second);
      assert.equal(two.companyId, companyId);
      assert.equal(two.teamId, teamId);
      assert.equal(two.active, true);
      secondKey = two.key;
    },
  );

  await t.step(
    "[e2e/journey] 4. the second user: edit, deactivate/activate, new id, alias, password",
    async (s) => {
      const actions = page.getByRole("group", { name: "User actions" });

      await s.step("edit the last name from the user page", async () => {
        await actions.getByRole("button", { name: "Edit", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: `Edit user ${second}` });
        await dialog.waitFor({ state: "visible" });
        const last = dialog.getByRole("textbox", { name: /^Last name/ });
        assert.equal(await last.inputValue(), "Second");
        await last.fill("Updated");
        await dialog.getByRole("button", { name: "Save" }).click();
        await toast(page, "success", `User ${second} saved`).waitFor();
        // The heading shows the new name (the page is loaded again).
        await page.getByRole("heading", { level: 1, name: `Dora Updated (${second})` })
          .waitFor();
        assert.equal((await userById(second)).lastName, "Updated");
      });

      await s.step("deactivate, then reactivate, after confirming", async () => {
        const status = userField(page, "Status");
        assert.equal((await status.innerText()).trim(), "Active");
        await actions.getByRole("button", { name: "Deactivate" }).click();
        const off = page.getByRole("dialog", { name: "Deactivate user" });
        await off.waitFor({ state: "visible" });
        await off.getByRole("button", { name: "Deactivate" }).click();
        await toast(page, "success", `User ${second} deactivated`).waitFor();
        await eventually(async () => assert.equal((await status.innerText()).trim(), "Inactive"));
        assert.equal((await userById(second)).active, false);

        await actions.getByRole("button", { name: "Activate" }).click();
        const on = page.getByRole("dialog", { name: "Activate user" });
        await on.waitFor({ state: "visible" });
        await on.getByRole("button", { name: "Activate" }).click();
        await toast(page, "success", `User ${second} activated`).waitFor();
        await eventually(async () => assert.equal((await status.innerText()).trim(), "Active"));
        await actions.getByRole("button", { name: "Deactivate" }).waitFor();
        assert.equal((await userById(second)).active, true);
      });

      await s.step("change the id: the page's URL follows", async () => {
        await actions.getByRole("button", { name: "Change user id" }).click();
        const dialog = page.getByRole("dialog", { name: "Change user id" });
        await dialog.waitFor({ state: "visible" });
        await dialog.getByRole("textbox", { name: /^New user id/ }).fill(renamed);
        await dialog.getByRole("button", { name: "Change user id" }).click();
        await page.waitForURL((u) => u.pathname === `/administration/users/${renamed}`);
        await page.getByRole("heading", { level: 1, name: `Dora Updated (${renamed})` })
          .waitFor();
        assert.equal((await userById(renamed)).key, secondKey, "the same user");
        assert.equal(await userById(second), undefined, "the old id is gone");
      });

      await s.step("add an e-mail alias and delete it", async () => {
        const alias = mail("journey-alias");
        const item = await addAlias(page, alias);
        await toast(page, "success", `Alias ${alias} added`).waitFor();
        await deleteAlias(page, item, alias);
        await page.locator("[data-aliases]").getByText("No aliases.").waitFor();
      });

      await s.step(
        "reset the password; in a fresh browser the link sets a new one, which signs in",
        async () => {
          await actions.getByRole("button", { name: "Reset password" }).click();
          const dialog = page.getByRole("dialog", { name: "Reset password" });
          await dialog.waitFor({ state: "visible" });
          await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Journey: first login");
          const link = await resetLink(dialog);
          await toast(page, "success", `The password of ${renamed} was reset`).waitFor();
          await dialog.getByRole("button", { name: "Done" }).click();
          await dialog.waitFor({ state: "hidden" });

          const { context, page: user } = await e.page();
          try {
            user.setDefaultTimeout(TIMEOUT);
            await user.goto(link);
            await user.getByLabel(/^New password/).fill(NEW_PASSWORD);
            await confirmPasswordAndSignIn(user, renamed, NEW_PASSWORD);
            // Signed in as that user: the header's account menu names them.
            await user.locator('summary[aria-label="Account: Dora Updated"]').waitFor();
          } finally {
            await context.close();
          }

          // The admin's page shows the password set now.
          await page.reload();
          assert.equal((await userField(page, "Password").innerText()).trim(), "Set");
          assert.equal(await page.locator("[data-no-password]").count(), 0);
        },
      );
    },
  );

  await t.step(
    "[e2e/journey] 5. the team has users: its delete is refused and the team stays",
    async () => {
      await open(`/administration/teams/${teamId}`);
      await headingIs(page, teamName);
      await page.getByRole("heading", { name: /^Users \(2\)$/ }).waitFor();
      await page.locator(".admin-actions").getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete team" });
      await confirm.waitFor({ state: "visible" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(page, "error", ADMIN_MESSAGES.teamHasUsers).waitFor();
      await confirm.waitFor({ state: "hidden" });
      assert.equal(path(page), `/administration/teams/${teamId}`, "still on the team's page");
      assert.equal((await db.select().from(teams).where(eq(teams.id, teamId))).length, 1);
      await page.reload();
      await headingIs(page, teamName);
    },
  );

  await t.step(
    "[e2e/journey] 6. a public news item: a client's count goes up by one, then back",
    async () => {
      const client = await e.signedIn(100);
      const cpage = client.page;
      cpage.setDefaultTimeout(TIMEOUT);
      const clientKey = (await userById(client.userId)).key;
      // The client's baseline: news already published (by other tests too) read first, so
      // that "back" below means exactly the count before.
      await cpage.goto("/information/news");
      await cpage.goto("/");
      const before = await newsCount(cpage);

      const title = unique("Journey news");
      await open("/information/news");
      await page.getByRole("button", { name: "Add news" }).click();
      const dialog = page.getByRole("dialog", { name: "Add news" });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Content").fill(`${companyName} is on board.`);
      await dialog.getByRole("switch", { name: /^Public/ }).setChecked(true);
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "success", NEWS_MESSAGES.created).waitFor({ state: "visible" });
      await dialog.waitFor({ state: "hidden" });
      const adminEntry = page.locator("li[data-news-id]", {
        has: page.getByRole("heading", { name: title, exact: true }),
      });
      await adminEntry.waitFor({ state: "visible" });
      const [item] = await db.select().from(news).where(eq(news.title, title));
      assert.equal(item.public, true);

      // The client sees one more on their next page load.
      await cpage.reload();
      assert.equal(await newsCount(cpage), before + 1);

      // The header's link opens the news page; the item is new there, and the count drops.
      await cpage.locator("[data-news-count]").click();
      await cpage.waitForURL((u) => u.pathname === "/information/news");
      const clientEntry = cpage.locator("li[data-news-id]", {
        has: cpage.getByRole("heading", { name: title, exact: true }),
      });
      await clientEntry.waitFor({ state: "visible" });
      assert.equal(await clientEntry.getAttribute("data-new"), "true");
      await eventually(async () => assert.equal(await newsCount(cpage), before));
      const reads = await db.select().from(newsReads).where(
        and(eq(newsReads.newsId, item.id), eq(newsReads.userKey, clientKey)),
      );
      assert.equal(reads.length, 1, "the item is marked read for the client");
      // Still so on the next page load.
      await cpage.goto("/");
      assert.equal(await newsCount(cpage), before);
      await client.context.close();
    },
  );
});
