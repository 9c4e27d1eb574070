/**
 * Browser tests of the route overview (/routing/routes): an administrator adds an SMTP route
 * choosing each format preset (the four fields follow the spec's table), pastes secondary
 * e-mails with spaces, newlines and ';' and sees them normalised, and the edit dialog detects
 * the format; the tgid is searched by its label (the route lists it, edit shows it, the tgid page
 * presets it); locks and unlocks a tcp route's backup destination, and reads both in the route's
 * History; a client gets the 403 page.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { e2eSuite, eventually } from "../harness.ts";
import { headingIs, inView, toast } from "../page_helpers.ts";
import { smtpRoutes, tcpRoutes, tgids } from "../../../db/schema/mod.ts";
import { SELECT_TGID } from "../../../openapi/schemas/messages.ts";
import { makeRoute } from "../../fixtures/routes.ts";
import { unique } from "../../fixtures/factories.ts";
import { assertAccessible } from "../axe.ts";

const TIMEOUT = 10_000;

async function rowMenu(row: Locator, item: string) {
  await inView(row);
  await row.click({ button: "right" });
  await row.page().getByRole("menu").getByRole("menuitem", { name: item }).click();
}

/** Searches the tgid by its label in the dialog's Tgid picker and picks it. */
async function pickTgid(dialog: Locator, tgid: { id: number; label: string | null }) {
  const box = dialog.getByRole("combobox", { name: "Tgid" });
  await box.fill(tgid.label!);
  await dialog.getByRole("option", { name: `${tgid.label} #${tgid.id}` }).click();
  assert.equal(await box.inputValue(), `${tgid.label} (${tgid.id})`);
}

const PRESETS = {
  vizada: ["Uuencode", "DR_Viz", "DR_Viz", "DR_Viz"],
  capsat: ["Mime64", "DR_Cap", "DR_Cap", ""],
  text: ["Txt", "DR_Viz", "DR_Viz", "Txt"],
  smii: ["Uuinline", "DR_Viz", "DR_Viz", "DR_Viz"],
  other: ["", "", "", ""],
} as const;

