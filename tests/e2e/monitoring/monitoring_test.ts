/**
 * Browser tests of the gauge pages: /monitoring/control shows one gauge per watched queue with
 * the API's figures and follows the database on its own (no reload); the thresholds dialog
 * refuses an alert above the maximum, then saves, and the gauge and the API agree;
 * /monitoring/control/services and /delivery show the API's figures; a client gets the 403 page.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, path, scriptErrors, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { monitoringThresholds, pushEvents, tcpRoutes } from "../../../db/schema/mod.ts";
import {
  GAUGE_BAND_LABELS,
  MONITORED_QUEUES,
  MONITORING_LIVE_NOTE,
  MONITORING_MESSAGES,
  MONITORING_REFRESH_MS,
  SERVICE_STATES,
} from "../../../openapi/monitoring.ts";
import type { Delivery, Services, Thresholds } from "../../../openapi/schemas/monitoring.ts";

const TIMEOUT = 10_000;

/** A GET of the API from the page (its session, our origin). */
function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const response = await fetch(u);
    if (!response.ok) throw new Error(`${u}: ${response.status}`);
    return await response.json();
  }, url) as Promise<T>;
}

const text = async (l: Locator) => (await l.innerText()).trim();
const gauge = (page: Page, queue: string) => page.locator(`[data-gauge="${queue}"]`);

/** The gauge says the queue's value, maximum, alert and band as the API does. */
async function assertGauge(page: Page, q: Thresholds["queues"][number]) {
  const g = gauge(page, q.queue);
  assert.equal(await text(g.locator("h3")), q.label);
  assert.equal(await text(g.locator("[data-gauge-value]")), String(q.value), q.queue);
  assert.equal(await text(g.locator("[data-gauge-maximum]")), String(q.maximum), q.queue);
  assert.equal(await text(g.locator("[data-gauge-alert]")), String(q.alert), q.queue);
  assert.equal(
    await text(g.locator("[data-gauge-band]")),
    `${GAUGE_BAND_LABELS[q.band]} (${q.band})`,
  );
  assert.equal(await g.getByText("Alert", { exact: true }).count(), q.alerting ? 1 : 0);
  const meter = g.getByRole("meter", { name: q.label });
  assert.equal(await meter.getAttribute("aria-valuemax"), String(q.maximum));
  assert.equal(await meter.getAttribute("aria-valuenow"), String(Math.min(q.value, q.maximum)));
}

/** A row's cells marked data-cell="<key>" say the figures of `figures` (dotted keys). */
async function assertCells(row: Locator, figures: Record<string, unknown>, keys: string[]) {
  for (const key of keys) {
    const value = key.split(".").reduce<unknown>(
      (o, k) => (o as Record<string, unknown>)[k],
      figures,
    );
    assert.equal(await text(row.locator(`[data-cell="${key}"]`)), String(value), key);
  }
}

const COUNT_CELLS = [
  "lastHour.delivered",
  "lastHour.failed",
  "lastHour.waiting",
  "lastDay.delivered",
  "lastDay.failed",
  "lastDay.waiting",
  "waiting",
];

