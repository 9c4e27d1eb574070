/**
 * Browser tests of the push process overview (administrators): the add dialog shows the spec's
 * defaults (pushc, D, min 2, max 4), min > max is refused with the minProcess/maxProcess messages
 * and nothing is sent, then add, 'Show all', edit and delete; a client gets the 403 page.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, path, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { pushProcesses } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/push processes]", async (t, e) => {
  const db = e.database.db;
  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const host = `e2e${Date.now().toString(36)}`;
  const company = await e.f.company(`Company ${host}`);
  const team = await e.f.team({ companyId: company.id, name: `Team ${host}`, rights: 100 });
  const listUrl = `/routing/process?filter.hostname=${host}`;
  let id = 0;

  const byHost = () => db.select().from(pushProcesses).where(eq(pushProcesses.hostname, host));
  const openMenu = async (item: string) => {
    const table = page.locator('[data-table="processes"]');
    await table.locator(`tbody tr[data-row="${id}"]`).waitFor();
    const actions = table.getByRole("button", { name: `Actions for process ${id}` });
    await inView(actions);
    await actions.click();
    await page.getByRole("menuitem", { name: item }).click();
  };

  await t.step(
    "[e2e/push processes] the add dialog shows the defaults; min > max is refused, nothing sent",
    async () => {
      let sent = 0;
      page.on("request", (r) => {
        if (r.url().includes("/rest/push/addProcess")) sent++;
      });
      await page.goto("/routing/process");
      await headingIs(page, "Push processes");
      await page.getByRole("button", { name: "New process" }).click();
      const dialog = page.getByRole("dialog", { name: "New process" });
      await dialog.waitFor({ state: "visible" });
      assert.equal(await dialog.getByLabel("Hostname").inputValue(), "pushc");
      assert.equal(await dialog.getByLabel("Mode").inputValue(), "D");
      assert.equal(await dialog.getByLabel("Min spare").inputValue(), "2");
      assert.equal(await dialog.getByLabel("Max spare").inputValue(), "4");
      const options = (label: string) =>
        dialog.getByLabel(label).locator("option").allTextContents();
      assert.deepEqual(await options("Mode"), ["D", "P", "F", "W"]);
      assert.deepEqual(await options("Min spare"), Array.from({ length: 20 }, (_, i) => `${i}`));
      assert.deepEqual(await options("Max spare"), Array.from({ length: 50 }, (_, i) => `${i}`));
      // Errors show only after a submit attempt.
      assert.equal(await dialog.getByRole("alert").count(), 0);

      await dialog.getByLabel("Hostname").fill(host);
      await dialog.getByLabel("Port").fill("5999");
      await dialog.getByLabel("Min spare").selectOption("5");
      await dialog.getByLabel("Max spare").selectOption("3");
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText("Min spare must be at most 3").waitFor();
      await dialog.getByText("Max spare must be at least 5").waitFor();
      // A bad port and FEP are refused too.
      await dialog.getByLabel("Port").fill("70000");
      await dialog.getByLabel("IP FEP").fill("10.0.0.300");
      await dialog.getByText("Port must be at most 65535").waitFor();
      await dialog.getByText("IP FEP must be an IPv4 address or a host name").waitFor();
      assert.equal(sent, 0, "an invalid form is not sent");
      assert.equal((await byHost()).length, 0);
      await assertAccessible(page, "the new process dialog");

      // Fixed: created with a success toast, the list shows it.
      await dialog.getByLabel("Port").fill("5999");
      await dialog.getByLabel("IP FEP").fill("10.12.0.99");
      await dialog.getByLabel("Max spare").selectOption("9");
      await dialog.getByLabel("Mode").selectOption("W");
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.waitFor({ state: "hidden" });
      const [row] = await eventually(async () => {
        const rows = await byHost();
        assert.equal(rows.length, 1);
        return rows;
      });
      id = row.id;
      assert.deepEqual(
        [row.mode, row.port, row.minSpare, row.maxSpare, row.ipFep, row.teamId],
        ["W", 5999, 5, 9, "10.12.0.99", null],
      );
      await toast(page, "success", `Push process ${id} created`).waitFor();
      await page.locator('[data-table="processes"]').getByText(host).first().waitFor();
      assert.equal(sent, 1);
    },
  );

  await t.step("[e2e/push processes] 'Show all' lists every field", async () => {
    await page.goto(listUrl);
    await openMenu("Show all");
    const dialog = page.getByRole("dialog", { name: `Process ${id}`, exact: true });
    await dialog.waitFor({ state: "visible" });
    const text = await dialog.locator("[data-process-details]").innerText();
    for (const part of [host, "W", "5999", "10.12.0.99", "Min spare", "Max spare", "IP FEP"]) {
      assert.ok(text.includes(part), `${part} in ${text}`);
    }
    await dialog.getByText("Close", { exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/push processes] Edit changes it (min > max refused first)", async () => {
    await page.goto(listUrl);
    await openMenu("Edit");
    const dialog = page.getByRole("dialog", { name: `Edit process ${id}` });
    await dialog.waitFor({ state: "visible" });
    assert.equal(await dialog.getByLabel("Hostname").inputValue(), host);
    assert.equal(await dialog.getByLabel("Port").inputValue(), "5999");
    assert.equal(await dialog.getByLabel("Min spare").inputValue(), "5");
    assert.equal(await dialog.getByLabel("Max spare").inputValue(), "9");
    await dialog.getByLabel("Min spare").selectOption("12");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Min spare must be at most 9").waitFor();
    await dialog.getByLabel("Min spare").selectOption("1");
    await dialog.getByLabel("Port").fill("6001");
    await dialog.getByLabel("Protocol").fill("WS");
    // A team, through its company (its only team is chosen with it).
    await dialog.getByRole("combobox", { name: "Company" }).fill(company.name);
    await dialog.getByRole("option", { name: company.name }).click();
    await eventually(async () =>
      assert.equal(await dialog.getByLabel("Team").inputValue(), String(team.id))
    );
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", `Push process ${id} updated`).waitFor();
    await dialog.waitFor({ state: "hidden" });
    const [saved] = await byHost();
    assert.deepEqual(
      [saved.mode, saved.port, saved.minSpare, saved.maxSpare, saved.protocol, saved.teamId],
      ["W", 6001, 1, 9, "WS", team.id],
    );
    await page.locator('[data-table="processes"]').getByText("6001").waitFor();
  });

  await t.step("[e2e/push processes] Delete asks, then deletes", async () => {
    await page.goto(listUrl);
    await openMenu("Delete");
    const confirm = page.getByRole("dialog", { name: "Delete process" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "success", `Push process ${id} deleted`).waitFor();
    assert.equal((await byHost()).length, 0);
  });

  await t.step("[e2e/push processes] a client gets the 403 page", async () => {
    const client = await e.signedIn(100);
    try {
      const p = client.page;
      p.setDefaultTimeout(TIMEOUT);
      const denied = await p.goto("/routing/process");
      assert.equal(denied?.status(), 403);
      assert.equal(path(p), "/error/403");
      await headingIs(p, "Error 403");
    } finally {
      await client.context.close();
    }
  });
});
