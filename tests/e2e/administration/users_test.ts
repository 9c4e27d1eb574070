/**
 * Browser tests of the user pages: an administrator creates users through the dialog (both
 * variants, and the company/team message), edits one, deactivates and reactivates from the
 * list's context menu, changes an id, adds and deletes an alias, and resets a password; the
 * user follows the link, sets a new password and signs in with it.
 */
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { closePasswordLink, inView, mail, openDialog, toast } from "../page_helpers.ts";
import {
  addAlias,
  chooseCompany,
  confirmAliasDelete,
  confirmPasswordAndSignIn,
  deleteAlias,
  resetLink,
} from "./user_steps.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";
import { passwordResets, userAliases, users } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;
const NEW_PASSWORD = "Brand-new-password-9";

/** The list's row of a user, shown by filtering on its id (Enter applies at once). */
async function showRow(page: Page, id: string) {
  const filter = page.getByRole("searchbox", { name: "Id" });
  await filter.fill(id);
  await filter.press("Enter");
  const row = page.locator(`[data-table="users"] tbody tr[data-row="${id}"]`);
  await row.waitFor();
  return row;
}

/**
 * Opens a row's context menu with a right-click on its name cell (toasts in the corner may cover
 * the row's ⋮ button) and chooses `item`. The page is scrolled first: the menu closes on a scroll.
 */
async function rowMenu(page: Page, row: Locator, item: string) {
  const cell = row.locator("td").nth(2);
  await inView(cell);
  await cell.click({ button: "right" });
  await page.getByRole("menuitem", { name: item }).click();
}

