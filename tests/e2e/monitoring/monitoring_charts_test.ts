/**
 * Browser tests of the statistics chart pages (/routing/statistics/push and /robot,
 * /monitoring/control/message): the uPlot canvas is drawn with its legend, the table holds the
 * figures of GET /rest/monitoring/statistics for the same range, a new range (typed before
 * hydration, or a preset) replaces them without a reload, the CSV download has the same
 * figures, a refused range says why, and a client gets the 403 page.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { headingIs, path, scriptErrors } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { trafficHourly, trafficHourlyDelta } from "../../../db/schema/mod.ts";
import { DEFAULT_RANGE_DAYS } from "../../../openapi/monitoring.ts";
import type { Statistics } from "../../../openapi/schemas/monitoring.ts";
import { formMessages } from "../../../openapi/schemas/messages.ts";
import { DEFAULT_PRESET, RANGE_PRESETS } from "../../../islands/monitoring/chart_range.ts";

const TIMEOUT = 10_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** An hour `days` days ago, on the hour (the rollup's buckets). */
const hourAgo = (days: number) =>
  new Date(Math.floor((Date.now() - days * DAY_MS) / HOUR_MS) * HOUR_MS);
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** The rows of a chart's table: header, a row per bucket, then the totals. */
const tableRows = (section: Locator) =>
  section.locator("[data-chart-table]").evaluate((t: HTMLTableElement) =>
    [...t.rows].map((r) => [...r.cells].map((c) => c.textContent ?? ""))
  );

/** The same table, built from the API's answer for the chart's range. */
async function apiRows(page: Page, section: Locator, type: string, by: "status" | "dimension") {
  const q = new URLSearchParams({
    type,
    start: (await section.getAttribute("data-start"))!,
    end: (await section.getAttribute("data-end"))!,
  });
  const stats: Statistics = await page.evaluate(
    async (url) => (await fetch(url)).json(),
    `/rest/monitoring/statistics?${q}`,
  );
  const series = by === "status" ? stats.byStatus : stats.byDimension!.series;
  const sum = (ns: number[]) => String(ns.reduce((a, b) => a + b, 0));
  return [
    ["Time (UTC)", ...series.map((s) => s.label), "Total"],
    ...stats.times.map((t, i) => [
      t.slice(0, 10),
      ...series.map((s) => String(s.values[i])),
      sum(series.map((s) => s.values[i])),
    ]),
    ["Total", ...series.map((s) => String(s.total)), String(stats.total)],
  ];
}

/** The chart's totals line: "label: n" per series, then the total. */
const totals = (section: Locator) =>
  section.locator("[data-chart-totals] li").evaluateAll((lis) =>
    lis.map((li) => li.textContent!.trim())
  );

