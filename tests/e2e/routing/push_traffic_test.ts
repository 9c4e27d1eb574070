/**
 * Browser tests of the push traffic overview (/routing/traffic/push): an administrator selects
 * two rows with Ctrl-click and retransmits them through INIT → PROCESSING → SUCCESS (their status
 * becomes Delivery Scheduled, the selection clears with the reload); a failure keeps its message
 * (ERROR); 'Show All' shows the row's fields, its multi-push items and its TGID's details; a
 * client (team rights 100) has no Retransmit entry.
 */
import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import type { Locator, Page, Route } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { inView, scriptErrors } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { pushTraffic, users } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;
const TABLE = '[data-table="push-traffic"]';

const rows = (page: Page) => page.locator(`${TABLE} tbody tr[data-row]`);
const selectedKeys = (page: Page) =>
  page.locator(`${TABLE} tbody tr[data-selected="true"]`).evaluateAll((trs) =>
    trs.map((tr) => tr.getAttribute("data-row")!)
  );
const statusOf = (page: Page, id: number) =>
  page.locator(`${TABLE} tbody tr[data-row="${id}"] .status`).innerText();

async function rightClick(target: Locator) {
  await inView(target);
  await target.click({ button: "right" });
}

const state = (dialog: Locator) =>
  dialog.locator("[data-retransmit-state]").getAttribute("data-retransmit-state");

