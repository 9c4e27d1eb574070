/**
 * Browser test of set-password links by e-mail (SMTP_RELAY: a loopback SMTP catcher, as in the
 * demo): an administrator creates a user, the toast says where the link went and the user's page
 * opens; Reset password says the link was e-mailed and shows none; the user opens the e-mailed
 * link in their own browser, sets a password and signs in.
 */
import assert from "node:assert/strict";
import { e2eSuite, submitLogin } from "../harness.ts";
import { mail, toast } from "../page_helpers.ts";
import { startSmtpSink } from "../../../server/delivery/sinks/mod.ts";

const TIMEOUT = 10_000;
const NEW_PASSWORD = "A-new-password-42";
const sink = await startSmtpSink();

/** The link in the last e-mail to `to` (quoted-printable soft breaks joined). */
function mailedLink(to: string): string {
  const caught = sink.received.findLast((m) => m.meta?.to === to);
  assert.ok(caught, `an e-mail to ${to}`);
  const text = new TextDecoder().decode(caught.body).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /https?:\/\/\S+\/login\/reset\?token=[\w-]+/.exec(text)![0];
}

e2eSuite("[e2e/password-mail]", async (t, e) => {
  try {
    const company = await e.f.company();
    const team = await e.f.team({ companyId: company.id });
    const { page } = await e.signedIn(1);
    page.setDefaultTimeout(TIMEOUT);
    const id = mail("mailed");

    await t.step("[e2e/password-mail] Create: the link is e-mailed, the page opens", async () => {
      await page.goto("/administration/users");
      await page.getByRole("button", { name: "New user" }).click();
      const dialog = page.getByRole("dialog", { name: "New user" });
      await dialog.getByRole("combobox", { name: "Company" }).fill(company.name);
      await dialog.getByRole("option", { name: company.name }).click();
      await dialog.getByRole("combobox", { name: "Team" }).selectOption({ label: team.name });
      await dialog.getByRole("textbox", { name: /^User id/ }).fill(id);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await toast(
        page,
        "success",
        `User ${id} created; a link to set their password was e-mailed to ${id}`,
      ).waitFor();
      await page.waitForURL((u) => u.pathname === `/administration/users/${id}`);
      assert.match(mailedLink(id), /\/login\/reset\?token=/);
    });

    await t.step("[e2e/password-mail] Reset password: e-mailed, no link shown", async () => {
      await page.getByRole("group", { name: "User actions" })
        .getByRole("button", { name: "Reset password" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset password" });
      await dialog.getByRole("textbox", { name: /^Reason/ }).fill("Lost it");
      await dialog.getByRole("button", { name: "Reset password" }).click();
      await dialog.getByText(`A link to set a new password was e-mailed to ${id}`).waitFor();
      assert.equal(await dialog.getByRole("textbox", { name: "Set-password link" }).count(), 0);
      if (Deno.env.get("F_SHOTS")) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.screenshot({ path: `/tmp/f-reset-mailed-${width}.png` });
        }
      }
      await dialog.getByRole("button", { name: "Done" }).click();
    });

    await t.step("[e2e/password-mail] the user sets a password from the e-mail", async () => {
      const { context, page: user } = await e.page();
      try {
        user.setDefaultTimeout(TIMEOUT);
        // The e-mail links to the portal as the administrator reached it.
        const link = mailedLink(id);
        assert.ok(link.startsWith(`${e.baseUrl}/login/reset?token=`), link);
        await user.goto(link);
        await user.getByLabel(/^New password/).fill(NEW_PASSWORD);
        await user.getByLabel(/^Confirm the new password/).fill(NEW_PASSWORD);
        await user.getByRole("button", { name: "Set password" }).click();
        await user.waitForURL((u) => u.pathname === "/login");
        await submitLogin(user, id, NEW_PASSWORD);
        await user.waitForURL((u) => u.pathname === "/");
      } finally {
        await context.close();
      }
    });
  } finally {
    await sink.close();
  }
}, { env: { SMTP_RELAY: `127.0.0.1:${sink.port}` } });
