/**
 * Browser tests of the dnid status page (/management/dnid/status): the "Active" menu checkbox
 * that reads the member's state, marking a member inactive and active again after a confirmation
 * (cancelling changes nothing; the badge changes), the not-authorized refusal as a warning toast, the default
 * toggle, the details dialog, the Active filter, the routing exceptions dialog and Delete for an
 * administrator, and a client that sees only its company's members and no administrator entries.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import type { Locator, Page, Request } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  defaultMtls,
  dnidStatuses,
  mtls,
  routingMemberRules,
  terminals,
  users,
} from "../../../db/schema/mod.ts";
import { DNID_STATUS_MESSAGES } from "../../../openapi/schemas/dnids/dnid_status.ts";
import { ROUTING_RULE_MESSAGES } from "../../../openapi/schemas/tgid/routing_rules.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/dnid-status]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const tag = unique("Status");
  // A company with a dnid of four members; an Inmarsat C terminal carries member 3's device.
  const company = await f.company(`${tag} Shipping`);
  const team = await f.team({ companyId: company.id, rights: 100 });
  const tgid = await f.tgid({ teamId: team.id, label: `${tag} Fleet` });
  const away = await f.tgid({ label: `${tag} Away` });
  const dnid = await f.dnid({ companyId: company.id, tgidId: tgid.id });
  const device = (n: number) => `${String(dnid.id).slice(-6)}${n}`;
  const member = (m: number, status: number) =>
    f.dnidStatus({ dnidId: dnid.id, member: m, device: device(m), status });
  const active = await member(1, 0);
  const refused = await member(2, -1);
  const withMtl = await member(3, 5);
  const spare = await member(4, 4);
  const [vessel] = await db.insert(terminals).values({
    deviceTypeId: 0,
    tgidId: tgid.id,
    deviceLabel: `${tag} Vessel`,
  }).returning();
  await db.insert(mtls).values({
    imn: withMtl.device,
    deviceId: vessel.deviceId,
    serial: "MTL-SERIAL-3",
    model: "TT-3026",
    region: 1,
  });

  const statusOf = async (s: { member: number; device: string }) =>
    (await db.select().from(dnidStatuses).where(and(
      eq(dnidStatuses.dnidId, dnid.id),
      eq(dnidStatuses.member, s.member),
      eq(dnidStatuses.device, s.device),
    )))[0];
  const defaultOf = async (d: string) =>
    (await db.select().from(defaultMtls).where(eq(defaultMtls.deviceId, d)))[0] ?? null;

  const table = (page: Page) => page.locator('[data-table="dnid-status"]');
  const row = (page: Page, s: { member: number; device: string }) =>
    table(page).locator(`tbody tr[data-row="${dnid.id}-21-${s.member}-${s.device}"]`);
  /** Opens the row's menu (its ⋮ button). */
  const menuOf = async (page: Page, s: { member: number; device: string }) => {
    const actions = table(page).getByRole("button", {
      name: `Actions for member ${s.member} of dnid ${dnid.id} (${s.device})`,
    });
    await inView(actions);
    await actions.click();
    return page.getByRole("menu");
  };
  /** The row menu's marking entry: a checkbox named for the state. */
  const activeBox = (menu: Locator) =>
    menu.getByRole("menuitemcheckbox", { name: "Active", exact: true });
  const badge = (page: Page, s: { member: number; device: string }) =>
    row(page, s).locator("[data-state]");
  const dismissToasts = async (page: Page) => {
    const dismiss = page.locator("[data-toast] button[aria-label=Dismiss]");
    while (await dismiss.count()) await dismiss.first().click({ timeout: 1000 }).catch(() => {});
  };

  const { context, page } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  try {
    await t.step(
      "[e2e/dnid-status] the page lists the dnid's members with their state",
      async () => {
        await page.goto(`/management/dnid/status?filter.dnid=${dnid.id}`);
        await headingIs(page, "Dnid status");
        await row(page, active).waitFor();
        assert.equal(await table(page).locator("tbody tr[data-row]").count(), 4);
        assert.equal(await badge(page, active).textContent(), "Active");
        assert.equal(await badge(page, refused).textContent(), "Not authorized");
        assert.equal(await badge(page, withMtl).textContent(), "Inactive");
        // The dnid and the terminal are links.
        await row(page, active).getByRole("link", { name: String(dnid.id) }).waitFor();
        assert.equal(
          await row(page, active).getByRole("link", { name: String(dnid.id) }).getAttribute(
            "href",
          ),
          `/management/dnids/${dnid.id}/21`,
        );
        assert.equal(
          await row(page, withMtl).getByRole("link", { name: `${tag} Vessel` }).getAttribute(
            "href",
          ),
          `/management/terminal/${vessel.deviceId}`,
        );
      },
    );

    await t.step(
      "[e2e/dnid-status] the 'Active' checkbox reads the state; a confirmed choice marks inactive, then active",
      async () => {
        const marks: string[] = [];
        const seen = (r: Request) => r.url().includes("/setdnidActive") && marks.push(r.url());
        page.on("request", seen);
        let menu = await menuOf(page, active);
        let entry = activeBox(menu);
        assert.equal(await entry.getAttribute("aria-checked"), "true");
        assert.equal(await entry.locator(".menu-check").innerText(), "✓");
        assert.equal(await menu.getByRole("menuitemcheckbox").count(), 1);
        assert.equal(await menu.getByText(/Mark (in)?active/).count(), 0);

        // Cancelled: nothing sent, nothing changed.
        await entry.click();
        let ask = page.getByRole("dialog", { name: "Mark member inactive" });
        await ask.getByText(
          `Mark member 1 of dnid ${dnid.id} (device ${active.device}) inactive?`,
          { exact: true },
        ).waitFor();
        await ask.getByRole("button", { name: "Cancel" }).click();
        await ask.waitFor({ state: "hidden" });
        assert.equal(marks.length, 0);
        assert.equal((await statusOf(active)).status, 0);
        assert.equal(await badge(page, active).textContent(), "Active");

        // Confirmed: marked inactive, and the box is empty now.
        menu = await menuOf(page, active);
        await activeBox(menu).click();
        ask = page.getByRole("dialog", { name: "Mark member inactive" });
        await assertAccessible(page, "the marking confirmation");
        await ask.getByRole("button", { name: "Mark inactive" }).click();
        await toast(page, "success", DNID_STATUS_MESSAGES.markedInactive(dnid.id, 1)).waitFor();
        await eventually(async () =>
          assert.equal(await badge(page, active).textContent(), "Inactive")
        );
        assert.equal((await statusOf(active)).status, 3);
        assert.equal(marks.length, 1);

        // And back: the empty box asks to mark it active.
        menu = await menuOf(page, active);
        entry = activeBox(menu);
        assert.equal(await entry.getAttribute("aria-checked"), "false");
        assert.equal(await entry.locator(".menu-check").innerText(), "");
        await entry.click();
        ask = page.getByRole("dialog", { name: "Mark member active" });
        await ask.getByText(
          `Mark member 1 of dnid ${dnid.id} (device ${active.device}) active?`,
          { exact: true },
        ).waitFor();
        await ask.getByRole("button", { name: "Mark active" }).click();
        await toast(page, "success", DNID_STATUS_MESSAGES.markedActive(dnid.id, 1)).waitFor();
        await eventually(async () =>
          assert.equal(await badge(page, active).textContent(), "Active")
        );
        assert.equal((await statusOf(active)).status, 0);
        assert.equal(
          await activeBox(await menuOf(page, active)).getAttribute("aria-checked"),
          "true",
        );
        await page.keyboard.press("Escape");
        page.off("request", seen);
        await dismissToasts(page);
      },
    );

    await t.step(
      "[e2e/dnid-status] a not authorized member: unchecked, sent without asking, refused as a warning",
      async () => {
        const menu = await menuOf(page, refused);
        const entry = activeBox(menu);
        assert.equal(await entry.getAttribute("aria-checked"), "false");
        await entry.click();
        await toast(page, "warning", "User not authorize to change active staus of this device")
          .waitFor();
        assert.equal(await page.getByRole("dialog", { name: /^Mark member/ }).count(), 0);
        assert.equal((await statusOf(refused)).status, -1);
        assert.equal(await badge(page, refused).textContent(), "Not authorized");
        await dismissToasts(page);
      },
    );

    await t.step("[e2e/dnid-status] Set as default, then Remove default", async () => {
      const defaultCell = () => row(page, active).getByText("Default", { exact: true });
      assert.equal(await defaultCell().count(), 0);
      let menu = await menuOf(page, active);
      await menu.getByRole("menuitem", { name: "Set as default" }).click();
      await toast(page, "success", DNID_STATUS_MESSAGES.defaultSet(active.device, dnid.id, 1))
        .waitFor();
      await defaultCell().waitFor();
      assert.equal((await defaultOf(active.device))?.member, 1);

      menu = await menuOf(page, active);
      assert.equal(await menu.getByRole("menuitem", { name: "Set as default" }).count(), 0);
      await menu.getByRole("menuitem", { name: "Remove default" }).click();
      await toast(page, "success", DNID_STATUS_MESSAGES.defaultRemoved(active.device)).waitFor();
      await eventually(async () => assert.equal(await defaultCell().count(), 0));
      assert.equal(await defaultOf(active.device), null);
      await dismissToasts(page);
    });

    await t.step("[e2e/dnid-status] Details shows the member, its dnid and its mtl", async () => {
      const menu = await menuOf(page, withMtl);
      await menu.getByRole("menuitem", { name: "Details" }).click();
      const dialog = page.getByRole("dialog", { name: `Dnid ${dnid.id} member 3` });
      await dialog.waitFor({ state: "visible" });
      const details = dialog.locator("[data-status-details]");
      await details.getByText("MTL-SERIAL-3").waitFor();
      await details.getByText("AORE").waitFor();
      await details.getByText(`${tag} Shipping`).waitFor();
      await details.getByText("Inactive", { exact: true }).waitFor();
      await assertAccessible(page, "the dnid status details dialog");
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });
    });

    await t.step(
      "[e2e/dnid-status] the Active filter keeps active or inactive members",
      async () => {
        await table(page).getByLabel("Active").selectOption("false");
        await eventually(() =>
          assert.equal(new URL(page.url()).searchParams.get("filter.active"), "false")
        );
        await eventually(async () =>
          assert.equal(await table(page).locator("tbody tr[data-row]").count(), 2)
        );
        await row(page, withMtl).waitFor();
        await row(page, spare).waitFor();
        // Server-rendered with the filter too.
        await page.reload();
        assert.equal(await table(page).locator("tbody tr[data-row]").count(), 2);
        assert.equal(await table(page).getByLabel("Active").inputValue(), "false");
        await table(page).getByLabel("Active").selectOption("true");
        await eventually(async () =>
          assert.equal(await table(page).locator("tbody tr[data-row]").count(), 1)
        );
        await row(page, active).waitFor();
        await table(page).getByLabel("Active").selectOption("");
        await eventually(async () =>
          assert.equal(await table(page).locator("tbody tr[data-row]").count(), 4)
        );
      },
    );

    await t.step(
      "[e2e/dnid-status] an administrator adds and removes a member's routing exception",
      async () => {
        const menu = await menuOf(page, spare);
        await menu.getByRole("menuitem", { name: "Manage routing exceptions" }).click();
        const dialog = page.getByRole("dialog", {
          name: `Routing exceptions of dnid ${dnid.id} member 4`,
        });
        await dialog.waitFor({ state: "visible" });
        await dialog.getByText("No routing exception for this member.").waitFor();
        // An empty form is not sent: the picker asks for a tgid.
        await dialog.getByRole("button", { name: "Add exception" }).click();
        await dialog.getByText("Please, select a Tgid").waitFor();
        await dialog.getByRole("combobox", { name: "Tgid" }).fill(`${tag} Aw`);
        await dialog.getByRole("option", { name: new RegExp(`^${tag} Away`) }).click();
        await dialog.getByLabel("Ocean").selectOption("POR");
        await dialog.getByRole("button", { name: "Add exception" }).click();
        await toast(page, "success", ROUTING_RULE_MESSAGES.added).waitFor();
        await dialog.locator(`[data-rule="${away.id}-POR"]`).waitFor();
        const rules = await db.select().from(routingMemberRules)
          .where(eq(routingMemberRules.dnidId, dnid.id));
        assert.deepEqual(
          rules.map((r) => [r.tgidId, r.member, r.ocean]),
          [[away.id, 4, "POR"]],
        );
        // Once the button is back from its success mark (2 s).
        await eventually(
          async () =>
            assert.equal(
              await dialog.getByRole("button", { name: "Add exception" }).getAttribute(
                "data-state",
              ),
              "idle",
            ),
          4000,
        );
        await assertAccessible(page, "the routing exceptions dialog");

        // The same again: refused, an error toast with the spec's words.
        await dialog.getByRole("combobox", { name: "Tgid" }).fill(`${tag} Aw`);
        await dialog.getByRole("option", { name: new RegExp(`^${tag} Away`) }).click();
        await dialog.getByLabel("Ocean").selectOption("POR");
        await dialog.getByRole("button", { name: "Add exception" }).click();
        await toast(
          page,
          "error",
          `${ROUTING_RULE_MESSAGES.addError}: ${ROUTING_RULE_MESSAGES.duplicate}`,
        ).waitFor();

        await dialog.getByRole("button", { name: `Remove the POR exception to tgid ${tag} Away` })
          .click();
        const confirm = page.getByRole("dialog", { name: "Remove routing exception" });
        await confirm.getByRole("button", { name: "Remove" }).click();
        await toast(page, "success", ROUTING_RULE_MESSAGES.removed).waitFor();
        await dialog.getByText("No routing exception for this member.").waitFor();
        assert.equal(
          (await db.select().from(routingMemberRules)
            .where(eq(routingMemberRules.dnidId, dnid.id))).length,
          0,
        );
        await dialog.getByRole("button", { name: "Close" }).last().click();
        await dialog.waitFor({ state: "hidden" });
        await dismissToasts(page);
      },
    );

    await t.step("[e2e/dnid-status] an administrator deletes a member", async () => {
      const menu = await menuOf(page, spare);
      await menu.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete dnid member" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(page, "success", DNID_STATUS_MESSAGES.deleted(dnid.id, 4)).waitFor();
      await eventually(async () => assert.equal(await row(page, spare).count(), 0));
      assert.equal(await statusOf(spare), undefined);
      await assertAccessible(page, "the dnid status page");
    });
  } finally {
    await context.close();
  }

  await t.step(
    "[e2e/dnid-status] a client sees only its company's members, without the administrator entries",
    async () => {
      const client = await e.signedIn(100);
      client.page.setDefaultTimeout(TIMEOUT);
      try {
        const [user] = await db.select().from(users).where(eq(users.id, client.userId));
        const own = await f.dnid({ companyId: user.companyId });
        const mine = await f.dnidStatus({ dnidId: own.id, member: 9, status: 1 });
        const p = client.page;
        await p.goto("/management/dnid/status");
        await headingIs(p, "Dnid status");
        const ownRow = table(p).locator(`tbody tr[data-row="${own.id}-21-9-${mine.device}"]`);
        await ownRow.waitFor();
        assert.equal(await table(p).locator("tbody tr[data-row]").count(), 1);
        // The other company's dnid, asked for by number: nothing.
        await p.goto(`/management/dnid/status?filter.dnid=${dnid.id}`);
        await table(p).getByText("No rows match.").waitFor();
        await p.goto("/management/dnid/status");
        const actions = table(p).getByRole("button", {
          name: `Actions for member 9 of dnid ${own.id} (${mine.device})`,
        });
        await inView(actions);
        await actions.click();
        const menu = p.getByRole("menu");
        await menu.getByRole("menuitem", { name: "Details" }).waitFor();
        assert.equal(await activeBox(menu).getAttribute("aria-checked"), "true");
        assert.equal(
          await menu.getByRole("menuitem", { name: "Manage routing exceptions" }).count(),
          0,
        );
        assert.equal(await menu.getByRole("menuitem", { name: "Delete" }).count(), 0);
        // Its own member can be marked.
        await activeBox(menu).click();
        await p.getByRole("dialog", { name: "Mark member inactive" })
          .getByRole("button", { name: "Mark inactive" }).click();
        await eventually(async () =>
          assert.equal(await ownRow.locator("[data-state]").textContent(), "Inactive")
        );
      } finally {
        await client.context.close();
      }
    },
  );
});
