/**
 * The account page: changing your password in the browser (typed without waiting for the
 * page's scripts, as users do) ends your other sessions and keeps this one.
 */
import assert from "node:assert/strict";
import { e2eSuite, eventually, submitLogin } from "../harness.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { ACCOUNT_MESSAGES } from "../../../openapi/schemas/users/account_messages.ts";

const NEW_PASSWORD = "Another-Horse-8";

e2eSuite("[e2e/account]", async (t, e) => {
  await t.step("[e2e/account] a changed password ends the other browser's session", async () => {
    const first = await e.signedIn(100);
    const other = await e.page();
    try {
      await other.page.goto("/login");
      await submitLogin(other.page, first.userId);
      await other.page.waitForURL((u) => u.pathname === "/");

      const page = first.page;
      await page.goto("/account");
      await page.getByLabel(/^Current password/).fill(TEST_PASSWORD);
      await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await page.getByLabel(/^Confirm the new password/).fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await eventually(async () =>
        assert.match(await page.locator("main").innerText(), /Your password has been changed/)
      );
      assert.ok((await page.locator("main").innerText()).includes(ACCOUNT_MESSAGES.changed));

      // This browser is still signed in; the other one is sent to sign in.
      await page.goto("/account");
      assert.equal(new URL(page.url()).pathname, "/account");
      await other.page.goto("/account");
      assert.equal(new URL(other.page.url()).pathname, "/login");
      await submitLogin(other.page, first.userId, NEW_PASSWORD);
      await other.page.waitForURL((u) => u.pathname === "/account");
    } finally {
      await first.context.close();
      await other.context.close();
    }
  });
});