e2eSuite("[e2e/monitoring]", async (t, e) => {
  const db = e.database.db;
  await db.delete(monitoringThresholds);
  const tgid = await e.f.tgid({ label: "Monitored fleet" });
  const [route] = await db.insert(tcpRoutes).values({
    tgidId: tgid.id,
    ipPortTxPrimary: "10.20.30.40:5000",
    txPrimaryUp: 1,
    ipPortTxSecondary: "10.20.30.41:5000",
    txSecondaryUp: -1,
  }).returning();
  /** Push traffic waiting for delivery on that route (status 0 stored), stored now. */
  const waitingTraffic = (count: number) =>
    e.f.pushTraffic({
      tgidId: tgid.id,
      count,
      overrides: { status: 0, deliveryType: 0, routagePushId: route.id, routageType: 0 },
    });

  await t.step("[e2e/monitoring] the gauges show the queues and follow them", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const errors = scriptErrors(page);
    // Not waiting for hydration: the gauges are on the page from the server.
    await page.goto("/monitoring/control");
    await headingIs(page, "Control");
    const before = await api<Thresholds>(page, "/rest/monitoring/tresholds");
    assert.deepEqual(
      before.queues.map((q) => q.queue),
      Object.keys(MONITORED_QUEUES),
    );
    assert.equal(await page.locator("[data-gauge]").count(), before.queues.length);
    for (const q of before.queues) await assertGauge(page, q);
    // The child pages stay listed.
    for (const title of ["Services", "Delivery"]) {
      await page.getByRole("link", { name: title, exact: true }).first().waitFor();
    }
    await page.getByText(MONITORING_LIVE_NOTE).waitFor();
    await assertAccessible(page, "the gauges");

    // New traffic waiting: the gauge follows without a reload.
    const waiting = before.queues.find((q) => q.queue === "pushWaiting")!;
    await page.evaluate(() => (globalThis as { stay?: number }).stay = 1);
    await waitingTraffic(3);
    await gauge(page, "pushWaiting").locator("[data-gauge-value]")
      .getByText(String(waiting.value + 3), { exact: true })
      .waitFor({ timeout: MONITORING_REFRESH_MS + 5_000 });
    assert.equal(await page.evaluate(() => (globalThis as { stay?: number }).stay), 1);
    const value = waiting.value + 3;

    // The dialog refuses an alert above the maximum, nothing is sent.
    await page.getByRole("button", { name: "Edit thresholds" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit thresholds" });
    await dialog.waitFor({ state: "visible" });
    const group = dialog.getByRole("group", { name: waiting.label });
    assert.equal(await group.getByLabel("Maximum").inputValue(), String(waiting.maximum));
    await group.getByLabel("Maximum").fill(String(value));
    await group.getByLabel("Alert").fill(String(value + 1));
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText(MONITORING_MESSAGES.alertAboveMaximum).waitFor();
    await dialog.getByRole("group", { name: MONITORED_QUEUES.pushErrors.label })
      .getByLabel("Maximum").fill("x");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Maximum is not in a valid format").waitFor();
    const unchanged = await api<Thresholds>(page, "/rest/monitoring/tresholds");
    assert.equal(unchanged.queues.find((q) => q.queue === "pushWaiting")!.configured, false);
    await assertAccessible(page, "the thresholds dialog");

    // Maximum = value: the gauge is full, red and alerting; the API agrees.
    await dialog.getByRole("group", { name: MONITORED_QUEUES.pushErrors.label })
      .getByLabel("Maximum").fill(String(MONITORED_QUEUES.pushErrors.maximum));
    await group.getByLabel("Alert").fill(String(value));
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", MONITORING_MESSAGES.updated).waitFor();
    await dialog.waitFor({ state: "hidden" });
    await gauge(page, "pushWaiting").locator("[data-gauge-band]")
      .getByText(`${GAUGE_BAND_LABELS.red} (red)`).waitFor();
    const after = await api<Thresholds>(page, "/rest/monitoring/tresholds");
    const saved = after.queues.find((q) => q.queue === "pushWaiting")!;
    assert.deepEqual(
      { maximum: saved.maximum, alert: saved.alert, band: saved.band, alerting: saved.alerting },
      { maximum: value, alert: value, band: "red", alerting: true },
    );
    // Only the changed queue was saved.
    assert.deepEqual(after.queues.filter((q) => q.configured).map((q) => q.queue), [
      "pushWaiting",
    ]);
    for (const q of after.queues) await assertGauge(page, q);
    assert.deepEqual(errors, []);
  });

  await t.step("[e2e/monitoring] the services page shows the API's states", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const errors = scriptErrors(page);
    const process = await e.f.pushProcess({ hostname: "pushmon" });
    await db.insert(pushEvents).values([
      { hostname: "pushmon", processId: process.id, level: "INFO", message: "delivered 4" },
      {
        hostname: "pushmon",
        processId: process.id,
        level: "ERROR",
        message: "connection refused",
        timestamp: new Date(Date.now() - 60_000),
      },
    ]);
    await page.goto("/monitoring/control/services");
    await headingIs(page, "Services");
    const api1 = await api<Services>(page, "/rest/monitoring/services");
    assert.deepEqual(api1.adapters.map((a) => a.service), ["les", "delivery"]);
    for (const a of api1.adapters) {
      const row = page.locator(`[data-adapter="${a.service}"]`);
      assert.equal(await text(row.locator("th")), a.label);
      assert.equal(await text(row.locator('[data-cell="state"]')), SERVICE_STATES[a.state]);
      await assertCells(row, a, ["processed"]);
      assert.match(await text(row.locator('[data-cell="backlog"]')), new RegExp(`^${a.backlog} `));
    }
    const mine = api1.processes.find((p) => p.id === process.id);
    assert.ok(mine, "the new process is listed");
    assert.deepEqual(
      { state: mine.state, events: mine.eventsLastHour, errors: mine.errorsLastDay },
      { state: "running", events: 2, errors: 1 },
    );
    for (const p of api1.processes) {
      const row = page.locator(`[data-process="${p.id}"]`);
      assert.equal(await text(row.locator('[data-cell="state"]')), SERVICE_STATES[p.state]);
      await assertCells(row, p, ["eventsLastHour", "errorsLastDay", "backlog"]);
    }
    const last = await text(page.locator(`[data-process="${process.id}"] [data-cell="lastEvent"]`));
    assert.match(last, /INFO delivered 4$/);
    // The adapters' table is read without scrolling sideways on a 1280 px screen.
    await page.setViewportSize({ width: 1280, height: 720 });
    const scroll = page.locator(".table-scroll", { has: page.locator("[data-adapters]") });
    const [scrollWidth, clientWidth] = await scroll.evaluate((d) => [d.scrollWidth, d.clientWidth]);
    assert.ok(
      scrollWidth <= clientWidth,
      `the adapters table is ${scrollWidth} px in ${clientWidth}`,
    );
    await assertAccessible(page, "the services page");
    assert.deepEqual(errors, []);
  });

  await t.step("[e2e/monitoring] the delivery page shows the API's figures", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const errors = scriptErrors(page);
    await page.goto("/monitoring/control/delivery");
    await headingIs(page, "Delivery");
    const d = await api<Delivery>(page, "/rest/monitoring/delivery");
    const th = await api<Thresholds>(page, "/rest/monitoring/tresholds");
    assert.deepEqual(
      await page.locator("[data-gauge]").evaluateAll((gs) =>
        gs.map((g) => g.getAttribute("data-gauge"))
      ),
      ["pushWaiting", "pushErrors"],
    );
    for (const q of th.queues.filter((q) => ["pushWaiting", "pushErrors"].includes(q.queue))) {
      await assertGauge(page, q);
    }
    assert.equal(await page.locator("[data-delivery-type]").count(), d.types.length);
    for (const type of d.types) {
      await assertCells(
        page.locator(`[data-delivery-type="${type.deliveryType}"]`),
        type,
        COUNT_CELLS,
      );
    }
    // The route with the 3 messages waiting is listed, linking to the routes page.
    const figures = d.routes.find((r) => r.routeType === "tcp" && r.routeId === route.id);
    assert.ok(figures, "the route with messages waiting is listed");
    assert.deepEqual(
      { waiting: figures.waiting, destination: figures.destination, tgid: figures.tgid },
      { waiting: 3, destination: "10.20.30.40:5000", tgid: tgid.id },
    );
    for (const r of d.routes) {
      const row = page.locator(`[data-route="${r.routeType}-${r.routeId}"]`);
      await assertCells(row, r, COUNT_CELLS);
    }
    const row = page.locator(`[data-route="tcp-${route.id}"]`);
    assert.equal(await text(row.locator('[data-cell="up"]')), "Active");
    assert.equal(
      await row.getByRole("link", { name: String(route.id) }).getAttribute("href"),
      `/routing/routes?type=tcp&filter.id=${route.id}`,
    );
    assert.equal(await text(page.locator("[data-locked]")), String(d.destinations.locked));
    assert.equal(await text(page.locator("[data-down]")), String(d.destinations.down));
    assert.ok(d.destinations.locked >= 1);
    await page.locator("[data-destinations]").getByText("10.20.30.41:5000").waitFor();
    await assertAccessible(page, "the delivery page");
    assert.deepEqual(errors, []);
  });

  await t.step("[e2e/monitoring] a failed refresh keeps the figures", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto("/monitoring/control");
    await headingIs(page, "Control");
    const shown = await text(gauge(page, "pushWaiting").locator("[data-gauge-value]"));
    await page.route("**/rest/monitoring/tresholds", (r) => r.abort());
    // A change the gauges follow: their refresh fails.
    await waitingTraffic(1);
    await eventually(
      () => page.locator("[data-refresh-error]").waitFor({ timeout: 500 }),
      MONITORING_REFRESH_MS + 5_000,
    );
    assert.equal(await text(gauge(page, "pushWaiting").locator("[data-gauge-value]")), shown);
  });

  await t.step("[e2e/monitoring] a client gets the 403 page", async () => {
    const client = await e.signedIn(100);
    try {
      const p = client.page;
      p.setDefaultTimeout(TIMEOUT);
      for (const url of ["/monitoring/control", "/monitoring/control/delivery"]) {
        const denied = await p.goto(url);
        assert.equal(denied?.status(), 403);
        assert.equal(path(p), "/error/403");
        await headingIs(p, "Error 403");
      }
    } finally {
      await client.context.close();
    }
  });
});
