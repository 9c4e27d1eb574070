/**
 * Browser tests of the command list pages, as a client user of a company: cancelling an
 * unfinished list from its page turns its pending commands Cancelled while delivered ones stay
 * Delivered; a finished list offers no cancel; the overview's menu (Open, Refresh, Cancel
 * execution) cancels too and shows the server's refusal as "Cancel command error : …"; a
 * command's details dialog shows every field; another company's list is not found.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, painted, signedInClient, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { commandLists, commands } from "../../../db/schema/mod.ts";
import { LIST_MESSAGES } from "../../../openapi/schemas/list/lists.ts";

const TIMEOUT = 10_000;

/** The status labels of the commands table, by item. */
const statusesShown = (page: Page) =>
  page.locator('[data-table="commands"] tbody tr[data-row] [data-status]').allTextContents();

/** Confirms the cancel dialog. */
async function confirmCancel(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Cancel execution" });
  await dialog.waitFor({ state: "visible" });
  await dialog.getByRole("button", { name: "Cancel execution" }).click();
  await dialog.waitFor({ state: "hidden" });
}

e2eSuite("[e2e/lists]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, me, consoleErrors } = await signedInClient(e, TIMEOUT);
  const mine = (opts: { statuses: number[]; terminated?: boolean }) =>
    f.commandList({ companyId: me.companyId, userKey: me.key, mt: "412340001", ...opts });
  const statusesOf = async (listId: number) =>
    (await db.select().from(commands).where(eq(commands.listId, listId)))
      .sort((a, b) => a.itemId - b.itemId).map((c) => c.status);
  const other = await f.company();
  const theirs = await f.commandList({ companyId: other.id, statuses: [1] });
  await t.step(
    "[e2e/lists] cancel on a list's page: pending become Cancelled, delivered stay",
    async () => {
      const list = await mine({ statuses: [1, 5, 4, 7, 14] });
      await page.goto(`/management/list/${list.id}`);
      await headingIs(page, `Command list ${list.id}`);
      assert.deepEqual(await statusesShown(page), [
        "In Progress",
        "Delivered",
        "Waiting for transmission",
        "Acknowledged",
        "Ack waiting",
      ]);
      await assertAccessible(page, "a command list's page");
      await page.getByRole("button", { name: "Cancel execution" }).click();
      await confirmCancel(page);
      await toast(page, "success", LIST_MESSAGES.cancelled(list.id)).waitFor();
      await eventually(async () =>
        assert.deepEqual(await statusesShown(page), [
          "Cancelled",
          "Delivered",
          "Cancelled",
          "Acknowledged",
          "Cancelled",
        ])
      );
      assert.deepEqual(await statusesOf(list.id), [13, 5, 13, 7, 13]);
      // Finished now: no more cancel, on the page or after a reload.
      await page.getByRole("button", { name: "Cancel execution" }).waitFor({
        state: "detached",
      });
      await page.reload();
      await headingIs(page, `Command list ${list.id}`);
      await page.locator(".detail-facts").getByText("Finished").waitFor();
      assert.equal(await page.getByRole("button", { name: "Cancel execution" }).count(), 0);
      assert.deepEqual(
        await page.locator('[data-table="commands"] [data-status="13"].danger').count(),
        3,
      );
    },
  );

  await t.step("[e2e/lists] a finished list offers no cancel", async () => {
    const done = await mine({ statuses: [5, 6], terminated: true });
    await page.goto(`/management/list/${done.id}`);
    await headingIs(page, `Command list ${done.id}`);
    assert.equal(await page.getByRole("button", { name: "Cancel execution" }).count(), 0);
    await page.goto(`/management/list?filter.id=${done.id}`);
    const actions = page.getByRole("button", { name: `Actions for command list ${done.id}` });
    await inView(actions);
    await actions.click();
    const entry = page.getByRole("menuitem", { name: "Cancel execution" });
    assert.ok(await entry.isDisabled(), "Cancel execution is disabled for a finished list");
    await page.keyboard.press("Escape");
  });

  await t.step(
    "[e2e/lists] the overview's menu: refresh, cancel execution, and its error toast",
    async () => {
      for (let i = 0; i < 10; i++) await mine({ statuses: [5], terminated: true });
      const list = await mine({ statuses: [2, 5] });
      await page.goto(`/management/list?filter.id=${list.id}`);
      await headingIs(page, "Command lists");
      const table = page.locator('[data-table="command-lists"]');
      const row = table.locator(`tbody tr[data-row="${list.id}"]`);
      await row.getByText("Unfinished").waitFor();
      // The long tables' page sizes, 10 by default (offered once there is more than a page).
      const size = page.getByLabel("Rows per page");
      assert.equal(await size.inputValue(), "10");
      assert.deepEqual(
        await size.locator("option").allTextContents(),
        ["10", "25", "50", "100", "1000", "2000"],
      );
      const actions = page.getByRole("button", { name: `Actions for command list ${list.id}` });
      await inView(actions);
      await actions.click();
      const items = await page.getByRole("menuitem").allTextContents();
      assert.deepEqual(items.map((s) => s.trim()), ["Open", "Refresh", "Cancel execution"]);
      await page.getByRole("menuitem", { name: "Cancel execution" }).click();
      await confirmCancel(page);
      await toast(page, "success", LIST_MESSAGES.cancelled(list.id)).waitFor();
      await row.getByText("Finished").waitFor();
      assert.deepEqual(await statusesOf(list.id), [13, 5]);

      // Finished elsewhere after the table showed it: the server's refusal, as a toast.
      const stale = await mine({ statuses: [3] });
      await page.goto(`/management/list?filter.id=${stale.id}`);
      const staleRow = table.locator(`tbody tr[data-row="${stale.id}"]`);
      await staleRow.getByText("Unfinished").waitFor();
      await db.update(commandLists).set({ terminated: true })
        .where(eq(commandLists.id, stale.id));
      const staleActions = page.getByRole("button", {
        name: `Actions for command list ${stale.id}`,
      });
      await inView(staleActions);
      await staleActions.click();
      await page.getByRole("menuitem", { name: "Cancel execution" }).click();
      await confirmCancel(page);
      await toast(
        page,
        "error",
        LIST_MESSAGES.cancelError(LIST_MESSAGES.finished(stale.id)),
      ).waitFor();
      assert.deepEqual(await statusesOf(stale.id), [3]);
      // Refresh shows it as it is now (the toasts put away first: they cover the menu).
      const dismiss = page.locator("[data-toast] button[aria-label=Dismiss]");
      while (await dismiss.count()) {
        await dismiss.first().click({ timeout: 1000 }).catch(() => {});
      }
      await inView(staleActions);
      await staleActions.click();
      await page.getByRole("menuitem", { name: "Refresh" }).click();
      await staleRow.getByText("Finished").waitFor();
    },
  );

  await t.step("[e2e/lists] a command's details, opened by its item's address", async () => {
    const list = await mine({ statuses: [1, 6] });
    await db.update(commands).set({ errorCode: 4001, errorLabel: "Terminal is not logged in" })
      .where(eq(commands.listId, list.id));
    await page.goto(`/management/list/${list.id}/1/2`);
    const dialog = page.getByRole("dialog", { name: `Command ${list.id}/1/2` });
    await dialog.waitFor({ state: "visible" });
    for (const text of ["sendMessage", "6 Failed", "4001", "Terminal is not logged in"]) {
      await dialog.getByText(text, { exact: true }).first().waitFor();
    }
    const parameters = dialog.locator('[data-fields="parameters"]');
    await parameters.getByText("format", { exact: true }).waitFor();
    await parameters.getByText("Test 2", { exact: true }).waitFor();
    await assertAccessible(page, "the command details dialog");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    // The row menu opens it too.
    const actions = page.getByRole("button", { name: "Actions for command 1/1" });
    await inView(actions);
    await actions.click();
    await page.getByRole("menuitem", { name: "Details" }).click();
    await page.getByRole("dialog", { name: `Command ${list.id}/1/1` }).getByText("In Progress")
      .first().waitFor();
  });

  await t.step("[e2e/lists] a long details dialog opens at its top", async () => {
    const list = await mine({ statuses: [1] });
    await page.goto(`/management/list/${list.id}/1/1`);
    const dialog = page.getByRole("dialog", { name: `Command ${list.id}/1/1` });
    await dialog.getByRole("button", { name: "Cancel command" }).waitFor();
    await painted(page);
    // The footer stays in view (sticky), so focusing its first button scrolls nothing; the focus
    // is never on the command's cancellation, which a stray Enter would send.
    const body = await dialog.locator("article").evaluate((a) => ({
      scrollTop: a.scrollTop,
      overflows: a.scrollHeight > a.clientHeight,
      focusOnCancelCommand: document.activeElement?.textContent?.trim() === "Cancel command",
    }));
    assert.deepEqual(body, { scrollTop: 0, overflows: true, focusOnCancelCommand: false });
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/lists] another company's list is not found", async () => {
    const r = await page.goto(`/management/list/${theirs.id}`);
    assert.equal(r?.status(), 404);
    await page.goto(`/management/list?filter.id=${theirs.id}`);
    await page.locator('[data-table="command-lists"]').getByText(/No |0 /).first().waitFor();
    assert.equal(
      await page.locator(`[data-table="command-lists"] tbody tr[data-row="${theirs.id}"]`)
        .count(),
      0,
    );
  });
  await t.step("[e2e/lists] no script errors on the way", () => {
    assert.deepEqual(consoleErrors, []);
  });
});