e2eSuite("[e2e/routes]", async (t, e) => {
  const db = e.database.db;
  const tgid = await e.f.tgid();

  await t.step(
    "[e2e/routes] an SMTP route: the presets, the secondary e-mails, the format detected",
    async () => {
      const { page } = await e.signedIn(1);
      page.setDefaultTimeout(TIMEOUT);
      await page.goto("/routing/routes");
      await headingIs(page, "Route management");
      await page.getByRole("button", { name: "New SMTP route" }).click();
      const dialog = page.getByRole("dialog", { name: "New SMTP route" });
      await dialog.waitFor({ state: "visible" });
      await assertAccessible(page, "the new SMTP route dialog");
      const presetFields = () =>
        Promise.all(
          ["Encoding", "Signature", "Subject", "Body"].map((l) =>
            dialog.getByLabel(l, { exact: true }).inputValue()
          ),
        );
      const format = dialog.locator('select[name="smtp-add-format"]');
      for (const name of ["vizada", "capsat", "text", "smii", "other", "capsat"] as const) {
        await format.selectOption(name);
        await eventually(async () => assert.deepEqual(await presetFields(), [...PRESETS[name]]));
      }
      const master = `positions-${crypto.randomUUID().slice(0, 8)}@fleet.example`;
      await pickTgid(dialog, tgid);
      await dialog.locator('input[name="smtp-add-emailMaster"]').fill(master);
      const secondary = dialog.locator('textarea[name="smtp-add-emailSecondary"]');
      await secondary.fill(" ops@fleet.example ;\nduty@fleet.example;; captain@fleet.example;\n");
      await secondary.press("Tab");
      await eventually(async () =>
        assert.equal(
          await secondary.inputValue(),
          "ops@fleet.example,duty@fleet.example,captain@fleet.example",
        )
      );
      // The browser refuses a bad address before sending; the server's message shows in the
      // dialog.
      const masterField = dialog.locator('input[name="smtp-add-emailMaster"]');
      await masterField.fill("not-an-address");
      await dialog.getByRole("button", { name: "Add" }).click();
      await dialog.getByText("Master e-mail must be an e-mail address").waitFor();
      await masterField.fill(master);
      // A tgid deleted after it was picked: the server's refusal shows in the dialog.
      const gone = await e.f.tgid();
      await pickTgid(dialog, gone);
      await db.delete(tgids).where(eq(tgids.id, gone.id));
      await dialog.getByRole("button", { name: "Add" }).click();
      await eventually(async () =>
        assert.equal(
          await dialog.locator("[data-dialog-error]").innerText(),
          `Tgid ${gone.id} does not exist`,
        )
      );
      await pickTgid(dialog, tgid);
      await dialog.getByRole("button", { name: "Add" }).click();
      await toast(page, "success", /SMTP route \d+ created/).waitFor();
      await dialog.waitFor({ state: "hidden" });
      const [row] = await db.select().from(smtpRoutes).where(eq(smtpRoutes.emailMaster, master));
      assert.equal(
        row.emailSecondary,
        "ops@fleet.example,duty@fleet.example,captain@fleet.example",
      );
      assert.deepEqual([row.encoding, row.signature, row.subject, row.body], [
        "Mime64",
        "DR_Cap",
        "DR_Cap",
        null,
      ]);

      // Its row (the table of ?type= keeps its query in the URL), and the edit dialog's format.
      await page.goto(`/routing/routes?type=smtp&filter.id=${row.id}`);
      const tr = page.locator(`[data-table="routes-smtp"] tbody tr[data-row="${row.id}"]`);
      await tr.waitFor();
      assert.ok((await tr.innerText()).includes(master));
      await rowMenu(tr, "Edit");
      const edit = page.getByRole("dialog", { name: `Edit SMTP route ${row.id}` });
      await edit.waitFor({ state: "visible" });
      await eventually(async () =>
        assert.equal(await edit.locator('select[name="smtp-edit-format"]').inputValue(), "capsat")
      );
      await edit.getByRole("button", { name: "Cancel" }).click();
    },
  );

  await t.step(
    "[e2e/routes] a route's tgid is searched by label, listed, shown on edit, preset on its page",
    async () => {
      const { page } = await e.signedIn(1);
      page.setDefaultTimeout(TIMEOUT);
      const harbour = await e.f.tgid({ label: unique("Harbour") });
      await page.goto("/routing/routes");
      await page.getByRole("button", { name: "New TCP route" }).click();
      const dialog = page.getByRole("dialog", { name: "New TCP route" });
      await dialog.waitFor({ state: "visible" });
      const destination = dialog.getByLabel("Primary destination");
      await destination.fill("receiver.example:4100");
      // No tgid: the picker's own words, and nothing sent.
      await dialog.getByRole("button", { name: "Add" }).click();
      await dialog.getByText(SELECT_TGID, { exact: true }).waitFor();
      await pickTgid(dialog, harbour);
      await dialog.getByRole("button", { name: "Add" }).click();
      await toast(page, "success", /TCP route \d+ created/).waitFor();
      await dialog.waitFor({ state: "hidden" });
      const [row] = await db.select().from(tcpRoutes).where(eq(tcpRoutes.tgidId, harbour.id));
      assert.equal(row.ipPortTxPrimary, "receiver.example:4100");

      // The route lists its tgid by label; editing shows it as "label (id)".
      await page.goto(`/routing/routes?type=tcp&filter.id=${row.id}`);
      const tr = page.locator(`[data-table="routes-tcp"] tbody tr[data-row="${row.id}"]`);
      await tr.getByRole("link", { name: harbour.label! }).waitFor();
      await rowMenu(tr, "Edit");
      const edit = page.getByRole("dialog", { name: `Edit TCP route ${row.id}` });
      await edit.waitFor({ state: "visible" });
      await eventually(async () =>
        assert.equal(
          await edit.getByRole("combobox", { name: "Tgid" }).inputValue(),
          `${harbour.label} (${harbour.id})`,
        )
      );
      await edit.getByRole("button", { name: "Cancel" }).click();

      // From the tgid's page: the tgid is preset; the new route shows in its TCP section.
      await page.goto(`/management/tgid/${harbour.id}`);
      await page.getByRole("button", { name: "New TCP route" }).click();
      const add = page.getByRole("dialog", { name: "New TCP route" });
      await add.waitFor({ state: "visible" });
      assert.equal(
        await add.getByRole("combobox", { name: "Tgid" }).inputValue(),
        `${harbour.label} (${harbour.id})`,
      );
      await add.getByLabel("Primary destination").fill("receiver.example:4200");
      await add.getByRole("button", { name: "Add" }).click();
      await toast(page, "success", /TCP route \d+ created/).waitFor();
      const routes = await eventually(async () => {
        const rows = await db.select().from(tcpRoutes).where(eq(tcpRoutes.tgidId, harbour.id));
        assert.equal(rows.length, 2);
        return rows;
      });
      const second = routes.find((r) => r.ipPortTxPrimary === "receiver.example:4200")!;
      await page.locator("#tgid-routes-tcp-title").getByText("(2)").waitFor();
      await page.getByRole("link", { name: `tcp route ${second.id}`, exact: true }).waitFor();
    },
  );

  await t.step("[e2e/routes] lock and unlock a tcp route's backup destination", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const { id } = await makeRoute(db, "tcp", tgid.id);
    await page.goto(`/routing/routes?type=tcp&filter.id=${id}`);
    await headingIs(page, "Route management");
    const tr = page.locator(`[data-table="routes-tcp"] tbody tr[data-row="${id}"]`);
    await tr.waitFor();
    const flags = async () => {
      const [r] = await db.select().from(tcpRoutes).where(eq(tcpRoutes.id, id));
      return [r.txPrimaryUp, r.txSecondaryUp];
    };

    await rowMenu(tr, "Lock backup");
    const ask = page.getByRole("dialog", { name: "Lock backup destination" });
    await ask.getByRole("button", { name: "Lock" }).click();
    await eventually(async () => assert.match(await tr.innerText(), /Active[\s\S]*Locked/));
    assert.deepEqual(await flags(), [1, -1]);

    await rowMenu(tr, "Unlock backup");
    const again = page.getByRole("dialog", { name: "Unlock backup destination" });
    await again.getByRole("button", { name: "Unlock" }).click();
    await eventually(async () => assert.doesNotMatch(await tr.innerText(), /Locked/));
    assert.deepEqual(await flags(), [1, 1]);

    // Its history (issue 40): the lock and the unlock, newest first, by whom.
    await rowMenu(tr, "History");
    const history = page.getByRole("dialog", { name: `History of TCP route ${id}` });
    const rows = history.locator("tbody tr");
    await eventually(async () => assert.equal(await rows.count(), 2));
    const [unlocked, locked] = await rows.allInnerTexts();
    assert.match(unlocked, /pushLockDestination[\s\S]*tx_secondary_up: -1 → 1/);
    assert.match(locked, /pushLockDestination[\s\S]*tx_secondary_up: (0|1) → -1/);
    assert.match(locked, /@/, "who: a login");
    await history.getByRole("button", { name: "Close", exact: true }).last().click();
    await history.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/routes] the tgid page's route tables link to the route overview", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const { id } = await makeRoute(db, "tcp", tgid.id);
    await page.goto(`/management/tgid/${tgid.id}`);
    await page.getByRole("link", { name: `tcp route ${id}`, exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/routing/routes");
    assert.equal(new URL(page.url()).search, `?type=tcp&filter.id=${id}`);
    await page.locator(`[data-table="routes-tcp"] tbody tr[data-row="${id}"]`).waitFor();
    assert.equal(await page.locator('[data-table="routes-tcp"] tbody tr[data-row]').count(), 1);
  });

  await t.step(
    "[e2e/routes] a destination the delivery engine would refuse: the server's reason in the edit dialog",
    async () => {
      const { page } = await e.signedIn(1);
      page.setDefaultTimeout(TIMEOUT);
      const { id } = await makeRoute(db, "tcp", tgid.id);
      await page.goto(`/routing/routes?type=tcp&filter.id=${id}`);
      const tr = page.locator(`[data-table="routes-tcp"] tbody tr[data-row="${id}"]`);
      await rowMenu(tr, "Edit");
      const edit = page.getByRole("dialog", { name: `Edit TCP route ${id}` });
      const primary = edit.locator('input[name="tcp-edit-IP_Port_Tx_Primary"]');
      await eventually(async () => assert.notEqual(await primary.inputValue(), ""));
      await primary.fill("169.254.169.254:80");
      await edit.getByRole("button", { name: "Save" }).click();
      await eventually(async () =>
        assert.equal(
          await edit.locator("[data-dialog-error]").innerText(),
          "Primary destination is not allowed: 169.254.169.254 is a cloud metadata address " +
            "(not in DELIVERY_ALLOW)",
        )
      );
      if (Deno.env.get("F_SHOTS")) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await edit.locator("[data-dialog-error]").scrollIntoViewIfNeeded();
          await page.screenshot({ path: `/tmp/f-route-egress-${width}.png` });
        }
      }
      const [row] = await db.select().from(tcpRoutes).where(eq(tcpRoutes.id, id));
      assert.notEqual(row.ipPortTxPrimary, "169.254.169.254:80");
      await edit.getByRole("button", { name: "Cancel" }).click();
    },
  );

  await t.step("[e2e/routes] a client gets the 403 page", async () => {
    const { page } = await e.signedIn(100);
    page.setDefaultTimeout(TIMEOUT);
    const response = await page.goto("/routing/routes");
    assert.equal(response?.status(), 403);
    assert.equal(await page.locator('[data-table="routes-tcp"]').count(), 0);
  });
});
