/**
 * Browser tests of the command pages, as a client user, with the land earth station's clock
 * running (one state a second, no failures): a poll sent from /commands/poll/{dnid-les-member}
 * (the init preselects the member) whose command list advances to a final state; an irext
 * geofence of 3 points from /commands/irext; an EGC call from /commands/egc; the poll page in the
 * Commands menu, index and home page; empty forms that say what is missing; the dnid status
 * menu's On-demand poll opening the poll page with its member chosen; an on-demand command (a
 * code) from the poll page; the dnid page's poll links.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Page, Request } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, signedInClient, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { commandLists, commands } from "../../../db/schema/mod.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";

const TIMEOUT = 15_000;

const statusesShown = (page: Page) =>
  page.locator('[data-table="commands"] tbody tr[data-row] [data-status]').allTextContents();

e2eSuite("[e2e/commands]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, me, consoleErrors } = await signedInClient(e, TIMEOUT);
  const tgid = await f.tgid({ teamId: me.teamId! });
  const dnid = await f.dnid({ companyId: me.companyId, tgidId: tgid.id });
  const member = await f.dnidStatus({ dnidId: dnid.id, les: 21, member: 5 });
  await f.dnidStatus({ dnidId: dnid.id, les: 21, member: 6 });
  const unauthorized = await f.dnidStatus({ dnidId: dnid.id, les: 21, member: 8, status: -1 });
  const rul = await f.rul({ companyId: me.companyId });
  const enid = await f.enid({ companyId: me.companyId, rulId: rul.id, rulLes: rul.les });
  // A second enid: the EGC page then preselects none.
  await f.enid({ companyId: me.companyId, rulId: rul.id, rulLes: rul.les });
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

  await t.step(
    "[e2e/commands] Poll is in the Commands menu, on the Commands page and on the home page",
    async () => {
      await page.goto("/");
      await headingIs(page, "Home");
      const main = page.getByRole("main");
      assert.equal(
        await main.getByRole("link", { name: "Poll command", exact: true }).getAttribute("href"),
        "/commands/poll",
      );
      await page.goto("/commands");
      await headingIs(page, "Commands");
      const card = main.getByRole("link", { name: "Poll command", exact: true });
      assert.equal(await card.getAttribute("href"), "/commands/poll");
      const nav = page.getByRole("list", { name: "Main menu" });
      await nav.locator("summary", { hasText: "Commands" }).click();
      const entry = nav.getByRole("link", { name: "Poll command", exact: true });
      assert.equal(await entry.getAttribute("href"), "/commands/poll");
      await entry.click();
      await page.waitForURL((u) => u.pathname === "/commands/poll");
      await headingIs(page, "Poll command");
      assert.equal(await page.locator("#poll-form select[name=dnid]").inputValue(), "");
      // The menu (swapped in, closed) marks the page the user is on.
      assert.equal(
        await nav.locator('a[href="/commands/poll"]').getAttribute("aria-current"),
        "page",
      );
    },
  );

  await t.step(
    "[e2e/commands] an empty poll, EGC or irext form says what is missing, next to the field",
    async () => {
      const sent: string[] = [];
      const count = (r: Request) =>
        r.url().includes("/rest/") && r.method() === "POST" &&
        sent.push(r.url());
      const missing = async (name: string, message: string) => {
        const error = page.locator(`#f-${name}-error`);
        await error.waitFor();
        assert.equal(await error.innerText(), message);
        const field = page.locator(`#f-${name}`);
        assert.equal(await field.getAttribute("aria-invalid"), "true");
        assert.equal(await field.getAttribute("aria-describedby"), `f-${name}-error`);
      };
      page.on("request", count);
      await page.goto("/commands/poll");
      await headingIs(page, "Poll command");
      await page.getByRole("button", { name: "Send" }).click();
      await missing("dnid", "Please select a dnid");
      // An on-demand command needs one member: the whole group is no choice there.
      await page.locator("#poll-form select[name=dnid]").selectOption(`${dnid.id}-21`);
      await page.locator("#poll-form select[name=command]").selectOption("onDemand");
      await page.getByRole("button", { name: "Send" }).click();
      await missing("member", "Please select a member");
      assert.equal(await page.locator("#f-dnid-error").count(), 0);

      await page.goto("/commands/egc");
      await headingIs(page, "EGC command");
      await page.getByRole("button", { name: "Send" }).click();
      await missing("enid", "Please select an enid");
      await missing("text", "Text is required");

      await page.goto("/commands/irext");
      await headingIs(page, "Irext command");
      await page.getByRole("button", { name: "Send" }).click();
      await missing("target", "Please select a terminal");
      page.off("request", count);
      assert.deepEqual(sent, [], "nothing was sent");
    },
  );

  await t.step(
    "[e2e/commands] On-demand poll in the dnid status menu opens the poll page with the member",
    async () => {
      await page.goto(`/management/dnid/status?filter.dnid=${dnid.id}`);
      // A member that is not authorized cannot be polled: the entry is off.
      const table = page.locator('[data-table="dnid-status"]');
      const refused = table.getByRole("button", {
        name: `Actions for member 8 of dnid ${dnid.id} (${unauthorized.device})`,
      });
      await inView(refused);
      await refused.click();
      assert.equal(
        await page.getByRole("menu").getByRole("menuitem", { name: "On-demand poll" }).isDisabled(),
        true,
      );
      await page.keyboard.press("Escape");
      await page.evaluate(() => {
        // deno-lint-ignore no-explicit-any
        (window as any).__marker = 1;
      });
      const actions = table.getByRole("button", {
        name: `Actions for member 5 of dnid ${dnid.id} (${member.device})`,
      });
      await inView(actions);
      await actions.click();
      await page.getByRole("menu").getByRole("menuitem", { name: "On-demand poll" }).click();
      await page.waitForURL((u) => u.pathname === `/commands/poll/${dnid.id}-21-5`);
      await headingIs(page, "Poll command");
      // eval: the shell's navigation swapped the page in, it did not load it anew.
      // deno-lint-ignore no-explicit-any
      assert.equal(await page.evaluate(() => (window as any).__marker), 1);
      const form = page.locator("#poll-form");
      assert.equal(await form.locator("select[name=dnid]").inputValue(), `${dnid.id}-21`);
      assert.equal(await form.locator("select[name=member]").inputValue(), "5");
      await page.getByRole("button", { name: "Send" }).click();
      const listId = await createdList(page);
      await toast(page, "success", M.listCreated(listId)).waitFor();
      const { commands: [c] } = await listOf(listId);
      assert.deepEqual([c.command, c.mt], ["pollCommand", member.device]);
      assert.equal(c.parameters.member, 5);
    },
  );

  await t.step("[e2e/commands] an on-demand command (a code) from the poll page", async () => {
    await page.goto(`/commands/poll/${dnid.id}-21-5`);
    await headingIs(page, "Poll command");
    const form = page.locator("#poll-form");
    await form.locator("select[name=command]").selectOption("onDemand");
    await form.locator("select[name=code]").selectOption("128");
    await page.getByRole("button", { name: "Send" }).click();
    const listId = await createdList(page);
    await toast(page, "success", M.listCreated(listId)).waitFor();
    const [c] = await db.select().from(commands).where(and(eq(commands.listId, listId)));
    assert.equal(c.command, "onDemandCommand");
    assert.deepEqual(c.parameters, { dnid: dnid.id, les: 21, member: 5, code: 128 });
    assert.equal(
      await page.getByRole("link", { name: "Follow command list" }).getAttribute("href"),
      `/management/list/${listId}`,
    );
    await assertAccessible(page, "the poll page's on-demand command");
  });

  await t.step("[e2e/commands] the dnid page links to the poll page, and each member", async () => {
    await page.goto(`/management/dnids/${dnid.id}/21`);
    await headingIs(page, `Dnid ${dnid.id} (LES 21)`);
    const main = page.getByRole("main");
    assert.equal(
      await main.getByRole("link", { name: "Poll", exact: true }).getAttribute("href"),
      `/commands/poll/${dnid.id}-21`,
    );
    const status = main.getByRole("region", { name: /^Status/ });
    assert.equal(
      await status.getByRole("link", { name: "Poll member 6" }).getAttribute("href"),
      `/commands/poll/${dnid.id}-21-6`,
    );
    assert.equal(await status.getByRole("link", { name: "Poll member 8" }).count(), 0);
    await status.getByRole("link", { name: "Poll member 5" }).click();
    await page.waitForURL((u) => u.pathname === `/commands/poll/${dnid.id}-21-5`);
    await headingIs(page, "Poll command");
    assert.equal(await page.locator("#poll-form select[name=dnid]").inputValue(), `${dnid.id}-21`);
    assert.equal(await page.locator("#poll-form select[name=member]").inputValue(), "5");
  });

  assert.deepEqual(consoleErrors, []);
}, { stationClock: true });
