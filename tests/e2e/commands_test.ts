/**
 * Browser tests of the command pages and the dnid status menu's commands, as a client user, with
 * the land earth station's clock running (one state a second, no failures): a poll sent from
 * /commands/poll/{dnid-les-member} (the init preselects the member) whose command list advances
 * to a final state; an irext geofence of 3 points from /commands/irext; an EGC call from
 * /commands/egc; an on-demand poll from
 * the dnid status menu's dialog, with its toast and the link to the command list.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { e2eSuite, eventually } from "./harness.ts";
import { headingIs, inView, scriptErrors, toast } from "./page_helpers.ts";
import { assertAccessible } from "./axe.ts";
import { commandLists, commands, users } from "../../db/schema/mod.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../openapi/schemas/terminal_command_messages.ts";

const TIMEOUT = 15_000;

const statusesShown = (page: Page) =>
  page.locator('[data-table="commands"] tbody tr[data-row] [data-status]').allTextContents();

e2eSuite("[e2e/commands]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, userId } = await e.signedIn(100);
  page.setDefaultTimeout(TIMEOUT);
  const consoleErrors = scriptErrors(page);
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  const tgid = await f.tgid({ teamId: me.teamId! });
  const dnid = await f.dnid({ companyId: me.companyId, tgidId: tgid.id });
  const member = await f.dnidStatus({ dnidId: dnid.id, les: 21, member: 5 });
  await f.dnidStatus({ dnidId: dnid.id, les: 21, member: 6 });
  const rul = await f.rul({ companyId: me.companyId });
  const enid = await f.enid({ companyId: me.companyId, rulId: rul.id, rulLes: rul.les });
  const extreme = await f.terminal({ tgidId: tgid.id, deviceTypeId: 3, label: "Extreme E2E" });
  const listOf = async (listId: number) => {
    const [list] = await db.select().from(commandLists).where(eq(commandLists.id, listId));
    const rows = await db.select().from(commands).where(eq(commands.listId, listId));
    return { list, commands: rows };
  };
  const createdList = async (page: Page) => {
    const result = page.locator(".command-result[data-list]");
    await result.waitFor();
    return Number(await result.getAttribute("data-list"));
  };

  await t.step("[e2e/commands] a poll from /commands/poll advances to a final state", async () => {
    await page.goto(`/commands/poll/${dnid.id}-21-5`);
    await headingIs(page, "Poll command");
    assert.equal(await page.locator("#poll-form select[name=dnid]").inputValue(), `${dnid.id}-21`);
    assert.equal(await page.locator("#poll-form select[name=member]").inputValue(), "5");
    await page.locator("#poll-form select[name=pollType]").selectOption("2");
    await page.getByRole("button", { name: "Send" }).click();
    const listId = await createdList(page);
    await toast(page, "success", M.listCreated(listId)).waitFor();
    await assertAccessible(page, "the poll page");
    const stored = await listOf(listId);
    assert.equal(stored.list.companyId, me.companyId);
    assert.deepEqual(stored.commands.map((c) => [c.command, c.mt, c.commandSubType]), [
      ["pollCommand", member.device, 2],
    ]);
    await page.getByRole("link", { name: "Follow command list" }).click();
    await headingIs(page, `Command list ${listId}`);
    await eventually(
      async () => assert.deepEqual(await statusesShown(page), ["Acknowledged"]),
      TIMEOUT,
    );
    assert.equal((await listOf(listId)).list.terminated, true);
  });

  await t.step("[e2e/commands] an irext geofence of 3 points", async () => {
    await page.goto(`/commands/irext?target=${extreme.deviceId}`);
    await headingIs(page, "Irext command");
    assert.equal(
      await page.locator("#irext-form select[name=target]").inputValue(),
      String(extreme.deviceId),
    );
    await page.locator("#irext-form select[name=command]").selectOption("geofenceActivate");
    await page.getByLabel("Geofence id").fill("4");
    await page.locator("#irext-form select[name=unit]").selectOption("1");
    const points = [[43.1, 5.2], [43.6, 5.2], [43.3, 5.9]];
    for (const [i, [lat, lon]] of points.entries()) {
      await page.getByLabel(`Point ${i + 1} latitude`).fill(String(lat));
      await page.getByLabel(`Point ${i + 1} longitude`).fill(String(lon));
    }
    // Two points only: refused in the form, nothing sent.
    await page.getByLabel("Point 3 longitude").fill("");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText(M.geofencePoint(3)).waitFor();
    await assertAccessible(page, "the irext page's geofence form");
    await page.getByLabel("Point 3 longitude").fill("5.9");
    await page.getByRole("button", { name: "Send" }).click();
    const listId = await createdList(page);
    const { commands: [c] } = await listOf(listId);
    assert.equal(c.command, "geofenceActivate");
    assert.equal(c.mt, String(extreme.deviceId));
    assert.deepEqual(c.parameters, {
      geofenceId: 4,
      unit: 1,
      points: 3,
      geofenceP1lat: 43.1,
      geofenceP1lon: 5.2,
      geofenceP2lat: 43.6,
      geofenceP2lon: 5.2,
      geofenceP3lat: 43.3,
      geofenceP3lon: 5.9,
    });
  });

  await t.step("[e2e/commands] an EGC call to an enid", async () => {
    await page.goto("/commands/egc");
    await headingIs(page, "EGC command");
    await page.locator("#egc-form select[name=enid]").selectOption(String(enid.id));
    await page.locator("#egc-form select[name=priority]").selectOption("1");
    await page.locator("#egc-form textarea[name=text]").fill("Gale warning, sector 3");
    await page.getByRole("button", { name: "Send" }).click();
    const listId = await createdList(page);
    const { commands: [c] } = await listOf(listId);
    assert.equal(c.command, "egcMessage");
    assert.equal(c.mt, String(enid.id));
    assert.equal(c.parameters.priority, 1);
    assert.equal(c.parameters.text, "Gale warning, sector 3");
  });

  await t.step("[e2e/commands] an on-demand poll from the dnid status menu", async () => {
    await page.goto(`/management/dnid/status?dnid=${dnid.id}`);
    const table = page.locator('[data-table="dnid-status"]');
    const actions = table.getByRole("button", {
      name: `Actions for member 5 of dnid ${dnid.id} (${member.device})`,
    });
    await inView(actions);
    await actions.click();
    await page.getByRole("menu").getByRole("menuitem", { name: "On-demand poll" }).click();
    const dialog = page.getByRole("dialog", { name: `On-demand poll: dnid ${dnid.id} member 5` });
    await dialog.waitFor();
    await dialog.locator("select[name=code]").selectOption("128");
    await dialog.getByRole("button", { name: "Send" }).click();
    const result = dialog.locator(".command-result[data-list]");
    await result.waitFor();
    const listId = Number(await result.getAttribute("data-list"));
    await toast(page, "success", M.listCreated(listId)).waitFor();
    const [c] = await db.select().from(commands).where(and(eq(commands.listId, listId)));
    assert.equal(c.command, "onDemandCommand");
    assert.deepEqual(c.parameters, { dnid: dnid.id, les: 21, member: 5, code: 128 });
    assert.equal(
      await dialog.getByRole("link", { name: "Follow command list" }).getAttribute("href"),
      `/management/list/${listId}`,
    );
    await assertAccessible(page, "the dnid status command dialog");
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
  });

  assert.deepEqual(consoleErrors, []);
}, { lesClock: true });
