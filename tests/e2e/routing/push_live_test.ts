/**
 * Browser tests of the live push traffic views (issue 17): the overview follows status changes
 * made in the database within 3 s, without a reload, keeping the selection and the open menu;
 * the 'Show All' dialog shows the delivery attempts as the engine records them, when the next
 * attempt is due, and its status follows until the message is final. The delivery worker is off:
 * the test writes the rows the engine would.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { inView, scriptErrors } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { pushAttempts, pushTraffic } from "../../../db/schema/mod.ts";
import { LIVE_REFRESH_MS } from "../../../openapi/schemas/push/push_attempt_messages.ts";
import { liveTitle } from "../../../openapi/events.ts";

const TIMEOUT = 10_000;
/** The bound: a status change shows within a second or two; 3 s with the fetch. */
const LIVE_WITHIN_MS = 3_000;
const TABLE = '[data-table="push-traffic"]';

const row = (page: Page, id: number) => page.locator(`${TABLE} tbody tr[data-row="${id}"]`);
const selectedKeys = (page: Page) =>
  page.locator(`${TABLE} tbody tr[data-selected="true"]`).evaluateAll((trs) =>
    trs.map((tr) => tr.getAttribute("data-row")!)
  );
/** Set on the window once loaded: still there later proves the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => (globalThis as { stay?: number }).stay = 1);
const marked = (page: Page) => page.evaluate(() => (globalThis as { stay?: number }).stay);
/**
 * From now on, counts the times the table is marked busy (Pico draws a spinner above it, which
 * moves it down): a live refresh must never do that, the first one included.
 */
const watchBusy = (page: Page) =>
  page.evaluate((table) => {
    const w = globalThis as { busyTimes?: number };
    w.busyTimes = 0;
    new MutationObserver((changes) => {
      for (const c of changes) {
        if ((c.target as Element).getAttribute("aria-busy") === "true") w.busyTimes!++;
      }
    }).observe(document.querySelector(table)!, {
      subtree: true,
      attributeFilter: ["aria-busy"],
    });
  }, TABLE);
const busyTimes = (page: Page) =>
  page.evaluate(() => (globalThis as { busyTimes?: number }).busyTimes);

