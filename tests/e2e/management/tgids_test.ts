/**
 * Browser tests of the tgid pages: an administrator creates a tgid (a team is required) and lands
 * on its page; deleting a tgid that has a dnid shows the spec's refusal and what uses it, an
 * unused one goes back to the list; a routing exception (a dnid member's, then an mtl's) is
 * created on the tgid page: its dnid search shows at most 10 dnids, the chosen dnid's members
 * are offered as a list, and what is missing is said after a submit attempt; two administrators
 * editing a tgid's teams at once both keep their changes. A client sees its company's tgids in the
 * list without any change or exception control, and cannot open the tgid page.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, path, pick, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { editTeamsTogether } from "./team_editors.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  routingMemberRules,
  routingMtlRules,
  tgids,
  tgidTeams,
  users,
} from "../../../db/schema/mod.ts";
import {
  TGID_EXCEPTION_MESSAGES,
  TGID_MESSAGES,
} from "../../../openapi/schemas/tgid/tgid_messages.ts";
import { ROUTING_RULE_MESSAGES } from "../../../openapi/schemas/tgid/routing_rules.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/tgids]", async (t, e) => {
  const { f, database } = e;
  const db = database.db;
  const { page, userId } = await e.signedIn(1);
  page.setDefaultTimeout(TIMEOUT);
  const tag = unique("Tg");
  const company = await f.company(`${tag} Company`);
  const team = await f.team({ companyId: company.id, name: `${tag} Fleet` });
  await t.step("[e2e/tgids] a new tgid needs a team, then opens its page", async () => {
    await page.goto("/management/tgid");
    await headingIs(page, "Tgids");
    await page.getByRole("button", { name: "New tgid" }).click();
    const dialog = page.getByRole("dialog", { name: "New tgid" });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("Label", { exact: true }).fill(`${tag} Boats`);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText(TGID_MESSAGES.teamRequired, { exact: true }).waitFor();
    assert.equal(path(page), "/management/tgid");
    assert.equal((await db.select().from(tgids).where(eq(tgids.teamId, team.id))).length, 0);

    await pick(dialog, "Team", `${tag} Fl`, `${tag} Fleet`);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    const [row] = await eventually(async () => {
      const rows = await db.select().from(tgids).where(eq(tgids.teamId, team.id));
      assert.equal(rows.length, 1);
      return rows;
    });
    await page.waitForURL((u) => u.pathname === `/management/tgid/${row.id}`);
    await toast(page, "success", TGID_MESSAGES.created).waitFor();
    await headingIs(page, `Tgid ${tag} Boats`);
    // The audit: created by the administrator.
    const [me] = await db.select().from(users).where(eq(users.id, userId));
    assert.equal(row.createdBy, me.key);
    await page.locator(".detail-facts").getByText(userId).first().waitFor();
  });

  await t.step(
    "[e2e/tgids] a tgid with a dnid is not deleted: the message, the dnid",
    async () => {
      const used = await f.tgid({ teamId: team.id, label: `${tag} Used` });
      const dnid = await f.dnid({ companyId: company.id, tgidId: used.id });
      await page.goto(`/management/tgid/${used.id}`);
      await headingIs(page, `Tgid ${tag} Used`);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Delete tgid" });
      await dialog.waitFor({ state: "visible" });
      // What uses it is listed as the dialog opens.
      await dialog.getByRole("link", { name: String(dnid.id) }).waitFor();
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await dialog.getByText(TGID_MESSAGES.deleteBlocked, { exact: true }).waitFor();
      assert.equal(path(page), `/management/tgid/${used.id}`);
      assert.equal((await db.select().from(tgids).where(eq(tgids.id, used.id))).length, 1);
      await assertAccessible(page, "the refused delete dialog");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });

      // An unused tgid: deleted from the list's row menu, the list reloads without it.
      const spare = await f.tgid({ teamId: team.id, label: `${tag} Spare` });
      await page.goto(`/management/tgid?filter.label=${encodeURIComponent(`${tag} Spare`)}`);
      const table = page.locator('[data-table="tgids"]');
      const actions = table.getByRole("button", { name: `Actions for tgid ${tag} Spare` });
      await inView(actions);
      await actions.click();
      const items = await page.getByRole("menuitem").allTextContents();
      assert.deepEqual(items.map((s) => s.trim()), ["Open", "Edit", "Manage teams", "Delete"]);
      await page.getByRole("menuitem", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete tgid" });
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await toast(page, "success", TGID_MESSAGES.deleted).waitFor();
      await table.locator(`tbody tr[data-row="${spare.id}"]`).waitFor({ state: "detached" });
      assert.equal((await db.select().from(tgids).where(eq(tgids.id, spare.id))).length, 0);
    },
  );

  await t.step(
    "[e2e/tgids] an administrator creates routing exceptions on the page",
    async () => {
      const target = await f.tgid({ teamId: team.id, label: `${tag} Target` });
      const dnid = await f.dnid({ companyId: company.id });
      const status = await f.dnidStatus({ dnidId: dnid.id, les: dnid.les, member: 7 });
      await f.dnidStatus({ dnidId: dnid.id, les: dnid.les, member: 3, status: 3 });
      // Another dnid's member is not offered.
      const other = await f.dnid({ companyId: company.id });
      await f.dnidStatus({ dnidId: other.id, les: other.les, member: 5 });
      const mtl = await f.mtl();
      await page.goto(`/management/tgid/${target.id}`);
      await headingIs(page, `Tgid ${tag} Target`);
      const section = page.locator("section", { has: page.locator("#tgid-exceptions-title") });
      await section.getByText("No routing exception").waitFor();

      await page.getByRole("button", { name: "New routing exception" }).click();
      const dialog = page.getByRole("dialog", {
        name: `New routing exception to tgid ${tag} Target`,
      });
      await dialog.waitFor({ state: "visible" });
      const member = dialog.locator('select[name="tgid-exception-member"]');
      const create = dialog.getByRole("button", { name: "Create", exact: true });
      // Nothing chosen: the dialog says what is missing, and the member waits for a dnid.
      assert.equal(await member.isDisabled(), true);
      await create.click();
      await dialog.getByText(ROUTING_RULE_MESSAGES.selectDnid, { exact: true }).waitFor();
      await dialog.getByText(ROUTING_RULE_MESSAGES.selectOcean, { exact: true }).waitFor();

      // The dnid search shows at most 10 dnids: twelve share these eight digits.
      const prefix = 10_000_000 + Math.floor(Math.random() * 9_000_000);
      for (let i = 0; i < 12; i++) {
        await f.dnid({ id: prefix * 100 + i, companyId: company.id });
      }
      await dialog.getByRole("combobox", { name: "Dnid" }).fill(String(prefix));
      await eventually(async () =>
        assert.equal(await dialog.locator("[role=option][data-value]").count(), 10)
      );
      await pick(dialog, "Dnid", String(dnid.id), String(dnid.id));
      assert.equal(
        await dialog.getByRole("combobox", { name: "Dnid" }).inputValue(),
        String(dnid.id),
      );
      // The member list holds the dnid's members, and one pick is no limit reached.
      await eventually(async () =>
        assert.deepEqual(
          await member.locator("option").evaluateAll((os) =>
            os.map((o) => (o as HTMLOptionElement).value)
          ),
          ["", "3", "7"],
        )
      );
      assert.match(
        await member.locator('option[value="7"]').innerText(),
        new RegExp(status.device),
      );
      assert.equal(await dialog.getByText(/At most/).count(), 0);
      assert.equal(await dialog.getByText(ROUTING_RULE_MESSAGES.selectDnid).count(), 0);
      // No member chosen: refused in the dialog, nothing sent.
      await dialog.getByLabel("Ocean").selectOption("IOR");
      await create.click();
      await dialog.getByText(ROUTING_RULE_MESSAGES.selectMember, { exact: true }).waitFor();
      assert.equal(await dialog.getByText(/not in a valid format/).count(), 0);
      await member.selectOption(String(status.member));
      await create.click();
      await toast(page, "success", TGID_EXCEPTION_MESSAGES.created).waitFor();
      await dialog.waitFor({ state: "hidden" });
      await section.getByText(`(LES ${dnid.les}) member ${status.member}, IOR`).waitFor();
      const members = await db.select().from(routingMemberRules)
        .where(eq(routingMemberRules.tgidId, target.id));
      assert.deepEqual(members.map((r) => [r.dnidId, r.member, r.ocean]), [
        [dnid.id, status.member, "IOR"],
      ]);

      // An mtl's exception: the mtl is searched too; the same one twice is "Error: …".
      const addMtl = async () => {
        await page.getByRole("button", { name: "New routing exception" }).click();
        await dialog.waitFor({ state: "visible" });
        await dialog.getByLabel("Exception for").selectOption("mtl");
        await pick(dialog, "Mtl (imn)", mtl.imn, mtl.imn);
        await create.click();
      };
      await page.getByRole("button", { name: "New routing exception" }).click();
      await dialog.getByLabel("Exception for").selectOption("mtl");
      await create.click();
      await dialog.getByText(ROUTING_RULE_MESSAGES.selectMtl, { exact: true }).waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      await addMtl();
      await dialog.waitFor({ state: "hidden" });
      await section.getByText(`Mtl ${mtl.imn}`).waitFor();
      const [rule] = await db.select().from(routingMtlRules).where(
        and(eq(routingMtlRules.tgidId, target.id), eq(routingMtlRules.mtlId, mtl.imn)),
      );
      assert.ok(rule, "the mtl exception is stored");
      await addMtl();
      await toast(page, "error", TGID_EXCEPTION_MESSAGES.error(ROUTING_RULE_MESSAGES.duplicate))
        .waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await assertAccessible(page, "a tgid's page with its exceptions");
    },
  );

  await t.step(
    "[e2e/tgids] two administrators edit a tgid's teams at once: both kept",
    async () => {
      const harbour = await f.team({ companyId: company.id, name: `${tag} Harbour` });
      const shore = await f.team({ companyId: company.id, name: `${tag} Shore` });
      const label = `${tag} Shared`;
      const shared = await f.tgid({ teamId: team.id, label, sharedWith: [harbour.id] });
      const other = await e.signedIn(1);
      try {
        other.page.setDefaultTimeout(TIMEOUT);
        await editTeamsTogether({ a: page, b: other.page }, {
          open: async (p) => {
            await p.goto(`/management/tgid/${shared.id}`);
            await headingIs(p, `Tgid ${label}`);
            await p.getByRole("button", { name: "Manage teams" }).click();
            const dialog = p.getByRole("dialog", { name: `Teams of tgid ${label}` });
            await dialog.waitFor({ state: "visible" });
            return dialog;
          },
          reads: "/rest/tgid/details",
        }, { add: shore.name, remove: harbour.name });
        // A's team joined, B's left: the owner and Shore.
        const [row] = await db.select().from(tgids).where(eq(tgids.id, shared.id));
        const shares = await db.select().from(tgidTeams).where(eq(tgidTeams.tgidId, shared.id));
        assert.deepEqual([row.teamId, ...shares.map((s) => s.teamId)], [team.id, shore.id]);
        // B's page shows the list from the server, A's team in it.
        await other.page.locator('[data-table="tgid-teams"]').getByText(shore.name).waitFor();
        assert.equal(
          await other.page.locator('[data-table="tgid-teams"]').getByText(harbour.name).count(),
          0,
        );
      } finally {
        await other.context.close();
      }
    },
  );

  await t.step("[e2e/tgids] a client: its tgids, no change or exception control", async () => {
    const client = await e.signedIn(100);
    try {
      client.page.setDefaultTimeout(TIMEOUT);
      const [me] = await db.select().from(users).where(eq(users.id, client.userId));
      const own = await f.tgid({ teamId: me.teamId, label: `${tag} Mine` });
      await client.page.goto("/management/tgid");
      await headingIs(client.page, "Tgids");
      const table = client.page.locator('[data-table="tgids"]');
      await table.locator(`tbody tr[data-row="${own.id}"]`).waitFor();
      const ids = await table.locator("tbody tr[data-row]").evaluateAll((rows) =>
        rows.map((r) => r.getAttribute("data-row"))
      );
      assert.deepEqual(ids, [String(own.id)], "its company's tgids only");
      assert.equal(await client.page.getByRole("button", { name: "New tgid" }).count(), 0);
      assert.equal(await table.getByRole("button", { name: /^Actions for/ }).count(), 0);
      assert.equal(await client.page.getByText(/routing exception/i).count(), 0);
      // The tgid page (with its exceptions) is administrators'.
      await client.page.goto(`/management/tgid/${own.id}`);
      await client.page.waitForURL((u) => u.pathname === "/error/403");
    } finally {
      await client.context.close();
    }
  });
});
