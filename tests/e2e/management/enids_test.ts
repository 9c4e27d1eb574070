/**
 * Browser tests of the enid pages, as a client user of a company: the add dialog asks for a team
 * before anything is sent, then creates the enid and opens its page; a taken id is refused with
 * the spec's message; "Manage teams" shows its toast, and two users editing the team list at once
 * both keep their changes; the list shows the company's enids only;
 * delete goes back to the list. An administrator chooses the company in the add dialog.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually, submitLogin } from "../harness.ts";
import { headingIs, inView, path, pick, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { editTeamsTogether } from "./team_editors.ts";
import { unique } from "../../fixtures/factories.ts";
import { enids, enidTeams, users } from "../../../db/schema/mod.ts";
import { ENID_MESSAGES } from "../../../openapi/schemas/enids.ts";

const TIMEOUT = 10_000;

const newEnidDialog = async (page: Page) => {
  await page.getByRole("button", { name: "New enid" }).click();
  const dialog = page.getByRole("dialog", { name: "New enid" });
  await dialog.waitFor({ state: "visible" });
  return dialog;
};

e2eSuite("[e2e/enids]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, userId } = await e.signedIn(100);
  page.setDefaultTimeout(TIMEOUT);
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  const tag = unique("Enid");
  // The client's company: its own team, a second team and a rul; another company's enid.
  const companyId = me.companyId;
  const fleet = await f.team({ companyId, name: `${tag} Fleet` });
  const rul = await f.rul({ companyId, name: `${tag} Customer` });
  const first = await f.enid({ companyId, rulId: rul.id, teamIds: [me.teamId] });
  const stranger = await f.company(`${tag} Stranger`);
  const strangerRul = await f.rul({ companyId: stranger.id });
  const theirs = await f.enid({ companyId: stranger.id, rulId: strangerRul.id });
  const countOwn = async () =>
    (await db.select().from(enids).where(eq(enids.companyId, companyId))).length;
  let created = 0;
  await t.step(
    "[e2e/enids] without a team nothing is sent; with one the enid opens",
    async () => {
      await page.goto("/management/enid");
      await headingIs(page, "Enids");
      const dialog = await newEnidDialog(page);
      // The proposed id: the highest of the company's, plus one.
      const id = dialog.getByLabel("Id", { exact: true });
      await eventually(async () => assert.equal(await id.inputValue(), String(first.id + 1)));
      // A client's company is its own: not asked.
      assert.equal(await dialog.getByRole("combobox", { name: "Company" }).count(), 0);
      assert.equal(await dialog.getByRole("alert").count(), 0, "no error before a submit");
      await pick(dialog, "Rul", `${tag} Cust`, `${tag} Customer`);
      const before = await countOwn();
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText(ENID_MESSAGES.teamRequired, { exact: true }).waitFor();
      assert.equal(path(page), "/management/enid");
      assert.equal(await countOwn(), before, "nothing was created");

      await pick(dialog, "Teams", `${tag} Fl`, `${tag} Fleet`);
      await dialog.getByLabel("Comments", { exact: true }).fill(`${tag} note`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      created = first.id + 1;
      await page.waitForURL((u) => u.pathname === `/management/enid/${created}`);
      await headingIs(page, `Enid ${created}`);
      await toast(page, "success", ENID_MESSAGES.created(created)).waitFor();
      const [row] = await db.select().from(enids).where(eq(enids.id, created));
      assert.equal(row.companyId, companyId);
      assert.equal(row.rulId, rul.id);
      assert.equal(row.rulLes, 21);
      assert.equal(row.comments, `${tag} note`);
      const links = await db.select().from(enidTeams).where(eq(enidTeams.enidId, created));
      assert.deepEqual(links.map((l) => l.teamId), [fleet.id]);
      await page.locator('[data-table="enid-teams"]').getByText(`${tag} Fleet`).waitFor();
      await assertAccessible(page, "an enid's page");
    },
  );

  await t.step("[e2e/enids] a taken id is refused with the spec's message", async () => {
    await page.goto("/management/enid");
    const dialog = await newEnidDialog(page);
    const id = dialog.getByLabel("Id", { exact: true });
    await eventually(async () => assert.equal(await id.inputValue(), String(created + 1)));
    await id.fill(String(first.id));
    await pick(dialog, "Rul", `${tag} Cust`, `${tag} Customer`);
    await pick(dialog, "Teams", `${tag} Fl`, `${tag} Fleet`);
    await assertAccessible(page, "the new enid dialog");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText(ENID_MESSAGES.exists(first.id), { exact: true }).waitFor();
    await toast(page, "error", ENID_MESSAGES.notCreated).waitFor();
    assert.equal(path(page), "/management/enid");
    const links = await db.select().from(enidTeams).where(eq(enidTeams.enidId, first.id));
    assert.deepEqual(links.map((l) => l.teamId), [me.teamId], "the enid is untouched");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/enids] the list shows the company's enids only", async () => {
    await page.goto("/management/enid");
    const table = page.locator('[data-table="enids"]');
    await table.locator(`tbody tr[data-row="${first.id}-21"]`).waitFor();
    await table.locator(`tbody tr[data-row="${created}-21"]`).waitFor();
    const keys = await table.locator("tbody tr[data-row]").evaluateAll((rows) =>
      rows.map((r) => r.getAttribute("data-row"))
    );
    assert.ok(!keys.includes(`${theirs.id}-21`), "another company's enid is not listed");
    assert.equal(keys.length, 2, keys.join());
    assert.equal(await page.getByText(`${tag} Stranger`).count(), 0);
    // Nor is its page.
    const r = await page.goto(`/management/enid/${theirs.id}`);
    assert.equal(r?.status(), 404);
  });

  await t.step("[e2e/enids] 'Manage teams' from the row menu shows its toast", async () => {
    await page.goto("/management/enid");
    const table = page.locator('[data-table="enids"]');
    const actions = table.getByRole("button", { name: `Actions for enid ${first.id}` });
    await inView(actions);
    await actions.click();
    const items = await page.getByRole("menuitem").allTextContents();
    assert.deepEqual(items.map((s) => s.trim()), ["Open", "Edit", "Manage teams", "Delete"]);
    await page.getByRole("menuitem", { name: "Manage teams" }).click();
    const dialog = page.getByRole("dialog", { name: `Teams of enid ${first.id}` });
    await dialog.waitFor({ state: "visible" });
    // Removing every team is refused before anything is sent.
    await eventually(async () =>
      assert.equal(await dialog.getByRole("button", { name: /^Remove / }).count(), 1)
    );
    await dialog.getByRole("button", { name: /^Remove / }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText(ENID_MESSAGES.teamRequired, { exact: true }).waitFor();
    await pick(dialog, "Teams", `${tag} Fl`, `${tag} Fleet`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", ENID_MESSAGES.teamListUpdated).waitFor();
    await dialog.waitFor({ state: "hidden" });
    const links = await db.select().from(enidTeams).where(eq(enidTeams.enidId, first.id));
    assert.deepEqual(links.map((l) => l.teamId), [fleet.id]);
    await eventually(async () =>
      assert.match(
        await table.locator(`tbody tr[data-row="${first.id}-21"]`).textContent() ?? "",
        new RegExp(`${tag} Fleet`),
      )
    );
  });

  await t.step("[e2e/enids] two users edit an enid's teams at once: both kept", async () => {
    const harbour = await f.team({ companyId, name: `${tag} Harbour` });
    const shore = await f.team({ companyId, name: `${tag} Shore` });
    const shared = await f.enid({ companyId, rulId: rul.id, teamIds: [me.teamId, harbour.id] });
    // A second user of the same company.
    const colleague = await f.user({ teamId: me.teamId, companyId });
    const other = await e.page();
    try {
      other.page.setDefaultTimeout(TIMEOUT);
      await other.page.goto("/login");
      await submitLogin(other.page, colleague.id);
      await other.page.waitForURL((u) => u.pathname === "/");
      await editTeamsTogether({ a: page, b: other.page }, {
        open: async (p) => {
          await p.goto(`/management/enid/${shared.id}`);
          await p.getByRole("button", { name: "Manage teams" }).click();
          const dialog = p.getByRole("dialog", { name: `Teams of enid ${shared.id}` });
          await dialog.waitFor({ state: "visible" });
          return dialog;
        },
        reads: "/rest/enids/getTeams",
      }, { add: shore.name, remove: harbour.name });
      const links = await db.select().from(enidTeams).where(eq(enidTeams.enidId, shared.id));
      assert.deepEqual(
        links.map((l) => l.teamId).sort((x, y) => x - y),
        [me.teamId, shore.id].sort((x, y) => x - y),
      );
      // B's page shows the list from the server, A's team in it.
      const teams = other.page.locator('[data-table="enid-teams"]');
      await teams.getByText(shore.name).waitFor();
      assert.equal(await teams.getByText(harbour.name).count(), 0);
    } finally {
      await other.context.close();
    }
  });

  await t.step("[e2e/enids] delete from the enid's page goes back to the list", async () => {
    await page.goto(`/management/enid/${created}`);
    await headingIs(page, `Enid ${created}`);
    await page.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete enid" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((u) => u.pathname.replace(/\/$/, "") === "/management/enid");
    await toast(page, "success", ENID_MESSAGES.deleted(created)).waitFor();
    assert.equal((await db.select().from(enids).where(eq(enids.id, created))).length, 0);
    assert.equal(
      (await db.select().from(enidTeams).where(eq(enidTeams.enidId, created))).length,
      0,
    );
  });

  await t.step("[e2e/enids] an administrator chooses the company", async () => {
    const admin = await e.signedIn(1);
    admin.page.setDefaultTimeout(TIMEOUT);
    try {
      await admin.page.goto("/management/enid");
      const dialog = await newEnidDialog(admin.page);
      const id = dialog.getByLabel("Id", { exact: true });
      await eventually(async () => assert.notEqual(await id.inputValue(), ""));
      const newId = 2_000_000_000 + Math.floor(Math.random() * 100_000_000);
      await id.fill(String(newId));
      await pick(dialog, "Rul", `${tag} Cust`, `${tag} Customer`);
      await pick(dialog, "Teams", `${tag} Fl`, `${tag} Fleet`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText("Please select a company", { exact: true }).waitFor();
      await pick(dialog, "Company", `${tag} Str`, `${tag} Stranger`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await admin.page.waitForURL((u) => u.pathname === `/management/enid/${newId}`);
      await toast(admin.page, "success", ENID_MESSAGES.created(newId)).waitFor();
      const [row] = await db.select().from(enids).where(eq(enids.id, newId));
      assert.equal(row.companyId, stranger.id);
      // An administrator's page links the rul.
      await admin.page.locator(".detail-facts").getByRole("link", { name: String(rul.id) })
        .waitFor();
    } finally {
      await admin.context.close();
    }
  });
});