e2eSuite("[e2e/push-live]", async (t, e) => {
  const db = e.database.db;
  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const consoleErrors = scriptErrors(page);
  const tgid = await e.f.tgid();
  const setRow = (id: number, values: Partial<typeof pushTraffic.$inferInsert>) =>
    db.update(pushTraffic).set(values).where(eq(pushTraffic.id, id));

  await t.step(
    "[e2e/push-live] a status change shows within 3 s, the selection and the menu stay",
    async () => {
      const rows = await e.f.pushTraffic({ tgidId: tgid.id, count: 3, overrides: { status: 0 } });
      const ids = rows.map((r) => r.id);
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
      await hydrated(page);
      await mark(page);
      await watchBusy(page);
      const hint = page.locator(`${TABLE} [data-live]`);
      assert.equal(await hint.innerText(), "Live");
      assert.equal(await hint.getAttribute("title"), liveTitle(LIVE_REFRESH_MS));

      await row(page, ids[1]).locator("td").nth(3).click();
      await eventually(async () => assert.deepEqual(await selectedKeys(page), [String(ids[1])]));
      // The row's menu is open while the table refreshes.
      const actions = row(page, ids[0]).getByRole("button", {
        name: `Actions for message ${ids[0]}`,
      });
      await inView(actions);
      await actions.click();
      const menu = page.getByRole("menu");
      await menu.waitFor({ state: "visible" });

      await setRow(ids[1], { status: 4, deliveryAttempts: 1 });
      await setRow(ids[2], { status: 3 });
      const changed = Date.now();
      await eventually(async () => {
        assert.equal(await row(page, ids[1]).locator(".status").innerText(), "Delivered");
        assert.equal(await row(page, ids[2]).locator(".status").innerText(), "Delivering error");
      }, LIVE_WITHIN_MS);
      assert.ok(Date.now() - changed <= LIVE_WITHIN_MS);
      assert.equal(await row(page, ids[0]).locator(".status").innerText(), "Stored");
      assert.equal(await marked(page), 1, "no reload");
      assert.ok(await menu.isVisible(), "the open menu stays");
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      // Opening the menu selected its row; the earlier selection was replaced, not cleared by
      // the refresh. Another refresh later, it is still selected.
      assert.deepEqual(await selectedKeys(page), [String(ids[0])]);
      await row(page, ids[1]).locator("td").nth(3).click({ modifiers: ["Control"] });
      await setRow(ids[0], { status: 1 });
      await eventually(
        async () =>
          assert.equal(await row(page, ids[0]).locator(".status").innerText(), "In progress"),
        LIVE_WITHIN_MS,
      );
      assert.deepEqual(await selectedKeys(page), [ids[0], ids[1]].map(String));
      assert.equal(await busyTimes(page), 0, "a refresh marked the table busy");
      assert.equal(await marked(page), 1, "no reload");
    },
  );

  await t.step(
    "[e2e/push-live] with the event stream open, an idle overview asks nothing; a change, once",
    async () => {
      const [msg] = await e.f.pushTraffic({ tgidId: tgid.id, overrides: { status: 0 } });
      const finds: string[] = [];
      const streams: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/rest/push/find")) finds.push(r.url());
        if (r.resourceType() === "eventsource") streams.push(r.url());
      });
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
      await hydrated(page);
      // The stream resumes after the event the page was rendered at.
      await eventually(() => assert.match(streams[0] ?? "", /\/rest\/events\?since=/));
      await page.waitForTimeout(LIVE_REFRESH_MS * 2.5);
      assert.deepEqual(finds, [], "an idle overview polled");
      await setRow(msg.id, { status: 4 });
      await eventually(
        async () =>
          assert.equal(await row(page, msg.id).locator(".status").innerText(), "Delivered"),
        LIVE_WITHIN_MS,
      );
      await page.waitForTimeout(LIVE_REFRESH_MS);
      assert.equal(finds.length, 1, "one read for one change");
    },
  );

  await t.step(
    "[e2e/push-live] Show All: attempts appear as they are recorded, the status follows",
    async () => {
      const next = new Date(Date.now() + 3_600_000);
      next.setUTCMilliseconds(0);
      const [msg] = await e.f.pushTraffic({
        tgidId: tgid.id,
        overrides: { status: 8, deliveryAttempts: 0, nextAttemptAt: next },
      });
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
      await hydrated(page);
      await mark(page);
      const actions = row(page, msg.id).getByRole("button", {
        name: `Actions for message ${msg.id}`,
      });
      await inView(actions);
      await actions.click();
      await page.getByRole("menu").getByRole("menuitem", { name: "Show All" }).click();
      const dialog = page.getByRole("dialog", { name: `Push traffic ${msg.id}` });
      await dialog.waitFor({ state: "visible" });
      const section = dialog.getByRole("region", { name: "Delivery attempts" });
      await eventually(async () => {
        const text = await section.innerText();
        assert.match(text, /No delivery attempts yet\./);
        assert.match(
          text,
          new RegExp(
            `Next attempt at ${next.toISOString().replace("T", " ").slice(0, 19)} \\(UTC\\)`,
          ),
        );
      });
      assert.equal(await section.locator("[data-live]").innerText(), "Live");

      // The engine tries the primary, fails and schedules the next round.
      await db.insert(pushAttempts).values({
        pushTrafficId: msg.id,
        at: new Date("2026-11-23T10:00:00.000Z"),
        round: 1,
        target: "primary",
        destination: "127.0.0.1:5000",
        outcome: "failed",
        error: "connect ECONNREFUSED 127.0.0.1:5000",
        durationMs: 4,
        instance: "e2e",
      });
      await setRow(msg.id, { status: 3, deliveryAttempts: 1, pushDeliveryAttempts: 1 });
      const lines = section.locator("[data-attempts-table] tbody tr");
      await eventually(async () => assert.equal(await lines.count(), 1), LIVE_WITHIN_MS);
      // The last column holds a success's reply as well as a failure's error: the outcome tells.
      assert.deepEqual(
        await section.locator("[data-attempts-table] thead th").allInnerTexts(),
        ["Time (UTC)", "Round", "Destination", "Outcome", "Reply or error", "Duration"],
      );
      const outcomeBadge = (n: number) => lines.nth(n).locator("td").nth(3).locator(".status");
      assert.match(await outcomeBadge(0).getAttribute("class") ?? "", /\bdanger\b/);
      assert.deepEqual(
        await lines.nth(0).locator("td").allInnerTexts(),
        [
          "2026-11-23 10:00:00",
          "1",
          "Primary 127.0.0.1:5000",
          "Failed (retried)",
          "connect ECONNREFUSED 127.0.0.1:5000",
          "4 ms",
        ],
      );
      // Delivering error is final: the dialog stops refreshing and says so.
      await eventually(async () => {
        assert.match(await dialog.innerText(), /Status\s+Delivering error/);
        assert.equal(await section.locator("[data-live]").count(), 0);
      });
      await assertAccessible(page, "the Show All dialog with delivery attempts");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      // Scheduled again, then delivered by the backup: a dialog opened meanwhile follows.
      await setRow(msg.id, { status: 8, nextAttemptAt: next });
      await actions.click();
      await page.getByRole("menu").getByRole("menuitem", { name: "Show All" }).click();
      await dialog.waitFor({ state: "visible" });
      await eventually(async () =>
        assert.match(await dialog.innerText(), /Status\s+Delivery Scheduled/)
      );
      await db.insert(pushAttempts).values({
        pushTrafficId: msg.id,
        at: new Date("2026-11-23T10:00:05.000Z"),
        round: 2,
        target: "backup",
        destination: "127.0.0.1:5001",
        outcome: "delivered",
        error: "HTTP 200",
        durationMs: 1_500,
        instance: "e2e",
      });
      await setRow(msg.id, { status: 4, nextAttemptAt: null, pushDeliveryAttempts: 2 });
      await eventually(async () => {
        assert.match(await dialog.innerText(), /Status\s+Delivered/);
        assert.match(await dialog.innerText(), /Push delivery attempts\s+2/);
        assert.equal(await lines.count(), 2);
      }, LIVE_WITHIN_MS);
      assert.deepEqual(
        (await lines.nth(0).locator("td").allInnerTexts()).slice(1),
        ["2", "Backup 127.0.0.1:5001", "Delivered", "HTTP 200", "1.5 s"],
      );
      assert.match(await outcomeBadge(0).getAttribute("class") ?? "", /\bsuccess\b/);
      assert.match(await outcomeBadge(1).getAttribute("class") ?? "", /\bdanger\b/);
      assert.equal(await section.locator("[data-next-attempt]").count(), 0);
      // The table behind the dialog followed too.
      await eventually(
        async () =>
          assert.equal(await row(page, msg.id).locator(".status").innerText(), "Delivered"),
        LIVE_WITHIN_MS,
      );
      assert.equal(await marked(page), 1, "no reload");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    },
  );

  assert.deepEqual(consoleErrors, []);
}, { env: { DELIVERY_WORKER: "off" } });
