/**
 * Browser tests of the company and team administration: the create dialog in both variants,
 * the list filter kept in the URL, a team created from its company's page, the company picker's
 * 'Please select a company', moving a team with "Add existing team", and the team delete rules
 * as the user sees them (refusal toast, or gone).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, openDialog, path, toast } from "../page_helpers.ts";
import { companyPreset } from "./user_steps.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { companies, teams, users } from "../../../db/schema/mod.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/companies-teams]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const open = async (url: string) => {
    await page.goto(url);
  };
  const tag = unique("E2E");
  let companyId = 0;
  let companyName = "";
  let teamId = 0;
  await t.step("[e2e/companies] 'Create' adds the company and opens its page", async () => {
    await open("/administration/companies");
    await headingIs(page, "Companies");
    const dialog = await openDialog(page, "New company");
    // Errors show only after a submit attempt; an invalid form is not sent.
    assert.equal(await dialog.getByRole("alert").count(), 0);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText("Name is required").waitFor();

    companyName = `${tag} Shipping`;
    await dialog.getByLabel("Name").fill(companyName);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL((u) => /^\/administration\/companies\/\d+$/.test(u.pathname));
    await headingIs(page, companyName);
    companyId = Number(path(page).split("/").pop());
    const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
    assert.equal(row.name, companyName);
    await toast(page, "success", `Company ${companyName} created`).waitFor();
    // The page's sections, empty for now.
    for (const section of ["Teams", "Tgids", "Enids", "Dnids", "Terminals", "Users"]) {
      await page.getByRole("heading", { name: new RegExp(`^${section} \\(0\\)$`) }).waitFor();
    }
  });

  await t.step(
    "[e2e/companies] 'Create and add another' keeps the dialog open with a reset form",
    async () => {
      await open("/administration/companies");
      const dialog = await openDialog(page, "New company");
      const name = dialog.getByLabel("Name");
      for (const suffix of ["Alpha", "Beta"]) {
        await name.fill(`${tag} ${suffix}`);
        await dialog.getByRole("button", { name: "Create and add another" }).click();
        await toast(page, "success", `Company ${tag} ${suffix} created`).waitFor();
        await eventually(async () => assert.equal(await name.inputValue(), ""));
        assert.ok(await dialog.isVisible());
        assert.equal(await dialog.getByRole("alert").count(), 0, "no error after the reset");
      }
      assert.equal(path(page), "/administration/companies");
      // A taken name: the server's message in the dialog.
      await name.fill(companyName);
      await dialog.getByRole("button", { name: "Create and add another" }).click();
      await dialog.getByText(`A company named "${companyName}" already exists`).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      const made = await db.select().from(companies);
      for (const suffix of ["Alpha", "Beta"]) {
        assert.ok(made.some((c) => c.name === `${tag} ${suffix}`), suffix);
      }
    },
  );

  await t.step("[e2e/companies] the list filter is kept in the URL", async () => {
    await open("/administration/companies");
    const table = page.locator('[data-table="companies"]');
    await table.getByLabel("Name").fill(tag.toLowerCase());
    // Applied after the table's pause, then written to the URL.
    await eventually(
      () => assert.equal(new URL(page.url()).searchParams.get("filter.name"), tag.toLowerCase()),
      6000,
    );
    const names = () => table.locator("tbody tr[data-row] td:nth-child(3)").allTextContents();
    await eventually(async () =>
      assert.deepEqual(await names(), [`${tag} Alpha`, `${tag} Beta`, `${tag} Shipping`])
    );
    await page.reload();
    assert.deepEqual(await names(), [`${tag} Alpha`, `${tag} Beta`, `${tag} Shipping`]);
    assert.equal(await table.getByLabel("Name").inputValue(), tag.toLowerCase());
    // The row opens the company's page.
    await table.getByRole("link", { name: `${tag} Shipping` }).click();
    await page.waitForURL((u) => u.pathname === `/administration/companies/${companyId}`);
    await headingIs(page, companyName);
  });

  await t.step(
    "[e2e/companies] a new team from the company's page is in that company",
    async () => {
      await open(`/administration/companies/${companyId}`);
      const dialog = await openDialog(page, "New team");
      await companyPreset(dialog, companyName);
      assert.equal(await dialog.getByLabel("Role (rights)").inputValue(), "100");
      await dialog.getByLabel("Name").fill(`${tag} Fleet`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await page.waitForURL((u) => /^\/administration\/teams\/\d+$/.test(u.pathname));
      await headingIs(page, `${tag} Fleet`);
      teamId = Number(path(page).split("/").pop());
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
      assert.equal(row.companyId, companyId);
      assert.equal(row.rights, 100);
      await page.getByRole("link", { name: companyName }).first().waitFor();
    },
  );

  await t.step(
    "[e2e/teams] the teams page asks for a company, then creates the team with the picked one",
    async () => {
      await open("/administration/teams");
      await headingIs(page, "Teams");
      const dialog = await openDialog(page, "New team");
      await dialog.getByLabel("Name").fill(`${tag} Spare`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText(ADMIN_MESSAGES.selectCompany, { exact: true }).waitFor();
      assert.equal(path(page), "/administration/teams");

      const picker = dialog.getByRole("combobox", { name: "Company" });
      await picker.fill(`${tag} Ship`);
      await dialog.getByRole("option", { name: new RegExp(`^${companyName}`) }).click();
      assert.equal(await picker.inputValue(), companyName);
      await eventually(async () =>
        assert.equal(await dialog.getByText(ADMIN_MESSAGES.selectCompany).count(), 0)
      );
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await page.waitForURL((u) => /^\/administration\/teams\/\d+$/.test(u.pathname));
      await headingIs(page, `${tag} Spare`);
    },
  );

  await t.step(
    "[e2e/teams] a team with users cannot be deleted: the refusal is shown and the team stays",
    async () => {
      await f.user({ teamId, companyId });
      await open(`/administration/teams?filter.name=${encodeURIComponent(`${tag} Fleet`)}`);
      const table = page.locator('[data-table="teams"]');
      await table.locator(`tbody tr[data-row="${teamId}"]`).waitFor();
      const actions = table.getByRole("button", { name: `Actions for team ${tag} Fleet` });
      await inView(actions);
      await actions.click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete team" });
      await confirm.waitFor({ state: "visible" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(page, "error", ADMIN_MESSAGES.teamHasUsers).waitFor();
      assert.equal(
        (await db.select().from(teams).where(eq(teams.id, teamId))).length,
        1,
        "the team remains",
      );
      await table.locator(`tbody tr[data-row="${teamId}"]`).waitFor();
    },
  );

  await t.step("[e2e/teams] an empty team is deleted from its page", async () => {
    const [spare] = await db.select().from(teams).where(eq(teams.name, `${tag} Spare`));
    await open(`/administration/teams/${spare.id}`);
    await headingIs(page, `${tag} Spare`);
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete team" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((u) => u.pathname === "/administration/teams");
    await toast(page, "success", `Team ${tag} Spare deleted`).waitFor();
    assert.equal((await db.select().from(teams).where(eq(teams.id, spare.id))).length, 0);
  });

  await t.step(
    "[e2e/companies] Edit from the row menu renames the company",
    async () => {
      await open(`/administration/companies?filter.name=${encodeURIComponent(tag)}`);
      const table = page.locator('[data-table="companies"]');
      const actions = table.getByRole("button", { name: `Actions for company ${tag} Alpha` });
      await inView(actions);
      await actions.click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog", { name: `Edit company ${tag} Alpha` });
      await dialog.waitFor({ state: "visible" });
      const name = dialog.getByLabel("Name");
      assert.equal(await name.inputValue(), `${tag} Alpha`);
      await assertAccessible(page, "the company edit dialog");
      // Another company's name: the server's refusal, in the dialog.
      await name.fill(companyName);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText(`A company named "${companyName}" already exists`).waitFor();
      await name.fill(`${tag} Alpha Renamed`);
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "success", `Company ${tag} Alpha Renamed saved`).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await table.getByRole("link", { name: `${tag} Alpha Renamed` }).waitFor();
    },
  );

  await t.step(
    "[e2e/companies] Delete from the row menu: what blocks it, or its name typed, then gone",
    async () => {
      const [beta] = await db.select().from(companies)
        .where(eq(companies.name, `${tag} Beta`));
      await f.dnid({ companyId: beta.id });
      await open(`/administration/companies?filter.name=${encodeURIComponent(tag)}`);
      const table = page.locator('[data-table="companies"]');
      const deleteDialog = async (name: string) => {
        const actions = table.getByRole("button", { name: `Actions for company ${name}` });
        await inView(actions);
        await actions.click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
        const dialog = page.getByRole("dialog", { name: `Delete company ${name}` });
        await dialog.waitFor({ state: "visible" });
        return dialog;
      };
      // A company with a dnid: the dialog says so, and offers no way to delete it.
      const blocked = await deleteDialog(`${tag} Beta`);
      await blocked.locator("[data-delete-blockers] li", { hasText: "1 dnid" }).waitFor();
      assert.equal(await blocked.getByRole("textbox").count(), 0);
      assert.ok(await blocked.getByRole("button", { name: "Delete" }).isDisabled());
      await blocked.getByRole("button", { name: "Cancel" }).click();
      await blocked.waitFor({ state: "hidden" });
      assert.equal(
        (await db.select().from(companies).where(eq(companies.id, beta.id))).length,
        1,
      );

      const name = `${tag} Alpha Renamed`;
      const dialog = await deleteDialog(name);
      const confirm = dialog.getByRole("textbox", { name: /^Type the company's name/ });
      await confirm.fill(name);
      await dialog.getByRole("button", { name: "Delete" }).click();
      await toast(page, "success", `Company ${name} deleted`).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () =>
        assert.equal(await table.getByRole("link", { name }).count(), 0)
      );
    },
  );

  await t.step(
    "[e2e/companies] Delete on a company's page counts its teams and users and waits for its name",
    async () => {
      const company = await f.company(unique("Doomed Fisheries"));
      const teamA = await f.team({ companyId: company.id });
      const teamB = await f.team({ companyId: company.id });
      for (const teamId of [teamA.id, teamA.id, teamB.id]) {
        await f.user({ teamId, companyId: company.id });
      }
      await open(`/administration/companies/${company.id}`);
      await headingIs(page, company.name);
      await page.getByRole("button", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog", { name: `Delete company ${company.name}` });
      await dialog.waitFor({ state: "visible" });
      const counts = dialog.locator("[data-delete-counts] li");
      await counts.first().waitFor();
      assert.deepEqual(await counts.allInnerTexts(), [
        "2 teams",
        "3 users, with their e-mail aliases and sessions",
      ]);
      await assertAccessible(page, "the company delete dialog");

      // Delete waits for the exact name: not a part of it, not another case.
      const remove = dialog.getByRole("button", { name: "Delete" });
      const confirm = dialog.getByRole("textbox", { name: /^Type the company's name/ });
      assert.ok(await remove.isDisabled(), "nothing typed");
      for (const wrong of [company.name.slice(0, -1), company.name.toLowerCase(), "x"]) {
        await confirm.fill(wrong);
        assert.ok(await remove.isDisabled(), wrong);
      }
      await confirm.press("Enter"); // not confirmed: nothing happens
      await page.waitForTimeout(300);
      assert.equal(path(page), `/administration/companies/${company.id}`);
      assert.equal(
        (await db.select().from(companies).where(eq(companies.id, company.id))).length,
        1,
      );

      await confirm.fill(company.name);
      await remove.click();
      await page.waitForURL((u) => u.pathname === "/administration/companies");
      await toast(page, "success", `Company ${company.name} deleted`).waitFor();
      await headingIs(page, "Companies");
      assert.equal(
        (await db.select().from(companies).where(eq(companies.id, company.id))).length,
        0,
      );
      assert.equal(
        (await db.select().from(teams).where(eq(teams.companyId, company.id))).length,
        0,
      );
      assert.equal(
        (await db.select().from(users).where(eq(users.companyId, company.id))).length,
        0,
      );
    },
  );

  await t.step(
    "[e2e/teams] a failed edit shows 'Team update error' and the server's reason",
    async () => {
      await open(`/administration/teams/${teamId}`);
      await page.getByRole("button", { name: "Edit" }).click();
      const dialog = page.getByRole("dialog", { name: `Edit team ${tag} Fleet` });
      await dialog.waitFor({ state: "visible" });
      assert.equal(
        await dialog.getByRole("combobox", { name: "Company" }).inputValue(),
        companyName,
      );
      await assertAccessible(page, "the team edit dialog");
      // An administrator (rights 1) cannot make a Super Administrator team.
      await dialog.getByLabel("Role (rights)").selectOption("0");
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "error", ADMIN_MESSAGES.teamUpdateError).waitFor();
      await dialog.getByText("You cannot grant rights above your own").waitFor();
      await dialog.getByLabel("Role (rights)").selectOption("15");
      await dialog.getByLabel("Mtl info active").check();
      await dialog.getByRole("button", { name: "Save" }).click();
      await toast(page, "success", `Team ${tag} Fleet saved`).waitFor();
      await dialog.waitFor({ state: "hidden" });
      // The page is rendered again with the saved values.
      await page.locator(".detail-facts").getByText("15 Customer Care").waitFor();
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
      assert.equal(row.rights, 15);
      assert.equal(row.mtlInfoActive, true);
      await assertAccessible(page, "the team page");
    },
  );

  await t.step(
    "[e2e/companies] 'Add existing team' moves a team of another company here, users too",
    async () => {
      const other = await f.team({ name: `${tag} Nomads` });
      const nomad = await f.user({ teamId: other.id, companyId: other.companyId });
      await open(`/administration/companies/${companyId}`);
      const dialog = await openDialog(page, "Add existing team");
      await dialog.getByRole("button", { name: `Add to ${companyName}` }).click();
      await dialog.getByText("Please select a team").waitFor();
      await dialog.getByRole("combobox", { name: "Team" }).fill(`${tag} Nom`);
      await dialog.getByRole("option", { name: new RegExp(`^${tag} Nomads`) }).click();
      await dialog.getByRole("button", { name: `Add to ${companyName}` }).click();
      await toast(page, "success", ADMIN_MESSAGES.teamListUpdated).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await page.locator(`[data-table="company-teams"]`).getByRole("link", {
        name: `${tag} Nomads`,
      })
        .waitFor();
      const [moved] = await db.select().from(teams).where(eq(teams.id, other.id));
      assert.equal(moved.companyId, companyId);
      const [u] = await db.select().from(users).where(eq(users.key, nomad.key));
      assert.equal(u.companyId, companyId);
      await page.locator(`[data-table="company-users"]`).getByRole("link", { name: nomad.id })
        .waitFor();
      await assertAccessible(page, "a company page with teams and users");
      await openDialog(page, "New team");
      await assertAccessible(page, "the new team dialog");
    },
  );
});
