/**
 * Browser tests of the rul pages (administrators): create with the proposed id (the highest + 1)
 * and land on the rul's page, a taken id refused in the dialog with the spec's message, the
 * password masked in the list and on the rul's page (until Show), edit, delete refused while a dnid
 * uses the rul and done otherwise; a client sees no Ruls entry and gets the 403 page.
 */
import assert from "node:assert/strict";
import { eq, max } from "drizzle-orm";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { headingIs, inView, path, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { dnids, ruls } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/ruls]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const tag = unique("E2E");
  const company = await f.company(`${tag} Shipping`);
  let rulId = 0;
  await t.step(
    "[e2e/ruls] 'Create' proposes the next id, LES 21, and opens the new rul's page",
    async () => {
      await page.goto("/management/rul");
      await headingIs(page, "Ruls");
      await page.getByRole("button", { name: "New rul" }).click();
      const dialog = page.getByRole("dialog", { name: "New rul" });
      await dialog.waitFor({ state: "visible" });
      const [{ top }] = await db.select({ top: max(ruls.id) }).from(ruls);
      const proposed = String((top ?? 0) + 1);
      await eventually(async () =>
        assert.equal(await dialog.getByLabel("Id").inputValue(), proposed)
      );
      assert.equal(await dialog.getByLabel("LES").inputValue(), "21");
      // Errors show only after a submit attempt; an invalid form is not sent.
      assert.equal(await dialog.getByRole("alert").count(), 0);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText("Password is required").waitFor();
      await dialog.getByText("Customer name is required").waitFor();

      await dialog.getByLabel("Password").fill("S3cret-rul");
      await dialog.getByLabel("Customer name").fill(`${tag} Customer`);
      await dialog.getByLabel("Mail contact").fill("noc@e2e.example");
      const picker = dialog.getByRole("combobox", { name: "Customer company" });
      await picker.fill(`${tag} Ship`);
      await dialog.getByRole("option", { name: new RegExp(`^${tag} Shipping`) }).click();
      await assertAccessible(page, "the new rul dialog");
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/management/rul/${proposed}`);
      rulId = Number(proposed);
      await headingIs(page, `Rul ${rulId}`);
      await toast(page, "success", `Rul ${rulId} created`).waitFor();
      const [row] = await db.select().from(ruls).where(eq(ruls.id, rulId));
      assert.equal(row.les, 21);
      assert.equal(row.password, "S3cret-rul");
      assert.equal(row.customerName, `${tag} Customer`);
      assert.equal(row.companyId, company.id);
      // The rul's page masks the password as the list does, on the server too, until Show;
      // its company and the (empty) sections.
      const facts = page.locator(".detail-facts");
      assert.equal(await facts.locator("[data-password]").innerText(), "••••");
      assert.doesNotMatch(await facts.innerText(), /S3cret-rul/);
      const served = await (await page.request.get(`/management/rul/${rulId}`)).text();
      // The markup (the island's props, as the list's, carry the rul as the API gives it).
      const markup = served.replace(/<script\b[^]*?<\/script>/g, "");
      assert.match(markup, /<code data-password="">••••<\/code>/);
      assert.doesNotMatch(markup, /S3cret-rul/);
      await hydrated(page);
      await facts.getByRole("button", { name: "Show password" }).click();
      assert.equal(await facts.locator("[data-password]").innerText(), "S3cret-rul");
      await facts.getByRole("button", { name: "Hide password" }).click();
      assert.equal(await facts.locator("[data-password]").innerText(), "••••");
      await page.locator(".detail-facts").getByRole("link", { name: company.name }).waitFor();
      for (const section of ["Dnids", "Enids"]) {
        await page.getByRole("heading", { name: new RegExp(`^${section} \\(0\\)$`) }).waitFor();
      }
      await assertAccessible(page, "a rul's page");
    },
  );

  await t.step(
    "[e2e/ruls] a taken id: 'The RUL with id {id} already exists' in the dialog",
    async () => {
      await page.goto("/management/rul");
      await page.getByRole("button", { name: "New rul" }).click();
      const dialog = page.getByRole("dialog", { name: "New rul" });
      await dialog.waitFor({ state: "visible" });
      // Typed at once, whatever the proposal's arrival.
      await dialog.getByLabel("Id").fill(String(rulId));
      await dialog.getByLabel("LES").selectOption("15");
      await dialog.getByLabel("Password").fill("other");
      await dialog.getByLabel("Customer name").fill(`${tag} Twin`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText(`The RUL with id ${rulId} already exists`).waitFor();
      await toast(page, "error", "Rul not created").waitFor();
      assert.equal(await dialog.getByLabel("Id").inputValue(), String(rulId));
      assert.equal(path(page), "/management/rul");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      const rows = await db.select().from(ruls).where(eq(ruls.id, rulId));
      assert.equal(rows.length, 1);
      assert.equal(rows[0].customerName, `${tag} Customer`);
    },
  );

  await t.step("[e2e/ruls] the list masks the password; Edit renames", async () => {
    await page.goto(`/management/rul?filter.customerName=${encodeURIComponent(tag)}`);
    const table = page.locator('[data-table="ruls"]');
    const row = table.locator(`tbody tr[data-row="${rulId}-21"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /••••/);
    assert.doesNotMatch(await row.innerText(), /S3cret-rul/);
    const actions = table.getByRole("button", { name: `Actions for rul ${rulId}` });
    await inView(actions);
    await actions.click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit rul ${rulId} (LES 21)` });
    await dialog.waitFor({ state: "visible" });
    assert.equal(await dialog.getByLabel("Password").inputValue(), "S3cret-rul");
    assert.equal(
      await dialog.getByRole("combobox", { name: "Customer company" }).inputValue(),
      company.name,
    );
    await dialog.getByLabel("Customer name").fill(`${tag} Renamed`);
    await dialog.getByLabel("Phone contact").fill("+33 1 23 45");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", `Rul ${rulId} updated`).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await table.getByText(`${tag} Renamed`).waitFor();
    const [saved] = await db.select().from(ruls).where(eq(ruls.id, rulId));
    assert.equal(saved.customerName, `${tag} Renamed`);
    assert.equal(saved.phoneContact, "+33 1 23 45");
    assert.equal(saved.companyId, company.id);
  });

  await t.step(
    "[e2e/ruls] delete: refused while a dnid uses it, then done from its page",
    async () => {
      const dnid = await f.dnid({ companyId: company.id, rulId });
      await page.goto(`/management/rul?filter.customerName=${encodeURIComponent(tag)}`);
      const table = page.locator('[data-table="ruls"]');
      const actions = table.getByRole("button", { name: `Actions for rul ${rulId}` });
      await inView(actions);
      await actions.click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete rul" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(
        page,
        "error",
        `Rul not deleted: Rul ${rulId} is used by 1 dnid and 0 enids; delete or move them first`,
      ).waitFor();
      assert.equal((await db.select().from(ruls).where(eq(ruls.id, rulId))).length, 1);

      // The rul's page lists the dnid.
      await page.goto(`/management/rul/${rulId}`);
      await page.locator('[data-table="rul-dnids"]').getByRole("link", {
        name: String(dnid.id),
      }).waitFor();

      await db.delete(dnids).where(eq(dnids.id, dnid.id));
      await page.goto(`/management/rul/${rulId}`);
      await headingIs(page, `Rul ${rulId}`);
      await page.getByRole("button", { name: "Delete" }).click();
      const again = page.getByRole("dialog", { name: "Delete rul" });
      await again.getByRole("button", { name: "Delete" }).click();
      await page.waitForURL((u) => u.pathname.replace(/\/$/, "") === "/management/rul");
      await toast(page, "success", `Rul ${rulId} deleted`).waitFor();
      assert.equal((await db.select().from(ruls).where(eq(ruls.id, rulId))).length, 0);
    },
  );

  await t.step(
    "[e2e/ruls] a client sees no Ruls entry and gets the 403 page",
    async () => {
      const client = await e.signedIn(100);
      try {
        const p = client.page;
        p.setDefaultTimeout(TIMEOUT);
        const source = await (await p.request.get("/management")).text();
        assert.doesNotMatch(source, /href="\/management\/rul"/);
        const denied = await p.goto("/management/rul");
        assert.equal(denied?.status(), 403);
        assert.equal(path(p), "/error/403");
        await headingIs(p, "Error 403");
      } finally {
        await client.context.close();
      }
      // An administrator does see it.
      const source = await (await page.request.get("/management")).text();
      assert.match(source, /href="\/management\/rul"/);
    },
  );
});
