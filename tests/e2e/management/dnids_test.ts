/**
 * Browser tests of the dnid pages: a dnid created with a new tgid lands on its page; 4660 is
 * refused in the dialog; Toggle Monitoring and LES Details from the row menu; delete from the
 * dnid's page; the allocation page offers a free number; a client sees neither the
 * administrators' entries nor another company's dnids, and on the allocation page its own
 * numbers only; an administrator sees every company's there.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, submitLogin } from "../harness.ts";
import { headingIs, inView, path, toast } from "../page_helpers.ts";
import { unique } from "../../fixtures/factories.ts";
import { dnids, tgids } from "../../../db/schema/mod.ts";
import { DNID_MESSAGES } from "../../../openapi/schemas/messages.ts";

const TIMEOUT = 10_000;

/** Opens the row menu of dnid `id` in the overview. */
async function rowMenu(page: Page, id: number) {
  const actions = page.locator('[data-table="dnids"]')
    .getByRole("button", { name: `Actions for dnid ${id}` });
  await inView(actions);
  await actions.click();
}

e2eSuite("[e2e/dnids]", async (t, e) => {
  const { f } = e;
  const db = e.database.db;
  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const tag = unique("E2E");
  const company = await f.company(`${tag} Fisheries`);
  const team = await f.team({ companyId: company.id, name: `${tag} Fleet`, rights: 100 });
  const tgid = await f.tgid({ teamId: team.id, label: `${tag} Trawlers` });
  const rul = await f.rul({ companyId: company.id, name: `${tag} Customer` });
  /** Numbers no seed or other test uses. */
  const base = 30_000_000 + Math.floor(Math.random() * 60_000_000);
  await t.step("[e2e/dnids] create with a new tgid, and land on the dnid's page", async () => {
    await page.goto("/management/dnids");
    await headingIs(page, "Dnids");
    await page.getByRole("button", { name: "New dnid" }).click();
    const dialog = page.getByRole("dialog", { name: "New dnid" });
    await dialog.waitFor({ state: "visible" });
    const id = dialog.getByLabel("Dnid (LES 21)");
    // The number proposed: the last dnid plus one.
    const last = (await db.select({ id: dnids.id }).from(dnids)).reduce(
      (m, d) => Math.max(m, d.id),
      0,
    );
    await page.waitForFunction(
      (want) => (document.querySelector("#f-dnid-new-id") as HTMLInputElement)?.value === want,
      String(last + 1),
    );
    // A team must be chosen.
    await id.fill(String(base));
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText("Please select a company").waitFor();
    const box = dialog.getByRole("combobox", { name: "Company" });
    await box.fill(company.name);
    await dialog.getByRole("option", { name: company.name }).click();
    await dialog.getByRole("combobox", { name: "Team" }).selectOption({ label: team.name });
    await dialog.getByRole("switch", { name: "Create a new tgid for the team" }).check();
    await dialog.getByLabel("New tgid's label").fill(`${tag} New group`);
    await dialog.getByRole("combobox", { name: "Rul (optional)" }).fill(tag);
    await dialog.getByRole("option", { name: new RegExp(`${tag} Customer`) }).click();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/management/dnids/${base}`);
    await headingIs(page, `Dnid ${base} (LES 21)`);
    await toast(page, "success", `Dnid ${base} created`).waitFor();
    const [row] = await db.select().from(dnids).where(eq(dnids.id, base));
    assert.equal(row.les, 21);
    assert.equal(row.immediateDelivery, false);
    assert.equal(row.vms, 0);
    assert.equal(row.color, null);
    assert.equal(row.rulId, rul.id);
    const [made] = await db.select().from(tgids).where(eq(tgids.id, row.tgidId!));
    assert.equal(made.label, `${tag} New group`);
    assert.equal(made.teamId, team.id);
    for (const section of ["Users", "Status", "Open ports", "Teams", "TCP routes"]) {
      await page.getByRole("heading", { name: new RegExp(`^${section} \\(\\d+\\)$`) })
        .waitFor();
    }
  });

  await t.step("[e2e/dnids] 4660 is refused with the spec's message", async () => {
    await page.goto("/management/dnids");
    await page.getByRole("button", { name: "New dnid" }).click();
    const dialog = page.getByRole("dialog", { name: "New dnid" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("Dnid (LES 21)").fill("4660");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText(DNID_MESSAGES.forbidden).waitFor();
    assert.equal(path(page), "/management/dnids");
    assert.equal((await db.select().from(dnids).where(eq(dnids.id, 4660))).length, 0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/dnids] Toggle Monitoring and LES Details from the row menu", async () => {
    await f.dnid({ id: base + 1, companyId: company.id, tgidId: tgid.id, teamId: team.id });
    await f.dnidStatus({ dnidId: base + 1, member: 7, device: "427012345", status: 4 });
    await page.goto(`/management/dnids?filter.id=${base + 1}`);
    await rowMenu(page, base + 1);
    await page.getByRole("menuitem", { name: "Toggle Monitoring" }).click();
    await toast(page, "success", `Dnid ${base + 1}: monitoring on`).waitFor();
    const monitored = async () =>
      (await db.select().from(dnids).where(and(eq(dnids.id, base + 1), eq(dnids.les, 21))))[0]
        .immediateDelivery;
    assert.equal(await monitored(), true);
    await page.locator('[data-table="dnids"] tbody tr').filter({ hasText: "Yes" }).waitFor();

    await rowMenu(page, base + 1);
    await page.getByRole("menuitem", { name: "LES Details" }).click();
    const dialog = page.getByRole("dialog", { name: `LES details: dnid ${base + 1}` });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("cell", { name: "427012345" }).waitFor();
    await dialog.getByRole("cell", { name: "Inactive" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step(
    "[e2e/dnids] delete from the dnid's page goes back to the overview",
    async () => {
      await page.goto(`/management/dnids/${base + 1}`);
      await page.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete dnid" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await page.waitForURL((u) => u.pathname === "/management/dnids");
      await toast(page, "success", `Dnid ${base + 1} deleted`).waitFor();
      assert.equal((await db.select().from(dnids).where(eq(dnids.id, base + 1))).length, 0);
    },
  );

  await t.step(
    "[e2e/dnids] allocation: a free number opens the add dialog with it",
    async () => {
      await page.goto(`/management/dnid/allocation?from=${base}&to=${base + 9}`);
      await headingIs(page, "Dnid allocation");
      await page.getByText("9 of 10 numbers free").waitFor();
      await page.getByRole("button", { name: `Allocate dnid ${base + 3}` }).click();
      const dialog = page.getByRole("dialog", { name: "New dnid" });
      await dialog.waitFor({ state: "visible" });
      assert.equal(await dialog.getByLabel("Dnid (LES 21)").inputValue(), String(base + 3));
    },
  );

  await t.step(
    "[e2e/dnids] a client sees its own dnids only, without admin entries",
    async () => {
      const client = await f.user({ teamId: team.id, companyId: company.id });
      const other = await f.dnid({ id: base + 5 });
      const { page: p } = await e.page();
      p.setDefaultTimeout(TIMEOUT);
      await p.goto("/login");
      await submitLogin(p, client.id);
      await p.waitForURL((u) => u.pathname === "/");
      await p.goto("/management/dnids");
      await headingIs(p, "Dnids");
      await p.locator('[data-table="dnids"]').getByRole("link", { name: String(base) })
        .waitFor();
      assert.equal(await p.getByRole("link", { name: String(other.id) }).count(), 0);
      assert.equal(await p.getByRole("button", { name: "New dnid" }).count(), 0);
      await rowMenu(p, base);
      await p.getByRole("menuitem", { name: "LES Details" }).waitFor();
      for (const entry of ["Edit", "Toggle Monitoring", "Delete"]) {
        assert.equal(await p.getByRole("menuitem", { name: entry }).count(), 0, entry);
      }
      await p.keyboard.press("Escape");
      // Another company's dnid is not found.
      const res = await p.goto(`/management/dnids/${other.id}`);
      assert.equal(res?.status(), 404);

      // The allocation page, from the Dnid index: the company's numbers, no other's, no
      // free numbers and nothing to allocate.
      await p.goto("/management/dnid");
      await p.getByRole("link", { name: "Dnid allocation" }).click();
      await headingIs(p, "Dnid allocation");
      await p.goto(`/management/dnid/allocation?from=${base}&to=${base + 9}`);
      await p.getByRole("heading", { name: `Your company's dnids from ${base} to ${base + 9} (1)` })
        .waitFor();
      const table = p.locator('[data-table="own-dnids"]');
      await table.getByRole("link", { name: String(base) }).waitFor();
      const cells = await table.locator("tbody tr").first().locator("th, td").allTextContents();
      assert.deepEqual(cells.map((c) => c.trim().replace(/ \(\d+\)$/, "")), [
        String(base),
        "21",
        `${tag} Fleet`,
        `${tag} New group`,
      ]);
      assert.equal(await table.locator("tbody tr").count(), 1);
      const body = await p.locator("main").textContent() ?? "";
      for (const hidden of [String(other.id), "Free", "Allocate", "last dnid"]) {
        assert.ok(!body.includes(hidden), hidden);
      }
    },
  );

  await t.step("[e2e/dnids] allocation: an administrator sees every company's", async () => {
    const other = await f.dnid({ id: base + 7 });
    await page.goto(`/management/dnid/allocation?from=${base}&to=${base + 9}`);
    await headingIs(page, "Dnid allocation");
    const rows = page.locator("table.allocation tbody tr[data-state=allocated]");
    await rows.filter({ hasText: String(other.id) }).waitFor();
    assert.deepEqual(
      (await rows.locator("th").allTextContents()).map((r) => r.trim()),
      [String(base), String(base + 5), String(other.id)],
    );
  });
});
