/**
 * Browser tests of /management/epadr: an administrator edits the EPADR robot's configuration in
 * its dialog (static backdrop; the form refuses a source that does not fit its type before
 * sending, then saves and shows what was saved); a client sees the robot's traffic of its own
 * tgids and no configuration.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { e2eSuite } from "../harness.ts";
import { headingIs, toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { epadrConfig, robotTraffic, teams, users } from "../../../db/schema/mod.ts";
import { EPADR_MESSAGES } from "../../../openapi/schemas/epadr/epadr_messages.ts";

const TIMEOUT = 10_000;

e2eSuite("[e2e/epadr]", async (t, e) => {
  const db = e.database.db;
  await db.delete(epadrConfig);

  await t.step("[e2e/epadr] an administrator edits the configuration", async () => {
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    await page.goto("/management/epadr");
    await headingIs(page, "Epadr");
    const panel = page.locator("[data-epadr-config]");
    await panel.getByText(EPADR_MESSAGES.never).waitFor();
    await assertAccessible(page, "the EPADR page");
    await page.getByRole("button", { name: EPADR_MESSAGES.edit }).click();
    const dialog = page.getByRole("dialog", { name: EPADR_MESSAGES.edit });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByLabel("Enabled").check();
    await dialog.getByLabel("Source type").selectOption("1");
    await dialog.getByLabel("Source address").fill("epadr@robots.example");
    await dialog.getByLabel("Poll interval (minutes)").fill("15");
    await dialog.getByLabel("Report format").selectOption("1");
    await dialog.getByLabel("Dnids").fill("4661, 12 12");
    await dialog.getByRole("button", { name: "Save" }).click();
    // An e-mail is no FTP source: refused in the form, nothing sent.
    await dialog.getByText(EPADR_MESSAGES.sourceFtp).waitFor();
    assert.equal((await db.select().from(epadrConfig)).length, 0);
    await assertAccessible(page, "the EPADR edit dialog");
    await dialog.getByLabel("Source address").fill("ftp://files.example/epadr/in");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "success", EPADR_MESSAGES.saved).waitFor();
    await dialog.waitFor({ state: "hidden" });
    const [saved] = await db.select().from(epadrConfig);
    assert.deepEqual(
      {
        enabled: saved.enabled,
        sourceType: saved.sourceType,
        sourceAddress: saved.sourceAddress,
        pollMinutes: saved.pollMinutes,
        reportFormat: saved.reportFormat,
        dnids: saved.dnids,
      },
      {
        enabled: true,
        sourceType: 1,
        sourceAddress: "ftp://files.example/epadr/in",
        pollMinutes: 15,
        reportFormat: 1,
        dnids: [12, 4661],
      },
    );
    for (const text of ["ftp://files.example/epadr/in", "1 FTP", "1 CSV", "12, 4661"]) {
      await panel.getByText(text, { exact: true }).waitFor();
    }
    // After a reload too, and the dialog starts from what was saved.
    await page.reload();
    await panel.getByText("ftp://files.example/epadr/in", { exact: true }).waitFor();
    await page.getByRole("button", { name: EPADR_MESSAGES.edit }).click();
    assert.equal(await dialog.getByLabel("Poll interval (minutes)").inputValue(), "15");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step("[e2e/epadr] a client sees its tgids' EPADR traffic, no configuration", async () => {
    const { page, userId } = await e.signedIn(100);
    page.setDefaultTimeout(TIMEOUT);
    const [me] = await db.select({ teamId: users.teamId }).from(users)
      .where(eq(users.id, userId));
    const [team] = await db.select().from(teams).where(eq(teams.id, me.teamId));
    const tgid = await e.f.tgid({ teamId: team.id });
    const other = await e.f.tgid();
    const [mine, theirs] = await db.insert(robotTraffic).values([
      { type: 0, robot: "EPADR", receivedTime: new Date(), status: 2, tgidId: tgid.id },
      { type: 1, robot: "EPADR", receivedTime: new Date(), status: 3, tgidId: other.id },
    ]).returning();
    await page.goto("/management/epadr");
    await headingIs(page, "Epadr");
    await page.locator(`[data-robot-row="${mine.realId}"]`).waitFor();
    assert.equal(await page.locator(`[data-robot-row="${theirs.realId}"]`).count(), 0);
    assert.equal(await page.locator("[data-epadr-config]").count(), 0);
    assert.equal(await page.getByRole("button", { name: EPADR_MESSAGES.edit }).count(), 0);
  });
});