e2eSuite("[e2e/users]", async (t, e) => {
  const db = e.database.db;
  const byId = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
  const company = await e.f.company(unique("Acme Shipping"));
  const team = await e.f.team({ companyId: company.id, name: unique("Bridge") });
  const other = await e.f.team({ companyId: company.id, name: unique("Deck") });
  const admin = await e.signedIn(1);
  const { page } = admin;
  page.setDefaultTimeout(TIMEOUT);
  const created = mail("created");
  const another = mail("another");

  const openList = async () => {
    await page.goto("/administration/users");
  };
  /** The new user dialog with the company, team, id and first name filled. */
  const newUser = async (teamName: string, id: string, firstName: string) => {
    const dialog = await openDialog(page, "New user");
    await chooseCompany(dialog, company.name, teamName);
    await dialog.getByRole("textbox", { name: /^User id/ }).fill(id);
    await dialog.getByRole("textbox", { name: /^First name/ }).fill(firstName);
    return dialog;
  };

  await t.step("[e2e/users] without company and team the dialog says so", async () => {
    await openList();
    const dialog = await openDialog(page, "New user");
    // New users default to web access only and 10 e-mails per hour.
    assert.equal(
      await dialog.getByRole("checkbox", { name: "Web", exact: true }).isChecked(),
      true,
    );
    for (const name of ["Web services", "FTP", "Download dnid", "Messaging C access"]) {
      assert.equal(await dialog.getByRole("checkbox", { name }).isChecked(), false, name);
    }
    assert.equal(
      await dialog.getByRole("spinbutton", { name: /^Maximum e-mails per hour/ }).inputValue(),
      "10",
    );
    await dialog.getByRole("textbox", { name: /^User id/ }).fill(created);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText(ADMIN_MESSAGES.selectCompanyAndTeam).waitFor();
    assert.equal(await byId(created), undefined, "nothing was sent");
    await assertAccessible(page, "the new user dialog with its errors");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/users] Create and add another keeps the dialog, reset", async () => {
    const dialog = await newUser(other.name, another, "Second");
    await dialog.getByRole("button", { name: "Create and add another" }).click();
    await toast(page, "success", `User ${another} created`).waitFor();
    await closePasswordLink(page);
    await eventually(async () =>
      assert.equal(await dialog.getByRole("textbox", { name: /^User id/ }).inputValue(), "")
    );
    assert.equal(await dialog.getByRole("combobox", { name: "Company" }).inputValue(), "");
    assert.ok(await dialog.isVisible(), "the dialog stays open");
    const row = await byId(another);
    assert.equal(row.teamId, other.id);
    assert.equal(row.firstName, "Second");
    assert.equal(row.webAccess, true);
    assert.equal(row.quota, 10);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  await t.step("[e2e/users] Create opens the new user's page", async () => {
    const dialog = await newUser(team.name, created, "Carla");
    await dialog.getByRole("textbox", { name: /^Last name/ }).fill("Created");
    await dialog.getByRole("checkbox", { name: "FTP" }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    // No e-mail here (no SMTP_RELAY): their set-password link first, then their page.
    assert.match(await closePasswordLink(page), /\/login\/reset\?token=[\w-]{43}$/);
    await page.waitForURL((u) => u.pathname === `/administration/users/${created}`);
    await page.getByRole("heading", { level: 1, name: `Carla Created (${created})` }).waitFor();
    // A new user has no password yet.
    await page.getByText(USER_MESSAGES.noPassword).waitFor();
    const row = await byId(created);
    assert.equal(row.ftpAccess, true);
    assert.equal(row.teamId, team.id);
  });

  await t.step("[e2e/users] the user's History: the creation, then an edit at once", async () => {
    // Still on the new user's page (the step above).
    const section = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: /^History/ }),
    });
    await inView(section);
    assert.match(await section.innerText(), /History \(1\)[\s\S]*usersCreate[\s\S]*insert/);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Edit user ${created}` });
    await dialog.getByRole("textbox", { name: /^Customer care case/ }).fill("CASE-9");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    // No reload: the section fetches the entries again when the page's user changes.
    await eventually(async () =>
      assert.match(
        await section.innerText(),
        /History \(2\)[\s\S]*usersUpdate[\s\S]*subject: empty → "CASE-9"/,
      )
    );
  });

  await t.step("[e2e/users] edit a user from the list's context menu", async () => {
    await openList();
    const row = await showRow(page, another);
    await rowMenu(page, row, "Edit");
    const dialog = page.getByRole("dialog", { name: `Edit user ${another}` });
    await dialog.waitFor();
    assert.equal(
      await dialog.getByRole("textbox", { name: /^First name/ }).inputValue(),
      "Second",
    );
    await dialog.getByRole("textbox", { name: /^Last name/ }).fill("Edited");
    await dialog.getByRole("textbox", { name: /^Customer care case/ }).fill("CASE-7");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", `User ${another} saved`).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await eventually(async () => assert.match(await row.innerText(), /Second Edited/));
    const stored = await byId(another);
    assert.equal(stored.lastName, "Edited");
    assert.equal(stored.subject, "CASE-7");
  });

  await t.step("[e2e/users] deactivate and reactivate from the context menu", async () => {
    const row = await showRow(page, another);
    await rowMenu(page, row, "Deactivate");
    await page.getByRole("dialog", { name: "Deactivate user" })
      .getByRole("button", { name: "Deactivate" }).click();
    await eventually(async () => assert.match(await row.innerText(), /Inactive/));
    assert.equal((await byId(another)).active, false);

    await rowMenu(page, row, "Activate");
    await page.getByRole("dialog", { name: "Activate user" })
      .getByRole("button", { name: "Activate" }).click();
    await eventually(async () => assert.doesNotMatch(await row.innerText(), /Inactive/));
    assert.equal((await byId(another)).active, true);
  });

  const renamed = mail("renamed");
  await t.step("[e2e/users] change the id: the page follows the new id", async () => {
    await page.goto(`/administration/users/${created}`);
    await assertAccessible(page, "the user page");
    const key = (await byId(created)).key;
    const dialog = await openDialog(page, "Change user id");
    await dialog.getByRole("textbox", { name: /^New user id/ }).fill(renamed);
    await dialog.getByRole("button", { name: "Change user id" }).click();
    await page.waitForURL((u) => u.pathname === `/administration/users/${renamed}`);
    await page.getByRole("heading", { level: 1, name: `Carla Created (${renamed})` })
      .waitFor();
    assert.equal((await byId(renamed)).key, key, "the same user");
  });

  await t.step("[e2e/users] add an e-mail alias and delete it", async () => {
    const alias = mail("alias");
    await deleteAlias(page, await addAlias(page, alias), alias);
  });

  await t.step(
    "[e2e/users] an alias removed meanwhile elsewhere: 'Error on alias deletion'",
    async () => {
      const alias = mail("gone");
      const item = await addAlias(page, alias);
      // Another administrator deletes it before this page does.
      await e.database.db.delete(userAliases).where(eq(userAliases.mail, alias));
      await confirmAliasDelete(page, item, alias);
      await toast(page, "error", new RegExp(`${ADMIN_MESSAGES.aliasDeleteError}: `))
        .waitFor();
    },
  );

  await t.step("[e2e/users] reset the password; the link sets a new one", async () => {
    const dialog = await openDialog(page, "Reset password");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await dialog.getByText(USER_MESSAGES.reasonRequired).waitFor();
    // A reason of two lines, as the box invites (a single-line rule refused the line break).
    const reason = dialog.getByRole("textbox", { name: /^Reason/ });
    await reason.fill("New account");
    await reason.press("Enter");
    await reason.pressSequentially("asked for by phone");
    const link = await resetLink(dialog);
    // The newest link of the user: creating the user issued the first one.
    const [recorded] = await db.select({ reason: passwordResets.reason })
      .from(passwordResets).where(eq(passwordResets.userKey, (await byId(renamed)).key))
      .orderBy(desc(passwordResets.id)).limit(1);
    assert.equal(recorded.reason, "New account\nasked for by phone");
    await dialog.getByRole("button", { name: "Done" }).click();

    // The user, in their own browser.
    const { context, page: user } = await e.page();
    try {
      user.setDefaultTimeout(TIMEOUT);
      await user.goto(link);
      await assertAccessible(user, "the set-password page");
      await user.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await user.getByLabel(/^Confirm the new password/).fill("something else");
      await user.getByRole("button", { name: "Set password" }).click();
      await user.getByText(USER_MESSAGES.passwordsDiffer).waitFor();
      await confirmPasswordAndSignIn(user, renamed, NEW_PASSWORD);
    } finally {
      await context.close();
    }
    // The link worked once.
    const fresh = await e.page();
    try {
      await fresh.page.goto(link);
      await fresh.page.getByText(/This password link is invalid/).waitFor();
    } finally {
      await fresh.context.close();
    }
  });
});
