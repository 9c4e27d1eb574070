/**
 * Browser tests of the command details dialog and of a command list following the land earth
 * station, as a client user, with the station's clock running (one state a second, no
 * failures): cancelling a pending command from its details dialog makes it Cancelled (dialog,
 * table and database); a cancel the station refuses shows "Cancel command error : …"; a poll
 * issued through the station advances on its list's page to Acknowledged and the list to
 * Finished, without reloading the page.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { signedInClient, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { commands, stationMessages } from "../../../db/schema/mod.ts";
import { COMMAND_MESSAGES } from "../../../openapi/schemas/command/command_messages.ts";
import { simulatedStation } from "../../../server/station/simulated.ts";
import { issueCommands } from "../../../server/services/command/issue.ts";

const TIMEOUT = 15_000;

const statusesShown = (page: Page) =>
  page.locator('[data-table="commands"] tbody tr[data-row] [data-status]').allTextContents();

e2eSuite("[e2e/command]", async (t, e) => {
  const db = e.database.db;
  const { page, me, consoleErrors } = await signedInClient(e, TIMEOUT);
  const statusOf = async (listId: number, itemId = 1) =>
    (await db.select().from(commands).where(and(
      eq(commands.listId, listId),
      eq(commands.itemId, itemId),
    )))[0].status;

  await t.step("[e2e/command] cancel a pending command from its details dialog", async () => {
    // A pending command the station does not move (nothing scheduled), and a delivered one.
    const list = await e.f.commandList({
      companyId: me.companyId,
      userKey: me.key,
      statuses: [1, 5],
      mt: "412340001",
    });
    await page.goto(`/management/list/${list.id}/1/1`);
    const dialog = page.getByRole("dialog", { name: `Command ${list.id}/1/1` });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByText("1 In Progress", { exact: true }).waitFor();
    await dialog.getByText("MESSAGINGC", { exact: true }).waitFor();
    await assertAccessible(page, "the command details dialog with its cancel button");
    await dialog.getByRole("button", { name: "Cancel command" }).click();
    await toast(page, "success", COMMAND_MESSAGES.cancelled({ ...list.commands[0] })).waitFor();
    await dialog.getByText("13 Cancelled", { exact: true }).waitFor();
    await dialog.getByText("Command cancelled by user", { exact: true }).waitFor();
    assert.equal(await statusOf(list.id), 13);
    // Final now: the button goes once it is back to idle; the table shows it too.
    await dialog.getByRole("button", { name: "Cancel command" }).waitFor({ state: "detached" });
    await eventually(
      async () => assert.deepEqual(await statusesShown(page), ["Cancelled", "Delivered"]),
      TIMEOUT,
    );
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
    // The delivered command's dialog offers no cancel.
    await page.goto(`/management/list/${list.id}/1/2`);
    const delivered = page.getByRole("dialog", { name: `Command ${list.id}/1/2` });
    await delivered.getByText("5 Delivered", { exact: true }).waitFor();
    assert.equal(await delivered.getByRole("button", { name: "Cancel command" }).count(), 0);
  });

  await t.step("[e2e/command] a cancel the station refuses shows its reason", async () => {
    // A message command (2 Sent) whose station message is already in the mailbox.
    const list = await e.f.commandList({
      companyId: me.companyId,
      userKey: me.key,
      statuses: [2],
      mt: "412340001",
    });
    const [message] = await db.insert(stationMessages).values({
      listId: list.id,
      groupId: 1,
      itemId: 1,
      userKey: me.key,
      companyId: me.companyId,
      les: 21,
      recipient: "412340001",
      text: "Hello",
      size: 5,
      status: 7,
    }).returning();
    await page.goto(`/management/list/${list.id}/1/1`);
    const dialog = page.getByRole("dialog", { name: `Command ${list.id}/1/1` });
    await dialog.getByText(`${message.refNum} to 412340001`).waitFor();
    await dialog.getByText("7 in mailbox", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Cancel command" }).click();
    const reason = COMMAND_MESSAGES.cancelError(
      `message ${message.refNum} is in mailbox: only a message forward in progress can be deleted`,
    );
    await dialog.getByText(reason, { exact: true }).waitFor();
    await toast(page, "error", reason).waitFor();
    assert.equal(await statusOf(list.id), 2);
    await dialog.getByRole("button", { name: "Close" }).last().click();
  });

  await t.step("[e2e/command] an issued poll advances to a final state on its page", async () => {
    const { listId } = await issueCommands(db, simulatedStation(db, { stepMs: 1000 }), {
      userKey: me.key,
      companyId: me.companyId,
      protocol: 0,
      commands: [{
        command: "pollCommand",
        mt: "412340001",
        genericCommandType: 0,
        commandSubType: 0,
        parameters: { dnid: 10745, les: 21, member: 1, pollType: 0 },
      }],
    });
    await page.goto(`/management/list/${listId}`);
    await page.locator('[data-table="commands"] tbody tr[data-row] [data-status]').first()
      .waitFor();
    // The page was rendered while the command was pending; it follows it without a reload.
    await eventually(
      async () => assert.deepEqual(await statusesShown(page), ["Acknowledged"]),
      20_000,
      250,
    );
    await page.getByText("Finished", { exact: true }).first().waitFor();
    assert.equal(await statusOf(listId), 7);
  });

  await t.step("[e2e/command] no script errors on the way", () => {
    assert.deepEqual(consoleErrors, []);
  });
}, { stationClock: true });
