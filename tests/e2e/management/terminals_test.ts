/**
 * Browser tests of the terminal pages, without waiting for hydration: an administrator registers
 * an Inmarsat C mobile terminal, adds it as an existing terminal (mtl 0 by default) and opens it
 * through /management/terminal/mtl/{mid}; "Add terminal" without a tgid says 'Please select a
 * tgid' and sends nothing; the Iridium IriTrack form has exactly the fields message0 … message9;
 * a client's menu offers label-only edit, on its own company's terminals only. Tracking… (Shout
 * and Iridium trackers) and Get serial (Inmarsat C), from the row menu and the terminal page, for
 * administrators and clients alike. A tgid merely shared with a client's company is read-only for
 * it: its terminals' rows and pages offer no Tracking…, Send test message nor Edit label, and Add
 * terminal's tgid picker does not list it.
 */
import assert from "node:assert/strict";
import { and, desc, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, path, scriptErrors, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { commands, mtls, terminalItems, terminals, users } from "../../../db/schema/mod.ts";
import { VSAT_DEVICE_TYPE } from "../../../openapi/enums.ts";
import { TERMINAL_MESSAGES } from "../../../openapi/schemas/terminal/terminals.ts";
import { MTL_MESSAGES } from "../../../openapi/schemas/mtls.ts";

const TIMEOUT = 10_000;

/** A fresh imn: 9 digits starting with 4. */
const freshImn = () => `4${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** Picks the tgid labelled `label` in a dialog's tgid picker. */
async function pickTgid(dialog: Locator, label: string) {
  await dialog.getByRole("combobox", { name: "Tgid" }).fill(label.slice(0, 12));
  await dialog.getByRole("option", { name: new RegExp(`^${label}`) }).first().click();
}

const openDialog = async (page: Page, button: string) => {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: button });
  await dialog.waitFor({ state: "visible" });
  return dialog;
};

/** The entries of a row's menu (opened with its ⋮ button). */
async function menuOf(page: Page, table: Locator, rowLabel: string) {
  const actions = table.getByRole("button", { name: `Actions for ${rowLabel}` });
  await inView(actions);
  await actions.click();
  await page.getByRole("menu").waitFor({ state: "visible" });
  const items = (await page.getByRole("menuitem").allTextContents()).map((s) => s.trim());
  await page.keyboard.press("Escape");
  return items;
}

/**
 * Opens "Tracking…" of `terminal` from `where`: a table (its row menu) or the page's action
 * buttons; answers the dialog, once it shows what the portal knows of the terminal's tracking.
 */
async function openTracking(
  where: Locator,
  terminal: { deviceId: number; deviceLabel: string | null },
  page: Page = where.page(),
) {
  if (await where.getAttribute("data-table")) {
    const actions = where.getByRole("button", {
      name: `Actions for terminal ${terminal.deviceLabel}`,
    });
    await inView(actions);
    await actions.click();
    await page.getByRole("menuitem", { name: "Tracking…" }).click();
  } else {
    await where.getByRole("button", { name: "Tracking…" }).click();
  }
  const dialog = page.getByRole("dialog", {
    name: `Tracking of terminal ${terminal.deviceLabel} (${terminal.deviceId})`,
  });
  await dialog.locator("[data-tracking-state]").waitFor();
  return dialog;
}

/** Chooses on or off (and a start), sends, and waits for the toast naming the list; its id. */
async function sendTracking(
  page: Page,
  dialog: Locator,
  { on, delay, start }: { on: boolean; delay?: boolean; start?: string },
) {
  await dialog.getByLabel(`Turn tracking ${on ? "on" : "off"}`).check();
  if (delay) await dialog.getByLabel("Delay authorized").check();
  if (start) await dialog.getByLabel("Start (UTC, optional)").fill(start);
  await dialog.getByRole("button", { name: "Send" }).click();
  const link = dialog.locator("[data-list]");
  await link.waitFor();
  const listId = Number(await link.getAttribute("data-list"));
  await toast(
    page,
    "success",
    new RegExp(
      `Tracking ${on ? "on" : "off"} sent to terminal .*: command list ${listId} created`,
    ),
  ).waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
  await dialog.waitFor({ state: "hidden" });
  return listId;
}

e2eSuite("[e2e/terminals]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const tag = unique("Term");
  const admin = await e.signedIn(1);
  admin.page.setDefaultTimeout(TIMEOUT);
  const page = admin.page;
  const consoleErrors = scriptErrors(page);
  const [me] = await db.select().from(users).where(eq(users.id, admin.userId));
  const fleet = await f.tgid({ teamId: me.teamId, label: `${tag} Fleet` });
  /** The last tracking command sent to `deviceId`, as stored. */
  const lastTracking = async (deviceId: number) =>
    (await db.select().from(commands).where(and(
      eq(commands.mt, String(deviceId)),
      eq(commands.command, "setTerminalTracking"),
    )).orderBy(desc(commands.createdAt)).limit(1))[0];
  await t.step(
    "[e2e/terminals] an admin adds an Inmarsat C terminal and opens it by its mtl",
    async () => {
      const imn = freshImn();
      await page.goto("/management/terminal");
      await headingIs(page, "Terminals");
      const current = page.getByRole("navigation", { name: "Terminal kinds" })
        .locator('[aria-current="page"]');
      assert.equal((await current.textContent())?.trim(), "Inmarsat C");

      // Register the mobile terminal.
      let dialog = await openDialog(page, "Add mobile terminal");
      await dialog.getByLabel("IMN", { exact: true }).fill(imn);
      await dialog.getByLabel("Serial", { exact: true }).fill(`${tag}-S`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await toast(page, "success", MTL_MESSAGES.created).waitFor();
      await page.waitForURL((u) => u.searchParams.get("filter.imn") === imn);
      const [registered] = await db.select().from(mtls).where(eq(mtls.imn, imn));
      assert.equal(registered.deviceId, null, "registered without a terminal");
      assert.equal(registered.serial, `${tag}-S`);
      const mtlTable = page.locator('[data-table="mtls"]');
      await mtlTable.locator(`tbody tr[data-row="${imn}"]`).waitFor();
      // An administrator's menu of an mtl not added yet.
      assert.deepEqual(await menuOf(page, mtlTable, `terminal ${imn}`), [
        "Open",
        "LES station details",
        "Get serial",
        "Send test message",
        "Edit label",
        "Add as terminal",
        "Delete",
      ]);

      // Add it as an existing terminal: mtl 0 by default, a region, the tgid, a label.
      dialog = await openDialog(page, "Add existing terminal");
      assert.equal(await dialog.getByLabel("MTL", { exact: true }).inputValue(), "0");
      const region = dialog.locator('select[name="region"]');
      const regions = await region.locator("option").allTextContents();
      assert.deepEqual(regions.slice(1), ["AORW", "AORE", "POR", "IOR", "CURRENT", "ALL"]);
      await dialog.getByLabel("IMN", { exact: true }).fill(imn);
      await region.selectOption({ label: "IOR" });
      await pickTgid(dialog, `${tag} Fleet`);
      await dialog.getByLabel("Label", { exact: true }).fill(`${tag} Northern Star`);
      await assertAccessible(page, "the add existing terminal dialog");
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await page.waitForURL((u) => /^\/management\/terminal\/\d+$/.test(u.pathname));
      await toast(page, "success", TERMINAL_MESSAGES.added).waitFor();
      const deviceId = Number(path(page).split("/").pop());
      const [attached] = await db.select().from(mtls).where(eq(mtls.imn, imn));
      assert.equal(attached.deviceId, deviceId);
      assert.equal(attached.mtl, 0);
      assert.equal(attached.region, 3);
      const [terminal] = await db.select().from(terminals)
        .where(eq(terminals.deviceId, deviceId));
      assert.equal(terminal.tgidId, fleet.id);
      assert.equal(terminal.deviceTypeId, 0);

      // Through its mtl, to its page.
      await page.goto(`/management/terminal/mtl/${imn}`);
      await page.waitForURL((u) => u.pathname === `/management/terminal/${deviceId}`);
      await headingIs(page, `Terminal ${tag} Northern Star`);
      const mtlFacts = page.locator("[data-terminal-mtl]");
      await mtlFacts.getByText(imn, { exact: true }).waitFor();
      await mtlFacts.getByText("IOR", { exact: true }).waitFor();
      await assertAccessible(page, "an Inmarsat C terminal's page");
    },
  );

  await t.step(
    "[e2e/terminals] Add terminal without a tgid says so and sends nothing",
    async () => {
      await page.goto("/management/terminal?tab=other");
      await headingIs(page, "Terminals");
      const count = async () => (await db.select().from(terminals)).length;
      const before = await count();
      let posted = 0;
      page.on("request", (r) => {
        if (r.url().includes("/rest/terminal/addDevice")) posted++;
      });
      const dialog = await openDialog(page, "Add terminal");
      await dialog.getByLabel("Device type").selectOption({ label: "Shout" });
      await dialog.getByLabel("IMEI", { exact: true }).fill("300234010123456");
      assert.equal(await dialog.getByRole("alert").count(), 0, "no error before a submit");
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText("Please select a tgid", { exact: true }).waitFor();
      assert.equal(TERMINAL_MESSAGES.selectTgid, "Please select a tgid");
      assert.equal(posted, 0, "nothing was sent");
      assert.equal(await count(), before);
      assert.equal(path(page), "/management/terminal");

      // The IriTrack form: exactly the ten canned-message fields, empty.
      await dialog.getByLabel("Device type").selectOption({ label: "Iridium IriTrack" });
      const named = dialog.locator('input[name^="message"]');
      await eventually(async () => assert.equal(await named.count(), 10));
      const names = await named.evaluateAll((els) =>
        els.map((el) => [(el as HTMLInputElement).name, (el as HTMLInputElement).value])
      );
      assert.deepEqual(
        names,
        Array.from({ length: 10 }, (_, i) => [`message${i}`, ""]),
      );
      // The tracking frequency offers exactly the 12 choices.
      const frequencies = await dialog.getByLabel("Tracking frequency").locator("option")
        .allTextContents();
      assert.equal(frequencies.length, 12);
      assert.equal(frequencies[0], "Default");
      assert.equal(frequencies[11], "24 hours");
      await assertAccessible(page, "the add terminal dialog (IriTrack)");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
    },
  );

  await t.step(
    "[e2e/terminals] an admin's menus follow the device type; Delete goes back to the list",
    async () => {
      const shout = await f.terminal({ tgidId: fleet.id, label: `${tag} Shout` });
      const vsat = await f.terminal({
        tgidId: fleet.id,
        deviceTypeId: VSAT_DEVICE_TYPE,
        label: `${tag} Vsat`,
      });
      await page.goto(`/management/terminal?tab=other&filter.label=${tag}`);
      const table = page.locator('[data-table="terminals"]');
      await table.locator(`tbody tr[data-row="${vsat.deviceId}"]`).waitFor();
      assert.deepEqual(
        await menuOf(page, table, `terminal ${tag} Shout`),
        ["Open", "Tracking…", "Edit", "Delete"],
      );
      assert.deepEqual(
        await menuOf(page, table, `terminal ${tag} Vsat`),
        ["Open", "Edit"],
        "VSAT is not deletable",
      );

      await page.goto(`/management/terminal/${shout.deviceId}`);
      await headingIs(page, `Terminal ${tag} Shout`);
      await page.locator("[data-terminal-actions]").getByRole("button", { name: "Delete" })
        .click();
      await page.getByRole("dialog", { name: "Delete terminal" })
        .getByRole("button", { name: "Delete" }).click();
      await page.waitForURL((u) => u.pathname === "/management/terminal");
      await toast(page, "success", TERMINAL_MESSAGES.deleted).waitFor();
      const left = await db.select().from(terminals)
        .where(eq(terminals.deviceId, shout.deviceId));
      assert.equal(left.length, 0);
    },
  );

  await t.step(
    "[e2e/terminals] an admin edits an IriTrack terminal's canned messages; without a tgid it says so",
    async () => {
      const iri = await f.terminal({
        tgidId: fleet.id,
        deviceTypeId: 4,
        label: `${tag} Iri`,
        identifier: "300234010000042",
        items: [["cannedMessages", "ARRAY", JSON.stringify(["All OK"])]],
      });
      await page.goto(`/management/terminal/${iri.deviceId}`);
      await headingIs(page, `Terminal ${tag} Iri`);
      const slots = page.locator('[data-table="terminal-canned"] tbody tr');
      assert.equal(await slots.count(), 10, "ten slots, 0 to 9");
      await assertAccessible(page, "an IriTrack terminal's page");
      // It fits a phone's width (tables scroll on their own).
      await page.setViewportSize({ width: 390, height: 844 });
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      await page.setViewportSize({ width: 1280, height: 720 });
      assert.ok(scrollWidth <= clientWidth, `${scrollWidth} px wide on a 390 px phone`);
      await page.locator("[data-terminal-actions]").getByRole("button", { name: "Edit" })
        .click();
      const dialog = page.getByRole("dialog", {
        name: `Edit Iridium IriTrack terminal ${tag} Iri`,
      });
      await dialog.waitFor({ state: "visible" });
      await eventually(async () =>
        assert.equal(await dialog.locator('input[name="message0"]').inputValue(), "All OK")
      );
      // The tgid taken out: the management document's words, not the picker's own.
      await dialog.getByRole("combobox", { name: "Tgid" }).fill("");
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByRole("alert").filter({ hasText: "Please select a tgid" }).waitFor();
      assert.equal(
        await dialog.getByRole("alert").filter({ hasText: /select a tgid/i }).innerText(),
        "Please select a tgid",
      );
      await pickTgid(dialog, `${tag} Fleet`);
      await dialog.locator('input[name="message3"]').fill("Meet at the dock");
      await dialog.getByLabel("Tracking frequency").selectOption({ label: "1 hour" });
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.locator('[data-table="terminal-canned"] tr[data-row="3"]')
        .getByText("Meet at the dock").waitFor();
      await page.locator(".detail-facts").getByText("1 hour", { exact: true }).waitFor();
      const [row] = await db.select().from(terminalItems).where(
        and(eq(terminalItems.deviceId, iri.deviceId), eq(terminalItems.name, "cannedMessages")),
      );
      const canned = JSON.parse(row.value!);
      assert.equal(canned.length, 10);
      assert.equal(canned[0], "All OK");
      assert.equal(canned[3], "Meet at the dock");
    },
  );

  await t.step(
    "[e2e/terminals] Inmarsat C: LES station details and a test message, and their failures",
    async () => {
      const c = await f.terminal({ tgidId: fleet.id, deviceTypeId: 0, label: `${tag} Sea` });
      const imn = c.terminalSpecificIdentifier!;
      await page.goto(`/management/terminal/${c.deviceId}`);
      await headingIs(page, `Terminal ${tag} Sea`);
      const actions = page.locator("[data-terminal-actions]");

      await actions.getByRole("button", { name: "LES station details" }).click();
      const station = page.getByRole("dialog", { name: `LES station details of ${imn}` });
      await station.locator('[data-fields="station"]').getByText(imn, { exact: true })
        .waitFor();
      await station.getByRole("button", { name: "Close" }).click();
      await station.waitFor({ state: "hidden" });

      await actions.getByRole("button", { name: "Send test message" }).click();
      const test = page.getByRole("dialog", { name: "Send test message" });
      await test.getByRole("button", { name: "Send" }).click();
      const link = test.locator("[data-test-message-sent] a");
      await link.waitFor();
      const listId = Number((await link.getAttribute("href"))!.split("/").pop());
      const sent = await db.select().from(commands).where(eq(commands.listId, listId));
      assert.equal(sent.length, 1);
      assert.equal(sent[0].mt, imn);
      await test.getByRole("button", { name: "Close" }).click();
      await test.waitFor({ state: "hidden" });

      // A terminal no longer valid: the refusal shows in the dialog.
      await db.update(mtls).set({ isValid: false }).where(eq(mtls.imn, imn));
      await actions.getByRole("button", { name: "Send test message" }).click();
      await test.getByRole("button", { name: "Send" }).click();
      await test.getByRole("alert").getByText(/is not valid/).waitFor();
      await test.getByRole("button", { name: "Cancel" }).click();

      // The station no longer knows the mtl: a danger toast with its fault, no dialog.
      await db.delete(mtls).where(eq(mtls.imn, imn));
      await actions.getByRole("button", { name: "LES station details" }).click();
      await toast(page, "error", `${MTL_MESSAGES.stationError}: `).waitFor();
      assert.equal(await station.isVisible(), false);
    },
  );

  await t.step(
    "[e2e/terminals] Tracking… from the row menu and the page: sent, then shown on the page",
    async () => {
      const tracker = await f.terminal({ tgidId: fleet.id, deviceTypeId: 2, label: `${tag} Trk` });
      let posted = 0;
      page.on("request", (r) => {
        if (r.url().includes("/rest/generic/setTerminalTracking")) posted++;
      });
      await page.goto(`/management/terminal?tab=other&filter.label=${tag} Trk`);
      const table = page.locator('[data-table="terminals"]');
      await table.locator(`tbody tr[data-row="${tracker.deviceId}"]`).waitFor();
      let dialog = await openTracking(table, tracker);
      await dialog.locator('[data-tracking="unknown"]').waitFor();
      // On or off has no default: nothing is sent until the user chooses.
      await dialog.getByRole("button", { name: "Send" }).click();
      await dialog.getByText(TERMINAL_MESSAGES.chooseTracking, { exact: true }).waitFor();
      assert.equal(posted, 0, "nothing was sent");
      await assertAccessible(page, "the tracking dialog");
      const onList = await sendTracking(page, dialog, { on: true, delay: true });
      let sent = await lastTracking(tracker.deviceId);
      assert.equal(sent.listId, onList);
      assert.deepEqual(sent.parameters, { trackingEnabled: true, delayAuthorized: true });
      assert.equal(sent.startAt, null);

      // The station delivers it; the page says tracking is on.
      await db.update(commands).set({ status: 5, nextStepAt: null })
        .where(eq(commands.listId, onList));
      await page.goto(`/management/terminal/${tracker.deviceId}`);
      await headingIs(page, `Terminal ${tag} Trk`);
      const confirmed = page.locator('[data-tracking="confirmed"]');
      await confirmed.getByText("On", { exact: true }).waitFor();
      await confirmed.getByRole("link", { name: `command list ${onList}` }).waitFor();

      // From the page: off, from a later start; the page then shows the request waiting.
      const actions = page.locator("[data-terminal-actions]");
      dialog = await openTracking(actions, tracker);
      await dialog.locator('[data-tracking="confirmed"]').getByText("On", { exact: true })
        .waitFor();
      const offList = await sendTracking(page, dialog, { on: false, start: "2030-01-15T08:30" });
      sent = await lastTracking(tracker.deviceId);
      assert.equal(sent.listId, offList);
      assert.equal(sent.parameters.trackingEnabled, false);
      assert.equal(new Date(sent.startAt!).toISOString(), "2030-01-15T08:30:00.000Z");
      const request = page.locator('[data-tracking="request"]');
      await request.getByText("Start time delayed").waitFor();
      await request.getByText(/from 2030-01-15 08:30:00 UTC/).waitFor();
      await page.locator('[data-tracking="confirmed"]').getByText("On", { exact: true }).waitFor();

      // Refused (the terminal went meanwhile): the server's words in the dialog and a toast.
      dialog = await openTracking(actions, tracker);
      await db.delete(terminals).where(eq(terminals.deviceId, tracker.deviceId));
      await dialog.getByLabel("Turn tracking on").check();
      await dialog.getByRole("button", { name: "Send" }).click();
      await dialog.getByRole("alert").getByText(TERMINAL_MESSAGES.notFound).waitFor();
      await toast(page, "error", TERMINAL_MESSAGES.trackingError(TERMINAL_MESSAGES.notFound))
        .waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
    },
  );

  await t.step(
    "[e2e/terminals] Get serial from the Inmarsat C menu and the page, and its failure",
    async () => {
      const sea = await f.terminal({ tgidId: fleet.id, deviceTypeId: 0, label: `${tag} Ser` });
      const imn = sea.terminalSpecificIdentifier!;
      const [{ serial }] = await db.select().from(mtls).where(eq(mtls.imn, imn));
      await page.goto(`/management/terminal?tab=inmarsatc&filter.imn=${imn}`);
      const table = page.locator('[data-table="mtls"]');
      const row = table.locator(`tbody tr[data-row="${imn}"]`);
      await row.waitFor();
      const getSerial = async () => {
        const actions = table.getByRole("button", { name: `Actions for terminal ${imn}` });
        await inView(actions);
        await actions.click();
        await page.getByRole("menuitem", { name: "Get serial" }).click();
        const dialog = page.getByRole("dialog", { name: `Serial of ${imn}` });
        await dialog.waitFor({ state: "visible" });
        return dialog;
      };
      let dialog = await getSerial();
      await dialog.locator('[data-fields="serial"]').getByText(serial!, { exact: true }).waitFor();
      await dialog.locator('[data-serial-compare="same"]').waitFor();
      await assertAccessible(page, "the serial dialog");
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });

      // Changed since the list was loaded: the dialog says so, and closing refreshes the list.
      await db.update(mtls).set({ serial: `${tag}-NEW` }).where(eq(mtls.imn, imn));
      dialog = await getSerial();
      await dialog.locator('[data-serial-compare="differs"]').getByText(serial!, { exact: false })
        .waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await row.getByText(`${tag}-NEW`, { exact: true }).waitFor();

      // On the page, next to the serial: a promise button, then the same dialog.
      await page.goto(`/management/terminal/${sea.deviceId}`);
      await headingIs(page, `Terminal ${tag} Ser`);
      const facts = page.locator("[data-terminal-mtl]");
      const button = facts.getByRole("button", { name: "Get serial" });
      await button.click();
      dialog = page.getByRole("dialog", { name: `Serial of ${imn}` });
      await dialog.locator('[data-serial-compare="same"]').waitFor();
      await dialog.getByText(`${tag}-NEW`, { exact: true }).waitFor();
      await eventually(async () =>
        assert.equal(await button.getAttribute("data-state"), "success")
      );
      await dialog.getByRole("button", { name: "Close" }).click();
      await eventually(async () => assert.equal(await button.getAttribute("data-state"), "idle"));

      // The mtl went meanwhile: a danger toast with the server's message, no dialog.
      await db.delete(mtls).where(eq(mtls.imn, imn));
      await button.click();
      await toast(page, "error", `${MTL_MESSAGES.serialError}: ${MTL_MESSAGES.notFound}`).waitFor();
      await eventually(async () => assert.equal(await button.getAttribute("data-state"), "error"));
      assert.equal(await dialog.isVisible(), false);
    },
  );

  await t.step(
    "[e2e/terminals] a client edits labels only, on its own company's terminals",
    async () => {
      const client = await e.signedIn(100);
      client.page.setDefaultTimeout(TIMEOUT);
      try {
        const [user] = await db.select().from(users).where(eq(users.id, client.userId));
        const own = await f.tgid({ teamId: user.teamId, label: `${tag} Own` });
        const mine = await f.terminal({ tgidId: own.id, label: `${tag} Mine` });
        const theirs = await f.terminal({ label: `${tag} Theirs` });
        const p = client.page;
        await p.goto("/management/terminal?tab=other");
        await headingIs(p, "Terminals");
        for (const name of ["Add mobile terminal", "Add existing terminal"]) {
          assert.equal(
            await p.getByRole("button", { name }).count(),
            0,
            `${name}: registering and attaching Inmarsat C terminals is for administrators`,
          );
        }
        // Add terminal offers every addable type but Inmarsat C.
        const addDialog = await openDialog(p, "Add terminal");
        const typeOptions = addDialog.getByLabel("Device type").locator("option");
        await typeOptions.first().waitFor({ state: "attached" });
        const types = await typeOptions.allTextContents();
        assert.ok(types.length > 0 && !types.includes("Inmarsat C"), types.join(", "));
        await addDialog.getByRole("button", { name: "Cancel" }).click();
        await addDialog.waitFor({ state: "hidden" });
        const table = p.locator('[data-table="terminals"]');
        await table.locator(`tbody tr[data-row="${mine.deviceId}"]`).waitFor();
        const keys = await table.locator("tbody tr[data-row]").evaluateAll((rows) =>
          rows.map((r) => r.getAttribute("data-row"))
        );
        assert.deepEqual(keys, [String(mine.deviceId)], "only its company's terminals");
        assert.deepEqual(
          await menuOf(p, table, `terminal ${tag} Mine`),
          ["Open", "Tracking…", "Edit label"],
        );

        // The label edit.
        await table.getByRole("button", { name: `Actions for terminal ${tag} Mine` }).click();
        await p.getByRole("menuitem", { name: "Edit label" }).click();
        const dialog = p.getByRole("dialog", { name: "Edit label" });
        await dialog.getByLabel("Label", { exact: true }).fill(`${tag} Renamed`);
        await dialog.getByRole("button", { name: "Save" }).click();
        await toast(p, "success", TERMINAL_MESSAGES.labelUpdated).waitFor();
        await table.getByText(`${tag} Renamed`).waitFor();
        const [renamed] = await db.select().from(terminals)
          .where(eq(terminals.deviceId, mine.deviceId));
        assert.equal(renamed.deviceLabel, `${tag} Renamed`);

        // Its Inmarsat C terminals: LES details, test message and label edit, no Delete.
        const sea = await f.terminal({ tgidId: own.id, deviceTypeId: 0, label: `${tag} Sea2` });
        await p.goto(`/management/terminal?tab=inmarsatc&filter.label=${tag}`);
        const mtlTable = p.locator('[data-table="mtls"]');
        await mtlTable.locator(`tbody tr[data-row="${sea.terminalSpecificIdentifier}"]`)
          .waitFor();
        assert.deepEqual(
          await menuOf(p, mtlTable, `terminal ${sea.terminalSpecificIdentifier}`),
          ["Open", "LES station details", "Get serial", "Send test message", "Edit label"],
        );

        // Its page offers tracking and the label edit only; it sends tracking like anyone.
        await p.goto(`/management/terminal/${mine.deviceId}`);
        await headingIs(p, `Terminal ${tag} Renamed`);
        const buttons = await p.locator("[data-terminal-actions] button").allTextContents();
        assert.deepEqual(buttons.map((b) => b.trim()), ["Tracking…", "Edit label"]);
        await sendTracking(
          p,
          await openTracking(p.locator("[data-terminal-actions]"), {
            deviceId: mine.deviceId,
            deviceLabel: `${tag} Renamed`,
          }),
          { on: true },
        );
        assert.equal((await lastTracking(mine.deviceId)).parameters.trackingEnabled, true);

        // A tgid another company shares with its team is read-only for it: its terminals are
        // read (their page, LES station details, the serial), never changed nor sent to, so
        // neither their pages nor their rows offer Tracking…, Send test message or Edit label.
        const lender = await f.team();
        const lent = await f.tgid({
          teamId: lender.id,
          label: `${tag} Lent`,
          sharedWith: [user.teamId],
        });
        const borrowed = await f.terminal({
          tgidId: lent.id,
          deviceTypeId: 3,
          label: `${tag} Lent tracker`,
        });
        const borrowedC = await f.terminal({
          tgidId: lent.id,
          deviceTypeId: 0,
          label: `${tag} Lent sea`,
        });
        await p.goto(`/management/terminal/${borrowed.deviceId}`);
        await headingIs(p, `Terminal ${tag} Lent tracker`);
        assert.deepEqual(await p.locator("[data-terminal-actions] button").allTextContents(), []);
        await p.goto(`/management/terminal/${borrowedC.deviceId}`);
        await headingIs(p, `Terminal ${tag} Lent sea`);
        const lentCButtons = await p.locator("[data-terminal-actions] button").allTextContents();
        assert.deepEqual(lentCButtons.map((b) => b.trim()), ["LES station details"]);
        await p.goto(`/management/terminal?tab=other&filter.label=${tag} Lent`);
        const lentTable = p.locator('[data-table="terminals"]');
        await lentTable.locator(`tbody tr[data-row="${borrowed.deviceId}"]`).waitFor();
        assert.deepEqual(await menuOf(p, lentTable, `terminal ${tag} Lent tracker`), ["Open"]);
        await p.goto(`/management/terminal?tab=inmarsatc&filter.label=${tag} Lent`);
        const lentMtls = p.locator('[data-table="mtls"]');
        const lentImn = borrowedC.terminalSpecificIdentifier;
        await lentMtls.locator(`tbody tr[data-row="${lentImn}"]`).waitFor();
        assert.deepEqual(
          await menuOf(p, lentMtls, `terminal ${lentImn}`),
          ["Open", "LES station details", "Get serial"],
        );
        // Nor does Add terminal offer its tgid: the picker lists the company's own tgids only.
        const picking = await openDialog(p, "Add terminal");
        await picking.getByRole("combobox", { name: "Tgid" }).fill(tag);
        await picking.getByRole("option", { name: new RegExp(`^${tag} Own`) }).waitFor();
        assert.equal(
          await picking.getByRole("option", { name: new RegExp(`^${tag} Lent`) }).count(),
          0,
        );
        await picking.getByRole("button", { name: "Cancel" }).click();
        await picking.waitFor({ state: "hidden" });

        // Another company's page does not exist.
        const r = await p.goto(`/management/terminal/${theirs.deviceId}`);
        assert.equal(r?.status(), 404);
      } finally {
        await client.context.close();
      }
    },
  );

  await t.step("[e2e/terminals] the admin's pages logged no script errors", () => {
    assert.deepEqual(consoleErrors, []);
  });
});
