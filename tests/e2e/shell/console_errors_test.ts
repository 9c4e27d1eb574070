/**
 * No script error where the layout check's walk (tests/e2e/screens/, which fails on script errors
 * on every screen it meets) does not go: the not-found pages signed in and out, and the error
 * page a refused or unknown item redirects to (its message a toast before the page's
 * islands hydrate: React error #418 when the toaster's first render differed from the server's).
 * A command list's item page is visited first, on a server that has rendered no lazy part yet
 * (its details dialog opening at once made the server give up the boundary: React error #419).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eSuite, hydrated } from "../harness.ts";
import { painted, scriptErrors } from "../page_helpers.ts";
import { CLIENT_RIGHTS } from "../../../openapi/enums.ts";
import { users } from "../../../db/schema/mod.ts";
import { eq } from "drizzle-orm";

const TIMEOUT = 10_000;

/** Opens each of `paths` and answers those that logged a script error, with the errors. */
async function errorsOn(page: Page, paths: string[]): Promise<string[]> {
  const errors = scriptErrors(page);
  const found: string[] = [];
  for (const path of paths) {
    errors.length = 0;
    await page.goto(path);
    await hydrated(page);
    // Hydration errors are reported after the islands' first commit.
    await painted(page);
    if (errors.length) found.push(`${path}: ${errors.join(" | ")}`);
  }
  return found;
}

const NOT_FOUND = ["/error/404", "/no/such/page", "/management/list/999999999"];

e2eSuite("[e2e/console]", async (t, e) => {
  const { f } = e;
  const admin = await e.signedIn(1);
  admin.page.setDefaultTimeout(TIMEOUT);
  const [me] = await e.database.db.select().from(users).where(eq(users.id, admin.userId));
  const list = await f.commandList({ companyId: me.companyId, userKey: me.key, statuses: [1, 5] });

  await t.step("[e2e/console] a command list's item page opens its details cleanly", async () => {
    const item = `/management/list/${list.id}/1/2`;
    assert.deepEqual(await errorsOn(admin.page, [item]), []);
    await admin.page.getByRole("dialog", { name: `Command ${list.id}/1/2` }).waitFor();
  });

  await t.step("[e2e/console] the not-found and refused pages, as an administrator", async () => {
    assert.deepEqual(await errorsOn(admin.page, ["/error/403", "/error/500", ...NOT_FOUND]), []);
  });

  await t.step("[e2e/console] the not-found and refused pages, as a client", async () => {
    const client = await e.signedIn(CLIENT_RIGHTS);
    client.page.setDefaultTimeout(TIMEOUT);
    // Another company's list: the 404 page, its message handed over as a toast.
    const theirs = `/management/list/${list.id}`;
    assert.deepEqual(
      await errorsOn(client.page, ["/administration/companies", ...NOT_FOUND, theirs]),
      [],
    );
  });

  await t.step("[e2e/console] the not-found pages, signed out", async () => {
    const { page } = await e.page();
    page.setDefaultTimeout(TIMEOUT);
    assert.deepEqual(await errorsOn(page, ["/login", ...NOT_FOUND.slice(0, 2)]), []);
  });
});
