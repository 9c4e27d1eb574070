/**
 * Browser tests of the robot traffic and event log pages: an administrator opens robot traffic
 * (newest first, server-rendered), 'Show All' shows every field, the robot's text content and
 * the error label's carbon-copy recipients (or "None" for an empty section); the push and robot
 * event pages list their rows; a client user gets 403 on the admin routing pages.
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, scriptErrors } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { pushEvents, robotEvents } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;
const TABLE = '[data-table="robot-traffic"]';

async function rightClick(target: Locator) {
  await inView(target);
  await target.click({ button: "right" });
}

e2eSuite("[e2e/robot-traffic]", async (t, e) => {
  const { f } = e;
  const db = e.database.db;
  const tgid = await f.tgid();
  const future = (minutes: number) => new Date(Date.now() + 86_400_000 + minutes * 60_000);
  const withCc = await f.robotTraffic({
    tgidId: tgid.id,
    robot: "CAPSAT",
    receivedTime: future(2),
    status: 3,
    code: 550,
    errorLabel: "550 5.1.1 <ops@fleet.example>: Recipient address rejected\n" +
      "CC: duty@fleet.example, captain@fleet.example",
    content: "CAPSAT MESSAGE REF 424242\nNoon report: 12.3 kn",
  });
  const emptyCc = await f.robotTraffic({
    tgidId: tgid.id,
    type: 1,
    robot: "DNID",
    receivedTime: future(1),
    errorLabel: "Delivered to ftp://fleet.example/in\nCC:",
    content: "DNID 10 MEMBER 3 LES 21",
  });

  await t.step("[e2e/robot-traffic] Show All: fields, text content and carbon copies", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const consoleErrors = scriptErrors(page);
    await page.goto(`/routing/traffic/robot?filter.tgid=${tgid.id}`);
    await headingIs(page, "Robot traffic");
    // Received time, newest first.
    const keys = () =>
      page.locator(`${TABLE} tbody tr[data-row]`).evaluateAll((trs) =>
        trs.map((tr) => tr.getAttribute("data-row"))
      );
    await eventually(async () =>
      assert.deepEqual(await keys(), [String(withCc.realId), String(emptyCc.realId)])
    );

    await rightClick(page.locator(`${TABLE} tbody tr[data-row="${withCc.realId}"]`));
    await page.getByRole("menu").getByRole("menuitem", { name: "Show All" }).click();
    const dialog = page.getByRole("dialog", { name: `Robot traffic ${withCc.realId}` });
    await dialog.waitFor({ state: "visible" });
    await dialog.locator("pre", { hasText: "CAPSAT MESSAGE REF 424242" }).waitFor();
    assert.equal(
      await dialog.locator(".robot-content pre").innerText(),
      "CAPSAT MESSAGE REF 424242\nNoon report: 12.3 kn",
    );
    assert.deepEqual(await dialog.locator(".carbon-copies li").allTextContents(), [
      "duty@fleet.example",
      "captain@fleet.example",
    ]);
    const text = await dialog.innerText();
    for (const field of ["CAPSAT", "Failed", "550", "SMTP", String(tgid.id)]) {
      assert.ok(text.includes(field), `${field} in ${text}`);
    }
    assert.ok(text.includes("550 5.1.1 <ops@fleet.example>: Recipient address rejected"));
    await assertAccessible(page, "the robot traffic Show All dialog");
    await dialog.getByText("Close", { exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    // An empty carbon-copies section shows none.
    await rightClick(page.locator(`${TABLE} tbody tr[data-row="${emptyCc.realId}"]`));
    await page.getByRole("menu").getByRole("menuitem", { name: "Show All" }).click();
    const second = page.getByRole("dialog", { name: `Robot traffic ${emptyCc.realId}` });
    await second.locator("pre", { hasText: "DNID 10 MEMBER 3 LES 21" }).waitFor();
    assert.equal(await second.locator(".carbon-copies li").count(), 0);
    assert.equal(await second.locator(".carbon-copies p").innerText(), "None");
    assert.ok((await second.innerText()).includes("FTP"));
    await second.getByText("Close", { exact: true }).click();
    assert.deepEqual(consoleErrors, []);
  });

  await t.step("[e2e/robot-traffic] the event logs list their rows, newest first", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const host = `e2e-${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(pushEvents).values([
      { hostname: host, level: "INFO", message: "Process started", timestamp: future(1) },
      { hostname: host, level: "ERROR", message: "Route locked", timestamp: future(2) },
    ]);
    await page.goto(`/routing/events/push?filter.hostname=${host}`);
    await headingIs(page, "Push events");
    const cells = (table: string) =>
      page.locator(`[data-table="${table}"] tbody tr[data-row]`).allInnerTexts();
    const shown = await cells("push-events");
    assert.equal(shown.length, 2);
    assert.ok(shown[0].includes("Route locked") && shown[1].includes("Process started"));

    const word = `Robot ${crypto.randomUUID().slice(0, 8)}`;
    await db.insert(robotEvents).values({
      robot: "EPADR",
      level: "WARN",
      message: word,
      timestamp: future(3),
    });
    await page.goto(`/routing/events/robot?filter.message=${encodeURIComponent(word)}`);
    await headingIs(page, "Robot events");
    const robot = await cells("robot-events");
    assert.equal(robot.length, 1);
    assert.ok(robot[0].includes("EPADR") && robot[0].includes(word));
  });

  await t.step("[e2e/robot-traffic] a client gets 403 on the admin routing pages", async () => {
    const { page } = await e.signedIn(100);
    page.setDefaultTimeout(TIMEOUT);
    for (
      const path of ["/routing/traffic/robot", "/routing/events/push", "/routing/events/robot"]
    ) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 403, path);
      assert.ok(!(await page.content()).includes("CAPSAT MESSAGE REF"), path);
    }
  });
});
