/** What the browser tests read off a page and do on it, shared by every suite. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { type E2e, eventually } from "./harness.ts";
import { unique } from "../fixtures/factories.ts";
import { users } from "../../db/schema/mod.ts";
import { ROUTES } from "../../routes/mod.ts";

/** Every page of the route map that takes no parameter and needs a session. */
export const PARAMETERLESS_PAGES = ROUTES.filter((r) => !r.pattern.includes(":") && !r.public)
  .map((r) => r.pattern);

export const heading = (page: Page) => page.locator("main h1").first();

/** Waits until the main heading reads `text`. */
export const headingIs = (page: Page, text: string) =>
  eventually(async () => assert.equal((await heading(page).textContent())?.trim(), text));

export const path = (page: Page) => new URL(page.url()).pathname;

/** The toast of `kind` (success, error, …) that shows `text`. */
export const toast = (page: Page, kind: string, text: string | RegExp) =>
  page.locator(`[data-toast="${kind}"]`, { hasText: text });

/** A fresh e-mail address (user ids and aliases). */
export const mail = (prefix: string) => `${unique(prefix)}@e2e.example`.toLowerCase();

/**
 * Two animation frames: what was just rendered has been laid out and painted. Headless Chromium
 * may schedule no frame for a while (a page it stopped drawing), and `page.evaluate` has no
 * timeout: after a second the wait ends without them rather than hang the suite.
 */
export const painted = (page: Page) =>
  page.evaluate(() =>
    new Promise<void>((done) => {
      requestAnimationFrame(() => requestAnimationFrame(() => done()));
      setTimeout(done, 1000);
    })
  );

/** Scrolled into view and settled: a row menu closes when the page scrolls. */
export async function inView(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await painted(target.page());
}

/**
 * Picks the option whose text starts with `text` after typing `typed` into the combobox `name`
 * of `dialog`. Every picker closes its list on a choice (a multi-select too: typing or ArrowDown
 * opens it for the next), so no list lies over the dialog's buttons after a pick.
 */
export async function pick(dialog: Locator, name: string, typed: string, text: string) {
  const box = dialog.getByRole("combobox", { name });
  await box.fill(typed);
  await dialog.getByRole("option", { name: new RegExp(`^${text}`) }).first().click();
  assert.equal(await box.getAttribute("aria-expanded"), "false", `${name}: closed on a pick`);
  assert.equal(await dialog.getByRole("listbox").count(), 0, `${name}: no list left open`);
}

/**
 * Collects the page's script errors for a test to assert empty: what it logs as an error, and
 * what it throws uncaught — React reports a hydration mismatch (#418) or a boundary the server
 * could not finish (#419) with reportError, which is no console message. Refused calls ("Failed
 * to load resource": an error page's own 403/404 status) are expected and left out.
 */
export function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      errors.push(m.text());
    }
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

/**
 * After creating a user without e-mail (no SMTP_RELAY): the dialog with their set-password link,
 * closed with Done; answers the link.
 */
export async function closePasswordLink(page: Page): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Set-password link" });
  const link = await dialog.getByRole("textbox", { name: "Set-password link" }).inputValue();
  await dialog.getByRole("button", { name: "Done" }).click();
  await dialog.waitFor({ state: "hidden" });
  return link;
}

/** Clicks the button `button` and answers the dialog it opens (`title`, else the button's name), shown. */
export async function openDialog(page: Page, button: string, title = button): Promise<Locator> {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor({ state: "visible" });
  return dialog;
}

/**
 * A client user (rights 100 in a new team) signed in, its page's default timeout `timeout`:
 * the page, the user's row (`me`) and the page's script errors as they come (see scriptErrors).
 */
export async function signedInClient(e: E2e, timeout: number) {
  const { page, userId } = await e.signedIn(100);
  page.setDefaultTimeout(timeout);
  const consoleErrors = scriptErrors(page);
  const [me] = await e.database.db.select().from(users).where(eq(users.id, userId));
  return { page, me, consoleErrors };
}

/**
 * Counts, from the page's next load on, the React commits that rendered a component, per island
 * (its `data-island`), through the hook React DevTools use (React calls it on every commit, in
 * production builds too). A fiber rendered in a commit is one with work done that the previous
 * commit's tree did not hold: a subtree React skipped keeps its old fibers, flags and all.
 * Call before `goto`; the returned function reads the counts.
 */
export async function watchRenders(page: Page): Promise<() => Promise<Record<string, number>>> {
  await page.addInitScript(() => {
    const PERFORMED_WORK = 1;
    const counts: Record<string, number> = {};
    const hook = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      // deno-lint-ignore no-explicit-any
      onCommitFiberRoot(_renderer: number, root: any) {
        const before: Set<unknown> = root.__fibers ?? new Set();
        const now = new Set<unknown>();
        let rendered = false;
        // deno-lint-ignore no-explicit-any
        const visit = (fiber: any) => {
          for (; fiber; fiber = fiber.sibling) {
            now.add(fiber);
            if (
              fiber.flags & PERFORMED_WORK && !before.has(fiber) && typeof fiber.type !== "string"
            ) rendered = true;
            visit(fiber.child);
          }
        };
        visit(root.current.child);
        root.__fibers = now;
        const island = root.containerInfo?.dataset?.island ?? "?";
        if (rendered) counts[island] = (counts[island] ?? 0) + 1;
      },
    };
    Object.assign(globalThis, { __REACT_DEVTOOLS_GLOBAL_HOOK__: hook, __renders: counts });
  });
  return () => page.evaluate(() => ({ ...(globalThis as { __renders?: object }).__renders }));
}
