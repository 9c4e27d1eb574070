/**
 * Browser tests of the LES traffic pages, as a client user: deleting a message forward in
 * progress from the traffic table (it becomes user deleted), no delete for a delivered one and the
 * server's refusal as 'An error occured while deleting the message: …' when it was delivered
 * meanwhile; the details dialog; the live refresh while a row is under way; the /station landing
 * page's counts; another company's messages are not shown.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite } from "../harness.ts";
import { headingIs, inView, signedInClient, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { stationMessages } from "../../../db/schema/mod.ts";
import { STATION_MESSAGES } from "../../../openapi/schemas/station/station_messages.ts";
import { unique } from "../../fixtures/factories.ts";

const TIMEOUT = 10_000;

async function rowMenu(page: Page, refNum: number) {
  const actions = page.getByRole("button", { name: `Actions for message ${refNum}` });
  await inView(actions);
  await actions.click();
}

async function dismissToasts(page: Page) {
  const dismiss = page.locator("[data-toast] button[aria-label=Dismiss]");
  while (await dismiss.count()) await dismiss.first().click({ timeout: 1000 }).catch(() => {});
}

e2eSuite("[e2e/station]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, me, consoleErrors } = await signedInClient(e, TIMEOUT);
  const mine = async (opts: Partial<typeof stationMessages.$inferInsert> = {}) => {
    const [row] = await db.insert(stationMessages).values({
      companyId: me.companyId,
      userKey: me.key,
      les: 21,
      recipient: "412340001",
      text: unique("Message"),
      size: 42,
      status: 0,
      ...opts,
    }).returning();
    return row;
  };
  const statusOf = async (refNum: number) =>
    (await db.select().from(stationMessages).where(eq(stationMessages.refNum, refNum)))[0].status;
  const table = page.locator('[data-table="station-traffic"]');
  const row = (refNum: number) => table.locator(`tbody tr[data-row="${refNum}"]`);
  /** The row's status badge once it reads `label`. */
  const shows = (refNum: number, label: string) =>
    row(refNum).locator("[data-status]", { hasText: new RegExp(`^${label}$`) }).waitFor();

  await t.step("[e2e/station] delete a message forward in progress", async () => {
    const m = await mine({ status: 0 });
    await page.goto(`/station/traffic?filter.refNum=${m.refNum}`);
    await headingIs(page, "LES Traffic Overview");
    await shows(m.refNum, "forward in progress");
    await assertAccessible(page, "the LES traffic overview");
    await rowMenu(page, m.refNum);
    const items = await page.getByRole("menuitem").allTextContents();
    assert.deepEqual(items.map((s) => s.trim()), ["Details", "Delete", "Refresh"]);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete message" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page, "success", STATION_MESSAGES.deleted(m.refNum)).waitFor();
    await shows(m.refNum, "user deleted");
    assert.equal(await statusOf(m.refNum), 14);
    await dismissToasts(page);
  });

  await t.step("[e2e/station] a delivered message cannot be deleted", async () => {
    const done = await mine({ status: 12 });
    await page.goto(`/station/traffic?filter.refNum=${done.refNum}`);
    await shows(done.refNum, "delivered");
    await rowMenu(page, done.refNum);
    assert.ok(await page.getByRole("menuitem", { name: "Delete" }).isDisabled());
    await page.keyboard.press("Escape");

    // Shown forward in progress, delivered meanwhile: the server's refusal, as a toast. Without
    // an event stream (refused here), the page polls every 5 s, so it shows a stale row a while.
    const stale = await mine({ status: 0 });
    await page.route("**/rest/events*", (route) => route.abort());
    await page.goto(`/station/traffic?filter.refNum=${stale.refNum}`);
    await shows(stale.refNum, "forward in progress");
    await db.update(stationMessages).set({ status: 12 })
      .where(eq(stationMessages.refNum, stale.refNum));
    await rowMenu(page, stale.refNum);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete message" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(
      page,
      "error",
      STATION_MESSAGES.deleteError(STATION_MESSAGES.notDeletable(12)),
    ).waitFor();
    assert.equal(await statusOf(stale.refNum), 12);
    // The table refreshes by itself while a row is under way (polling): delivered now.
    await shows(stale.refNum, "delivered");
    await page.unroute("**/rest/events*");
    await dismissToasts(page);
  });

  await t.step("[e2e/station] a message's details", async () => {
    const m = await mine({
      status: 0,
      carbonCopies: ["423456789"],
      attachmentName: "route.txt",
      attachmentSize: 120,
      notificationRecipients: ["ops@fleet.example"],
      text: "Proceed to waypoint 4",
      listId: 9_000_001,
      groupId: 1,
      itemId: 2,
    });
    await page.goto(`/station/traffic?filter.refNum=${m.refNum}`);
    // The List column and the details' Command open the command itself.
    const commandHref = "/management/list/9000001/1/2";
    assert.equal(
      await row(m.refNum).getByRole("link", { name: "9000001" }).getAttribute("href"),
      commandHref,
    );
    await rowMenu(page, m.refNum);
    await page.getByRole("menuitem", { name: "Details" }).click();
    const dialog = page.getByRole("dialog", { name: `Message ${m.refNum}` });
    await dialog.waitFor({ state: "visible" });
    for (
      const text of [
        "0 forward in progress",
        "423456789",
        "route.txt (120 bytes)",
        "ops@fleet.example",
        "Proceed to waypoint 4",
      ]
    ) {
      await dialog.getByText(text, { exact: true }).first().waitFor();
    }
    assert.equal(
      await dialog.getByRole("link", { name: "9000001/1/2" }).getAttribute("href"),
      commandHref,
    );
    await assertAccessible(page, "a station message's details");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/station] a Created filter of year 0 is no error page", async () => {
    const response = await page.goto("/station/traffic?filter.createdAt=0000-01-01");
    assert.equal(response?.status(), 200);
    await page.getByRole("heading", { name: "LES Traffic Overview" }).waitFor();
    assert.ok(!page.url().includes("/error/"), page.url());
  });

  await t.step("[e2e/station] the landing page, and nothing of another company", async () => {
    const other = await f.company();
    const [theirs] = await db.insert(stationMessages).values({
      companyId: other.id,
      les: 21,
      recipient: "412340002",
      text: unique("Theirs"),
      size: 10,
      status: 13,
    }).returning();
    await page.goto("/station");
    await headingIs(page, "LES Traffic");
    await page.getByText("LES 21").first().waitFor();
    const counts = page.locator("[data-station-counts]");
    // Deleted 1 (the first step's), delivered 2, in progress 1 (the details' message).
    assert.equal(await counts.locator('[data-family="deleted"] [data-count]').textContent(), "1");
    assert.equal(await counts.locator('[data-family="delivered"] [data-count]').textContent(), "2");
    assert.equal(await counts.locator('[data-family="failed"] [data-count]').textContent(), "0");
    assert.equal(await page.locator("[data-station-latest]").getByText(theirs.text).count(), 0);
    await assertAccessible(page, "the LES landing page");
    await page.getByRole("link", { name: STATION_MESSAGES.allTraffic }).click();
    await headingIs(page, "LES Traffic Overview");
    await page.goto(`/station/traffic?filter.refNum=${theirs.refNum}`);
    await table.getByText(/No |0 /).first().waitFor();
    assert.equal(await row(theirs.refNum).count(), 0);
  });

  assert.deepEqual(consoleErrors, []);
});
