/**
 * Browser tests of Messaging C (/commands/messagingC), as a client user with Messaging C access
 * and the station's clock running (one state a second, no failures): a message with one carbon
 * copy and an attachment goes through the progress dialog to 100% and shows delivered in the
 * history, whose details dialog downloads the attachment; a 33 KB message and a 7th carbon copy
 * are refused in the browser; a user without access sees why.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { e2eSuite, eventually } from "../harness.ts";
import { assertAccessible } from "../axe.ts";
import { commands, stationMessages, users } from "../../../db/schema/mod.ts";
import { MESSAGING_C_MESSAGES as M } from "../../../openapi/schemas/inmarsat/messaging_c_messages.ts";
import { signedInClient } from "../page_helpers.ts";

const TIMEOUT = 20_000;

e2eSuite("[e2e/messagingC]", async (t, e) => {
  const db = e.database.db;
  const { page, me, consoleErrors } = await signedInClient(e, TIMEOUT);

  await t.step("[e2e/messagingC] a user without Messaging C access is told so", async () => {
    await page.goto("/commands/messagingC");
    await page.getByText("Messaging C access required", { exact: false }).waitFor();
    assert.equal(await page.locator("#f-recipient").count(), 0);
  });

  await db.update(users).set({ messagingCAccess: true }).where(eq(users.key, me.key));
  const tgid = await e.f.tgid({ teamId: me.teamId });
  const terminal = async (label: string) =>
    (await e.f.terminal({ tgidId: tgid.id, deviceTypeId: 0, label })).mtl!.imn;
  const to = await terminal("Northern Star");
  const cc = await terminal("Southern Cross");

  await t.step(
    "[e2e/messagingC] send with a carbon copy and an attachment: 100%, then delivered",
    async () => {
      await page.goto("/commands/messagingC");
      // Typed as soon as the page shows, hydrated or not.
      await page.locator("#f-recipient").fill(to);
      await page.locator("#f-cc").fill(cc);
      await page.getByRole("button", { name: "Add carbon copy" }).click();
      await page.getByRole("list", { name: "Carbon copies" }).getByText(cc).waitFor();
      await page.locator("#f-text").fill("Hello from the e2e test");
      await page.getByTestId("message-size").getByText("Size: 23 bytes of 32768", {
        exact: false,
      }).waitFor();
      await page.getByTestId("message-size").getByText("1 packet", { exact: false }).waitFor();
      await assertAccessible(page, "the Messaging C compose form and history");
      await page.locator("#f-attachment").setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("attached notes"),
      });
      await page.getByText("Uploaded notes.txt", { exact: false }).waitFor();
      await page.getByTestId("message-size").getByText("Size: 37 bytes", { exact: false })
        .waitFor();
      await page.getByRole("button", { name: "Send" }).click();

      const dialog = page.getByRole("dialog", { name: "Message transmission" });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByTestId("transmission-percent").getByText("100%").waitFor();
      await dialog.getByText(M.sent(21), { exact: true }).waitFor();
      assert.equal(
        await dialog.locator("[data-outcome]").last().getAttribute("data-outcome"),
        "success",
      );
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await dialog.waitFor({ state: "hidden" });

      const sent = await db.select().from(stationMessages)
        .where(eq(stationMessages.userKey, me.key));
      assert.deepEqual(sent.map((m) => m.recipient).sort(), [to, cc].sort());
      assert.ok(sent.every((m) => m.attachmentName === "notes.txt"));
      const items = await db.select().from(commands).where(eq(commands.listId, sent[0].listId!));
      assert.deepEqual(items.map((c) => c.mt).sort(), [to, cc].sort());

      // The history shows both, and follows them to delivered.
      const history = page.getByRole("table", { name: "Sent messages" });
      for (const imn of [to, cc]) {
        await eventually(
          async () => {
            const row = history.locator("tbody tr", { hasText: imn });
            assert.equal(await row.locator("[data-status]").textContent(), "delivered");
          },
          40_000,
          500,
        );
      }
      const row = history.locator("tbody tr", { hasText: to });
      await row.getByRole("button", { name: /Details of message/ }).click();
      const details = page.getByRole("dialog", { name: /^Message \d+$/ });
      await details.getByText("Hello from the e2e test").waitFor();
      await details.getByTestId("details-status").getByText("delivered").waitFor();
      await assertAccessible(page, "the message details dialog");
      const download = page.waitForEvent("download");
      await details.getByRole("button", { name: /Download notes\.txt/ }).click();
      assert.equal((await download).suggestedFilename(), "notes.txt");
      await details.getByRole("button", { name: "Close" }).last().click();
    },
  );

  await t.step("[e2e/messagingC] a 33 KB message is refused", async () => {
    await page.goto("/commands/messagingC");
    await page.locator("#f-recipient").fill(to);
    await page.locator("#f-text").fill("x".repeat(33 * 1024));
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText(M.tooBig(33 * 1024, 32 * 1024), { exact: true }).waitFor();
    assert.equal(
      await page.getByRole("dialog", { name: "Message transmission" }).isVisible(),
      false,
    );
  });

  await t.step("[e2e/messagingC] a 7th carbon copy is refused", async () => {
    await page.goto("/commands/messagingC");
    const ccs = [];
    for (let i = 0; i < 7; i++) ccs.push(await terminal(`Copy ${i}`));
    for (const imn of ccs) {
      await page.locator("#f-cc").fill(imn);
      await page.getByRole("button", { name: "Add carbon copy" }).click();
    }
    await page.getByText(M.tooManyCarbonCopies, { exact: true }).waitFor();
    assert.equal(
      await page.getByRole("list", { name: "Carbon copies" }).locator("li").count(),
      6,
    );
  });

  await t.step(
    "[e2e/messagingC] a carbon copy typed by hand is looked up: mini-C sets the 10 KB limit",
    async () => {
      const mini = (await e.f.terminal({
        tgidId: tgid.id,
        deviceTypeId: 0,
        label: "Tiny",
        mtl: { miniC: true },
      })).mtl!.imn;
      await page.goto("/commands/messagingC");
      await page.locator("#f-recipient").fill(to);
      await page.locator("#f-text").fill("Hi");
      await page.getByTestId("message-size").getByText("of 32768", { exact: false }).waitFor();
      await page.locator("#f-cc").fill(mini);
      await page.getByRole("button", { name: "Add carbon copy" }).click();
      await page.getByTestId("message-size").getByText("of 10240", { exact: false }).waitFor();
      await page.getByTestId("message-size").getByText("mini-C", { exact: false }).waitFor();
    },
  );

  await t.step(
    "[e2e/messagingC] a carbon copy refused by the station: warning, the form cleared, " +
      "the refused recipient listed",
    async () => {
      const fault = "Mobile terminal not registered at the LES";
      // The station refuses the carbon copy (the answer says so; the recipient's went out).
      await page.route("**/rest/inmarsat/send", async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.recipients[1] = { ...body.recipients[1], refNum: null, fault };
        body.status = {
          success: false,
          message: M.sendError(`${body.recipients[1].mtl}: ${fault}`),
        };
        await route.fulfill({ response, json: body });
      });
      try {
        await page.goto("/commands/messagingC");
        await page.locator("#f-recipient").fill(to);
        await page.locator("#f-cc").fill(cc);
        await page.getByRole("button", { name: "Add carbon copy" }).click();
        await page.getByRole("list", { name: "Carbon copies" }).getByText(cc).waitFor();
        await page.locator("#f-text").fill("Partly sent");
        await page.getByRole("button", { name: "Send" }).click();
        const dialog = page.getByRole("dialog", { name: "Message transmission" });
        await dialog.getByText(M.partlySent(1, 2), { exact: true }).waitFor();
        assert.equal(
          await dialog.locator("[data-outcome]").last().getAttribute("data-outcome"),
          "warning",
        );
        await dialog.getByTestId("refused-recipients")
          .getByText(M.refusedRecipient(cc, fault), { exact: true }).waitFor();
        await dialog.getByRole("button", { name: "Close" }).last().click();
        await dialog.waitFor({ state: "hidden" });
        assert.equal(await page.locator("#f-text").inputValue(), "");
      } finally {
        await page.unroute("**/rest/inmarsat/send");
      }
    },
  );

  assert.deepEqual(consoleErrors, []);
}, { stationClock: true });
