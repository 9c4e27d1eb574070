/**
 * Browser tests of the login form: client-side validation ('Error empty login', nothing sent),
 * the lockout message with its retry time, and the promise button's state cycle.
 */
import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";

const TIMEOUT = 10_000;

const isLoginCall = (r: Request) => {
  const url = new URL(r.url());
  return url.pathname === "/rest/users/login" ||
    (r.method() === "POST" && url.pathname === "/login");
};

/** Fills the form and submits it; resolves with the API's answer. */
async function attempt(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/rest/users/login"),
    page.getByRole("button", { name: /^Sign in/ }).click(),
  ]);
  return response;
}

const errorText = (page: Page) => page.locator("[data-login-error]").innerText();

e2eSuite("[e2e/login]", async (t, e) => {
  const loginPage = async () => {
    const { context, page } = await e.page();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto("/login");
    await hydrated(page);
    return { context, page };
  };
  await t.step(
    "[e2e/login] an empty field shows 'Error empty login' and sends nothing",
    async () => {
      const user = await e.f.user();
      const { context, page } = await loginPage();
      try {
        const calls: string[] = [];
        page.on("request", (r) => isLoginCall(r) && calls.push(`${r.method()} ${r.url()}`));
        const submit = page.getByRole("button", { name: /^Sign in/ });
        const alert = page.getByRole("alert");

        for (
          const [username, password] of [["", ""], [user.id, ""], ["", TEST_PASSWORD]]
        ) {
          await page.getByLabel("Username").fill(username);
          await page.getByLabel("Password").fill(password);
          await submit.click();
          await eventually(async () => assert.equal(await errorText(page), "Error empty login"));
          assert.equal(await alert.innerText(), "Error empty login");
        }
        // The empty field is marked invalid; the filled one is not.
        assert.equal(await page.getByLabel("Username").getAttribute("aria-invalid"), "true");
        assert.equal(await page.getByLabel("Password").getAttribute("aria-invalid"), null);
        await page.waitForTimeout(300);
        assert.deepEqual(calls, [], "an invalid form was sent");
        assert.equal(new URL(page.url()).pathname, "/login");
        assert.equal(await submit.getAttribute("data-state"), "idle");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/login] after 5 wrong passwords the 6th attempt shows the lockout and 'Retry'",
    async () => {
      const user = await e.f.user();
      const { context, page } = await loginPage();
      try {
        for (let i = 1; i <= 5; i++) {
          const r = await attempt(page, user.id, `Wrong-password-${i}`);
          assert.equal(r.status(), 401, `attempt ${i}`);
          await eventually(async () =>
            assert.match(await errorText(page), /^Invalid username or password/)
          );
          assert.doesNotMatch(await errorText(page), /Retry/);
        }
        // Locked now, even with the right password.
        const r = await attempt(page, user.id, TEST_PASSWORD);
        assert.equal(r.status(), 429);
        const body = await r.json();
        await eventually(async () => assert.match(await errorText(page), /Retry/));
        const text = await errorText(page);
        assert.ok(
          text.includes(body.message),
          `"${text}" shows the server's "${body.message}"`,
        );
        assert.match(text, /[^ ] Retry in 1[45] minutes\.$/); // a space after the message
        assert.equal(new URL(page.url()).pathname, "/login");
      } finally {
        await context.close();
      }
    },
  );

  await t.step(
    "[e2e/login] the sign-in button goes progress → error → idle after 2 s",
    async () => {
      const user = await e.f.user();
      const { context, page } = await loginPage();
      try {
        const button = page.getByRole("button", { name: /^Sign in/ });
        assert.equal(await button.getAttribute("data-state"), "idle");
        // Record every state change with the browser's clock.
        await page.evaluate(() => {
          const el = document.querySelector("form[aria-label='Sign in'] button[data-state]")!;
          const log: { state: string | null; at: number }[] = [];
          // deno-lint-ignore no-explicit-any
          (window as any).__states = log;
          new MutationObserver(() => {
            const state = el.getAttribute("data-state");
            if (log.at(-1)?.state !== state) log.push({ state, at: performance.now() });
          }).observe(el, { attributes: true, attributeFilter: ["data-state"] });
        });

        const r = await attempt(page, user.id, "Wrong-password-1");
        assert.equal(r.status(), 401);
        await eventually(async () =>
          assert.equal(await button.getAttribute("data-state"), "error")
        );
        assert.match((await button.innerText()).trim(), /^Sign in ✗$/);
        await eventually(
          async () => assert.equal(await button.getAttribute("data-state"), "idle"),
          4000,
        );
        assert.equal((await button.innerText()).trim(), "Sign in");

        const states = await page.evaluate(() =>
          // deno-lint-ignore no-explicit-any
          (window as any).__states as { state: string; at: number }[]
        );
        assert.deepEqual(states.map((s) => s.state), ["progress", "error", "idle"]);
        const shown = states[2].at - states[1].at;
        assert.ok(shown >= 1900 && shown <= 2600, `error shown for ${Math.round(shown)} ms`);
      } finally {
        await context.close();
      }
    },
  );
});