e2eSuite("[e2e/monitoring_charts]", async (t, e) => {
  const db = e.database.db;
  await db.delete(trafficHourly);
  await db.delete(trafficHourlyDelta);
  const row = (series: string, days: number, status: number, dimension: string, count: number) => ({
    series,
    hour: hourAgo(days),
    status,
    dimension,
    count,
  });
  await db.insert(trafficHourly).values([
    // push (series by code): 3 Delivering error, 4 Delivered, 5 Destinator error; by delivery type 0 TCP, 1 SMTP, 3 FTP
    row("push", 1, 4, "1", 5),
    row("push", 1, 3, "1", 2),
    row("push", 3, 4, "0", 7),
    row("push", 12, 4, "3", 11),
    row("push", 25, 5, "1", 13),
    row("robot", 1, 2, "epadr", 4),
    row("robot", 3, 3, "ack", 1),
    // message: 7 in mailbox, 0 forward in progress; command: 5 Delivered, 6 Failed
    row("message", 1, 7, "", 6),
    row("message", 3, 0, "", 2),
    row("command", 1, 5, "", 9),
    row("command", 12, 6, "", 1),
  ]);

  await t.step("[e2e/monitoring_charts] the default range is the spec's 30 days", () => {
    assert.equal(RANGE_PRESETS[DEFAULT_PRESET].ms, DEFAULT_RANGE_DAYS * DAY_MS);
  });

  const { page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const errors = scriptErrors(page);
  const byStatus = page.locator('[data-chart="push-status"]');
  const byType = page.locator('[data-chart="push-dimension"]');

  await t.step("[e2e/monitoring_charts] push: drawn, with the API's figures", async () => {
    await page.goto("/routing/statistics/push");
    await headingIs(page, "Push statistics");
    // 30 days by default: every row inserted.
    assert.deepEqual(await totals(byStatus), [
      "Delivering error: 2",
      "Delivered: 23",
      "Destinator error: 13",
      "Total: 38",
    ]);
    assert.deepEqual(await totals(byType), ["TCP: 7", "SMTP: 20", "FTP: 11", "Total: 38"]);
    assert.deepEqual(await tableRows(byStatus), await apiRows(page, byStatus, "push", "status"));
    assert.deepEqual(await tableRows(byType), await apiRows(page, byType, "push", "dimension"));
    assert.equal((await tableRows(byStatus)).length, 1 + 31 + 1);
    for (const section of [byStatus, byType]) {
      const canvas = section.locator(".uplot canvas");
      await canvas.waitFor();
      const box = (await canvas.boundingBox())!;
      assert.ok(box.width > 100 && box.height > 100, `canvas ${box.width}×${box.height}`);
    }
    const legend = byStatus.locator(".u-legend");
    for (const name of ["Delivering error", "Delivered", "Destinator error"]) {
      await legend.getByText(name, { exact: true }).waitFor();
    }
    await byType.locator(".u-legend").getByText("SMTP", { exact: true }).waitFor();
    // The tooltip: over a day with counts, the day (UTC) and its non-zero series; gone on leaving.
    const [header, ...days] = (await tableRows(byStatus)).slice(0, -1);
    const day = days.findIndex((r) => r.at(-1) !== "0");
    const over = (await byStatus.locator(".u-over").boundingBox())!;
    await page.mouse.move(over.x + over.width * day / (days.length - 1), over.y + over.height / 2);
    const tip = byStatus.locator(".chart-tip");
    assert.equal(
      await tip.textContent(),
      [
        days[day][0],
        ...header.slice(1, -1).flatMap((h, i) => {
          const n = days[day][i + 1];
          return n === "0" ? [] : `${h}: ${n}`;
        }),
      ].join("\n"),
    );
    await page.mouse.move(0, 0);
    await tip.waitFor({ state: "hidden" });
    await byStatus.getByText("Figures as a table").click();
    await assertAccessible(page, "the push statistics page");
  });

  await t.step("[e2e/monitoring_charts] a range typed before hydration is shown", async () => {
    await page.goto("/routing/statistics/push");
    // No wait for hydration: a submit before it is held, then sent by the island.
    await page.getByLabel("Start").fill(dayAgo(15));
    await page.getByLabel("End").fill(dayAgo(0));
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("start") === dayAgo(15));
    assert.equal(new URL(page.url()).searchParams.get("end"), dayAgo(0));
    await byStatus.getByText("Destinator error").waitFor({ state: "detached" });
    assert.deepEqual(await totals(byStatus), [
      "Delivering error: 2",
      "Delivered: 23",
      "Total: 25",
    ]);
    assert.equal(await byStatus.getAttribute("data-start"), `${dayAgo(15)}T00:00:00.000Z`);
    assert.equal((await tableRows(byStatus)).length, 1 + 16 + 1);
    assert.deepEqual(await tableRows(byStatus), await apiRows(page, byStatus, "push", "status"));
  });

  await t.step("[e2e/monitoring_charts] 7 days: new figures, no reload", async () => {
    await hydrated(page);
    await page.evaluate(() => (globalThis as Record<string, unknown>).__sameDocument = true);
    await page.getByLabel("7 days").check();
    await page.waitForURL((u) => u.searchParams.get("range") === "7d");
    await byType.getByText("FTP").waitFor({ state: "detached" });
    assert.deepEqual(await totals(byStatus), [
      "Delivering error: 2",
      "Delivered: 12",
      "Total: 14",
    ]);
    assert.deepEqual(await totals(byType), ["TCP: 7", "SMTP: 7", "Total: 14"]);
    assert.deepEqual(await tableRows(byType), await apiRows(page, byType, "push", "dimension"));
    assert.equal(
      await page.evaluate(() => (globalThis as Record<string, unknown>).__sameDocument),
      true,
    );
    assert.equal(await page.getByLabel("7 days").isChecked(), true);
    assert.equal(await page.getByLabel("Start").inputValue(), dayAgo(7));
  });

  await t.step("[e2e/monitoring_charts] the CSV has the table's figures", async () => {
    const download = page.waitForEvent("download");
    await byStatus.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    const start = (await byStatus.getAttribute("data-start"))!.slice(0, 10);
    assert.match(
      file.suggestedFilename(),
      new RegExp(`^push-status-${start}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const text = await Deno.readTextFile((await file.path())!);
    const lines = text.replace(/^\ufeff/, "").trimEnd().split("\r\n").map((l) => l.split(","));
    assert.deepEqual(lines, await tableRows(byStatus));
  });

  await t.step("[e2e/monitoring_charts] robot: by status and by robot name", async () => {
    await page.goto("/routing/statistics/robot?range=7d");
    await headingIs(page, "Robot statistics");
    const robots = page.locator('[data-chart="robot-dimension"]');
    assert.deepEqual(await totals(robots), ["ack: 1", "epadr: 4", "Total: 5"]);
    assert.deepEqual(await tableRows(robots), await apiRows(page, robots, "robot", "dimension"));
    await robots.locator(".uplot canvas").waitFor();
  });

  await t.step("[e2e/monitoring_charts] a refused range says why, shows 30 days", async () => {
    const r = await page.goto("/routing/statistics/robot?start=2026-13-40");
    assert.equal(r?.status(), 200);
    await page.locator("[data-range-error]").getByText(formMessages.match("Start")).waitFor();
    const byRobotStatus = page.locator('[data-chart="robot-status"]');
    assert.deepEqual(await totals(byRobotStatus), ["Successful: 4", "Failed: 1", "Total: 5"]);
    assert.equal(await page.getByLabel("30 days").isChecked(), true);
  });

  await t.step("[e2e/monitoring_charts] messages: both charts", async () => {
    await page.goto("/monitoring/control/message");
    await headingIs(page, "Messages");
    const messages = page.locator('[data-chart="message-status"]');
    const commands = page.locator('[data-chart="command-status"]');
    assert.deepEqual(await totals(messages), [
      "forward in progress: 2",
      "in mailbox: 6",
      "Total: 8",
    ]);
    assert.deepEqual(await totals(commands), ["Delivered: 9", "Failed: 1", "Total: 10"]);
    assert.deepEqual(await tableRows(commands), await apiRows(page, commands, "command", "status"));
    for (const section of [messages, commands]) await section.locator(".uplot canvas").waitFor();
    await commands.locator(".u-legend").getByText("Failed", { exact: true }).waitFor();
    assert.deepEqual(errors, []);
  });

  await t.step(
    "[e2e/monitoring_charts] 21 robots: the 5 busiest drawn, the others ticked on demand",
    async () => {
      // With ack (1) and epadr (4): 21 robots, bot-14 … bot-18 the busiest (24 … 28).
      await db.insert(trafficHourly).values(
        Array.from({ length: 19 }, (_, k) => row("robot", 2, 2, `bot-${k}`, 10 + k)),
      );
      await page.goto("/routing/statistics/robot");
      await headingIs(page, "Robot statistics");
      const robots = page.locator('[data-chart="robot-dimension"]');
      await robots.locator(".uplot canvas").waitFor();
      const boxes = robots.locator("[data-chart-series]").getByRole("checkbox");
      const ticked = async () => {
        const all = await boxes.evaluateAll((els) =>
          els.map((el) =>
            [
              (el as HTMLInputElement).checked,
              el.closest("label")!.textContent!.split(":")[0],
            ] as const
          )
        );
        return all.filter(([on]) => on).map(([, name]) => name);
      };
      // The legend names the lines drawn (the time first).
      const drawn = async () =>
        (await robots.locator(".u-legend tr.u-series:not(.u-off) th").allTextContents())
          .slice(1);
      const busiest = ["bot-14", "bot-15", "bot-16", "bot-17", "bot-18"];
      assert.equal(await boxes.count(), 21);
      assert.deepEqual(await ticked(), busiest);
      assert.deepEqual(await drawn(), busiest);
      await robots.getByText("Lines drawn: 5 of 21 series").waitFor();
      // Away from the chart the legend reads the latest day, never the epoch.
      await page.mouse.move(0, 0);
      for (const legend of await page.locator(".u-legend").all()) {
        const text = (await legend.textContent())!;
        assert.doesNotMatch(text, /1970/);
        assert.ok(text.startsWith(`Day${dayAgo(0)} (latest)`), text);
      }
      await robots.getByRole("button", { name: "Show all" }).click();
      assert.equal((await ticked()).length, 21);
      await eventually(async () => assert.equal((await drawn()).length, 21));
      await robots.getByRole("checkbox", { name: "bot-18: 28" }).uncheck();
      await eventually(async () => assert.ok(!(await drawn()).includes("bot-18")));
      assert.equal((await drawn()).length, 20);
      await robots.getByRole("button", { name: "Show the 5 busiest" }).click();
      await eventually(async () => assert.deepEqual(await drawn(), busiest));
      await assertAccessible(page, "a chart of 21 series");
    },
  );

  await t.step("[e2e/monitoring_charts] a client gets the 403 page", async () => {
    const client = await e.signedIn(100);
    const p = client.page;
    p.setDefaultTimeout(TIMEOUT);
    for (const url of ["/routing/statistics/push", "/monitoring/control/message"]) {
      const denied = await p.goto(url);
      assert.equal(denied?.status(), 403);
      assert.equal(path(p), "/error/403");
      await headingIs(p, "Error 403");
    }
  });
});