e2eSuite("[e2e/push-traffic]", async (t, e) => {
  const db = e.database.db;
  const admin = await e.signedIn(1);
  const page = admin.page;
  page.setDefaultTimeout(TIMEOUT);
  const consoleErrors = scriptErrors(page);

  const tgid = await e.f.tgid();
  const mine = await e.f.pushTraffic({ tgidId: tgid.id, count: 4, overrides: { status: 3 } });
  const ids = mine.map((r) => r.id);
  // A multi-push item of the newest row, stored an hour earlier (last in the table).
  const [item] = await e.f.pushTraffic({
    tgidId: tgid.id,
    storedAt: new Date(Date.now() - 3_600_000),
    overrides: { parentId: ids[0], dnid: 45678, errorLabel: "item label" },
  });
  const open = async () => {
    await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
    await hydrated(page);
  };

  await t.step(
    "[e2e/push-traffic] Ctrl-click two rows, retransmit: INIT → PROCESSING → SUCCESS",
    async () => {
      await open();
      await rows(page).nth(0).locator("td").nth(3).click();
      await rows(page).nth(1).locator("td").nth(3).click({ modifiers: ["Control"] });
      await eventually(async () =>
        assert.deepEqual(await selectedKeys(page), ids.slice(0, 2).map(String))
      );
      // Held until the dialog is seen PROCESSING.
      let release!: () => void;
      const held = new Promise<void>((r) => release = r);
      await page.route("**/rest/push/retransmitTraffic", async (route: Route) => {
        await held;
        await route.continue();
      });

      await rightClick(rows(page).nth(1).locator("td").nth(3));
      const menu = page.getByRole("menu");
      assert.equal(await menu.getAttribute("aria-label"), "2 rows");
      await menu.getByRole("menuitem", { name: "Retransmit" }).click();
      const dialog = page.getByRole("dialog", { name: "Retransmit 2 messages" });
      await dialog.waitFor({ state: "visible" });
      assert.equal(await state(dialog), "INIT");
      const listed = await dialog.locator("[data-retransmit-rows] tbody tr td:first-child")
        .allTextContents();
      assert.deepEqual(listed, ids.slice(0, 2).map(String));
      await assertAccessible(page, "the retransmit dialog");

      await dialog.getByRole("button", { name: "Retransmit" }).click();
      await eventually(async () => assert.equal(await state(dialog), "PROCESSING"));
      assert.equal(
        await dialog.getByRole("button", { name: "Retransmitting…" }).isDisabled(),
        true,
      );
      release();
      await eventually(async () => assert.equal(await state(dialog), "SUCCESS"));
      assert.match(await dialog.innerText(), /2 messages are scheduled for delivery again/);
      await page.unroute("**/rest/push/retransmitTraffic");

      // The table reloaded: the new status shows, the selection is gone.
      await eventually(async () => {
        assert.equal(await statusOf(page, ids[0]), "Delivery Scheduled");
        assert.equal(await statusOf(page, ids[1]), "Delivery Scheduled");
      });
      assert.equal(await statusOf(page, ids[2]), "Delivering error");
      assert.deepEqual(await selectedKeys(page), []);
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      const stored = await db.select().from(pushTraffic).where(inArray(pushTraffic.id, ids));
      assert.deepEqual(
        stored.sort((a, b) => a.id - b.id).map((r) => r.status),
        [8, 8, 3, 3],
      );
    },
  );

  await t.step(
    "[e2e/push-traffic] a failed retransmit shows ERROR and keeps the message",
    async () => {
      await open();
      await page.route("**/rest/push/retransmitTraffic", (route: Route) =>
        route.fulfill({
          status: 404,
          contentType: "application/json",
          body: JSON.stringify({ code: 404, message: "Push traffic not found" }),
        }));
      try {
        await rightClick(rows(page).nth(2).locator("td").nth(3));
        await page.getByRole("menu").getByRole("menuitem", { name: "Retransmit" }).click();
        const dialog = page.getByRole("dialog", { name: "Retransmit 1 message" });
        await dialog.waitFor({ state: "visible" });
        await dialog.getByRole("button", { name: "Retransmit" }).click();
        await eventually(async () => assert.equal(await state(dialog), "ERROR"));
        assert.equal(
          await dialog.getByRole("alert").innerText(),
          "Retransmit failed: Push traffic not found",
        );
        await dialog.getByRole("button", { name: "Close" }).last().click();
        await dialog.waitFor({ state: "hidden" });
      } finally {
        await page.unroute("**/rest/push/retransmitTraffic");
      }
      assert.equal(
        (await db.select().from(pushTraffic).where(eq(pushTraffic.id, ids[2])))[0].status,
        3,
      );
    },
  );

  await t.step(
    "[e2e/push-traffic] Show All: the row's fields, its multi-push items and TGID details",
    async () => {
      await open();
      await rightClick(rows(page).nth(0).locator("td").nth(3));
      await page.getByRole("menu").getByRole("menuitem", { name: "Show All" }).click();
      const dialog = page.getByRole("dialog", { name: `Push traffic ${ids[0]}` });
      await dialog.waitFor({ state: "visible" });
      await eventually(async () => {
        const text = await dialog.innerText();
        assert.match(text, new RegExp(`Push traffic id\\s+${ids[0]}`));
        assert.match(text, new RegExp(`TGID\\s+${tgid.label} \\(${tgid.id}\\)`));
        assert.match(text, /Status\s+Delivery Scheduled/);
        assert.match(text, /Multi-push items\s+1/);
      });
      const items = dialog.locator("[data-multi-push] tbody tr");
      await eventually(async () => assert.equal(await items.count(), 1));
      assert.match(await items.innerText(), new RegExp(`${item.id}\\s.*45678.*item label`, "s"));
      const tgidSection = dialog.getByRole("region", { name: "TGID details" });
      await eventually(async () =>
        assert.match(
          await tgidSection.innerText(),
          new RegExp(`Tgid\\s+${tgid.label} \\(${tgid.id}\\)[\\s\\S]*Company\\s+\\S`),
        )
      );
      await assertAccessible(page, "the push traffic Show All dialog");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    },
  );

  await t.step("[e2e/push-traffic] a client sees no Retransmit", async () => {
    const client = await e.signedIn(100);
    client.page.setDefaultTimeout(TIMEOUT);
    const [me] = await db.select().from(users).where(eq(users.id, client.userId));
    const own = await e.f.tgid({ teamId: me.teamId });
    await e.f.pushTraffic({ tgidId: own.id, count: 2 });
    await client.page.goto(`/routing/traffic/push?filter.tgid=${own.id}`);
    await hydrated(client.page);
    await rightClick(rows(client.page).nth(0).locator("td").nth(3));
    const menu = client.page.getByRole("menu");
    await menu.waitFor({ state: "visible" });
    assert.deepEqual(await menu.getByRole("menuitem").allTextContents(), ["Show All"]);
    assert.equal(await client.page.getByText("Retransmit").count(), 0);
    await client.page.keyboard.press("Escape");
    // Nor with several rows selected.
    await rows(client.page).nth(1).locator("td").nth(3).click({ modifiers: ["Control"] });
    await rightClick(rows(client.page).nth(1).locator("td").nth(3));
    await menu.waitFor({ state: "visible" });
    assert.deepEqual(await menu.getByRole("menuitem").allTextContents(), ["Show All"]);
  });

  assert.deepEqual(consoleErrors, []);
});
