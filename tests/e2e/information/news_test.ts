/**
 * Browser tests of the news page: an administrator publishes, edits and deletes news through its
 * dialogs (with the spec's toasts, the confirmation, and the form's errors before anything is
 * sent), and a client's header count follows: up by one for a public item, not for a non-public
 * one, down once the news page has shown it — without a reload.
 */
import assert from "node:assert/strict";
import type { Locator, Page, Request } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { toast } from "../page_helpers.ts";
import { assertAccessible } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { formMessages, NEWS_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { eq } from "drizzle-orm";
import { news } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

/** The header's count of new news. */
const newsCount = async (page: Page) =>
  Number(await page.locator("[data-news-count]").getAttribute("data-news-count"));

/** The news entry whose title is `title`. */
const entry = (page: Page, title: string) =>
  page.locator("li[data-news-id]", {
    has: page.getByRole("heading", { name: title, exact: true }),
  });

/** Records the requests made to a /rest path while it runs. */
const requestsTo = (page: Page, path: string) => {
  const seen: string[] = [];
  const listener = (r: Request) => {
    if (new URL(r.url()).pathname === path) seen.push(`${r.method()} ${r.url()}`);
  };
  page.on("request", listener);
  return { seen, stop: () => page.off("request", listener) };
};

async function openNewsPage(page: Page) {
  await page.goto("/information/news");
  await hydrated(page);
}

/** Fills and saves the add (or edit) dialog. */
async function fillNews(
  dialog: Locator,
  fields: { title: string; content: string; level?: string; public?: boolean },
) {
  await dialog.getByLabel("Title").fill(fields.title);
  await dialog.getByLabel("Content").fill(fields.content);
  if (fields.level) await dialog.getByLabel("Level").selectOption(fields.level);
  if (fields.public !== undefined) {
    await dialog.getByRole("switch", { name: /^Public/ }).setChecked(fields.public);
  }
  await dialog.getByRole("button", { name: "Save" }).click();
}

e2eSuite("[e2e/news]", async (t, e) => {
  const admin = await e.signedIn(1);
  const client = await e.signedIn(100);
  const { page } = admin;
  const cpage = client.page;
  page.setDefaultTimeout(TIMEOUT);
  cpage.setDefaultTimeout(TIMEOUT);
  const title = unique("Maintenance");
  const edited = `${title} (moved)`;
  const hidden = unique("Internal");

  await t.step(
    "[e2e/news] an admin publishes a public item through the dialog; a client's count +1",
    async () => {
      await cpage.goto("/");
      await hydrated(cpage);
      const before = await newsCount(cpage);

      await openNewsPage(page);
      await page.getByRole("button", { name: "Add news" }).click();
      const dialog = page.getByRole("dialog", { name: "Add news" });
      await dialog.waitFor({ state: "visible" });
      // Defaults: level low, not public.
      assert.equal(await dialog.getByLabel("Level").inputValue(), "low");
      assert.equal(await dialog.getByRole("switch", { name: /^Public/ }).isChecked(), false);
      // A static backdrop: Escape does not close it.
      await page.keyboard.press("Escape");
      assert.ok(await dialog.isVisible(), "Escape closed the add dialog");

      await fillNews(dialog, {
        title,
        content: "Saturday 02:00 UTC.\nMessages are queued.",
        level: "critical",
        public: true,
      });
      await toast(page, "success", NEWS_MESSAGES.created).waitFor({ state: "visible" });
      await dialog.waitFor({ state: "hidden" });
      const item = entry(page, title);
      await item.waitFor({ state: "visible" });
      assert.match(await item.innerText(), /Critical/);
      // The content keeps its line break (plain text).
      assert.equal(
        await item.locator(".news-content").innerText(),
        "Saturday 02:00 UTC.\nMessages are queued.",
      );

      // A non-public item: the client does not count it.
      await page.getByRole("button", { name: "Add news" }).click();
      await dialog.waitFor({ state: "visible" });
      assert.equal(await dialog.getByLabel("Title").inputValue(), "", "a fresh form");
      await fillNews(dialog, { title: hidden, content: "Administrators only." });
      await toast(page, "success", NEWS_MESSAGES.created).nth(1).waitFor();
      await entry(page, hidden).waitFor({ state: "visible" });
      assert.match(await entry(page, hidden).innerText(), /Administrators only/);

      await cpage.reload();
      await hydrated(cpage);
      assert.equal(await newsCount(cpage), before + 1);
    },
  );

  await t.step(
    "[e2e/news] the client sees it marked New on the news page; the count drops at once",
    async () => {
      assert.ok(await newsCount(cpage) > 0);
      await cpage.evaluate(() => {
        // deno-lint-ignore no-explicit-any
        (window as any).__marker = 1;
      });
      // The header's link: the page is swapped in, the header stays.
      await cpage.locator("[data-news-count]").click();
      await cpage.waitForURL((u) => u.pathname === "/information/news");
      const item = entry(cpage, title);
      await item.waitFor({ state: "visible" });
      assert.equal(await item.getAttribute("data-new"), "true");
      await item.getByText("New", { exact: true }).waitFor({ state: "visible" });
      await eventually(async () => assert.equal(await newsCount(cpage), 0));
      // deno-lint-ignore no-explicit-any
      assert.equal(await cpage.evaluate(() => (window as any).__marker), 1, "reloaded");

      // No non-public item and no administrator controls, not even in the HTML.
      assert.equal(await entry(cpage, hidden).count(), 0);
      const html = await (await cpage.request.get("/information/news")).text();
      assert.doesNotMatch(html, new RegExp(hidden));
      assert.doesNotMatch(html, /Add news|>Edit<|>Delete</);
      for (const name of ["Add news", /^Edit /, /^Delete /]) {
        assert.equal(await cpage.getByRole("button", { name }).count(), 0);
      }

      // Read now: in the older news, and no longer new on the next visit.
      await cpage.getByRole("button", { name: "Older news" }).click();
      const old = cpage.getByRole("dialog", { name: "Older news" });
      await old.getByRole("row", { name: new RegExp(title) }).waitFor({ state: "visible" });
      await assertAccessible(cpage, "the older news dialog");
      await old.locator("footer").getByRole("button", { name: "Close" }).click();
      await old.waitFor({ state: "hidden" });
      await cpage.reload();
      await hydrated(cpage);
      assert.equal(await entry(cpage, title).getAttribute("data-new"), "false");
      assert.equal(await newsCount(cpage), 0);
    },
  );

  await t.step("[e2e/news] an admin edits it", async () => {
    await openNewsPage(page);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit news" });
    await dialog.waitFor({ state: "visible" });
    assert.equal(await dialog.getByLabel("Title").inputValue(), title);
    assert.equal(await dialog.getByLabel("Level").inputValue(), "critical");
    assert.equal(await dialog.getByRole("switch", { name: /^Public/ }).isChecked(), true);
    await fillNews(dialog, { title: edited, content: "Sunday 02:00 UTC.", level: "medium" });
    await toast(page, "success", NEWS_MESSAGES.edited).waitFor({ state: "visible" });
    await dialog.waitFor({ state: "hidden" });
    const item = entry(page, edited);
    await item.waitFor({ state: "visible" });
    assert.match(await item.innerText(), /Medium/);
    assert.match(await item.innerText(), /Sunday 02:00 UTC\./);
    assert.equal(await entry(page, title).count(), 0);
  });

  await t.step(
    "[e2e/news] cancelling the delete changes nothing and shows no toast",
    async () => {
      await openNewsPage(page);
      const deletes = requestsTo(page, "/rest/news/delete");
      await page.getByRole("button", { name: `Delete ${edited}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete news" });
      await confirm.waitFor({ state: "visible" });
      assert.ok((await confirm.innerText()).includes(`Delete the news "${edited}"?`));
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirm.waitFor({ state: "hidden" });
      await page.waitForTimeout(500);
      deletes.stop();
      assert.deepEqual(deletes.seen, []);
      assert.equal(await page.locator("[data-toast]").count(), 0);
      await entry(page, edited).waitFor({ state: "visible" });
    },
  );

  await t.step("[e2e/news] an admin deletes it after confirming", async () => {
    await page.getByRole("button", { name: `Delete ${edited}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete news" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "success", NEWS_MESSAGES.deleted).waitFor({ state: "visible" });
    await entry(page, edited).waitFor({ state: "detached" });
    await entry(page, hidden).waitFor({ state: "visible" });
    await cpage.reload();
    await hydrated(cpage);
    assert.equal(await entry(cpage, edited).count(), 0, "gone for the client too");
  });

  await t.step(
    "[e2e/news] the add dialog submitted empty shows the field errors and sends nothing",
    async () => {
      await openNewsPage(page);
      const adds = requestsTo(page, "/rest/news/add");
      await page.getByRole("button", { name: "Add news" }).click();
      const dialog = page.getByRole("dialog", { name: "Add news" });
      await dialog.waitFor({ state: "visible" });
      // No errors before a submit attempt.
      assert.equal(await dialog.locator(".field-error").count(), 0);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText(formMessages.required("Title")).waitFor({ state: "visible" });
      await dialog.getByText(formMessages.required("Content")).waitFor({ state: "visible" });
      assert.equal(await dialog.getByLabel("Title").getAttribute("aria-invalid"), "true");
      await assertAccessible(page, "the add news dialog with its errors");

      // Too long a title: its own message; still nothing sent.
      await dialog.getByLabel("Title").fill("x".repeat(201));
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.getByText(formMessages.maxLength("Title", 200)).waitFor();
      await page.waitForTimeout(300);
      adds.stop();
      assert.deepEqual(adds.seen, []);

      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      assert.equal(await page.locator('[data-toast="success"]').count(), 0);
      // Reopened: empty, errors hidden again.
      await page.getByRole("button", { name: "Add news" }).click();
      await dialog.waitFor({ state: "visible" });
      assert.equal(await dialog.getByLabel("Title").inputValue(), "");
      assert.equal(await dialog.locator(".field-error").count(), 0);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    },
  );

  await t.step(
    "[e2e/news] a server refusal shows a danger toast and keeps the dialog",
    async () => {
      await openNewsPage(page);
      await page.getByRole("button", { name: `Edit ${hidden}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit news" });
      await dialog.waitFor({ state: "visible" });
      // Someone else deletes the item meanwhile.
      const id = Number(await entry(page, hidden).getAttribute("data-news-id"));
      const gone = await e.database.db.delete(news).where(eq(news.id, id)).returning();
      assert.equal(gone.length, 1);
      await fillNews(dialog, { title: `${hidden} 2`, content: "Changed." });
      await toast(page, "error", "News not found").waitFor({ state: "visible" });
      assert.ok(await dialog.isVisible(), "the dialog stays open");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await assertAccessible(page, "the news page");
    },
  );
  await t.step(
    "[e2e/news] the page shows 10 items at a time; the pager, the URL and an add keep up",
    async () => {
      // Twelve items newer than any other: the first page holds the ten newest of them.
      const made: string[] = [];
      for (let i = 1; i <= 12; i++) {
        made.push((await e.f.news({ title: unique(`Paged ${i}`) })).title);
      }
      const newest = [...made].reverse();
      const total = (await e.database.db.select({ id: news.id }).from(news)).length;
      const pages = Math.ceil(total / 10);
      const titles = () => page.locator("li[data-news-id] h2").allInnerTexts();
      const pager = page.getByRole("navigation", { name: "Pages of News" });

      await openNewsPage(page);
      assert.deepEqual(await titles(), newest.slice(0, 10));
      assert.equal((await pager.locator("[data-page]").innerText()).trim(), `Page 1 of ${pages}`);
      assert.equal(await page.getByLabel("News per page").inputValue(), "10");

      await pager.getByRole("button", { name: "Next ›" }).click();
      await eventually(async () =>
        assert.deepEqual((await titles()).slice(0, 2), newest.slice(10))
      );
      assert.equal((await titles()).length, Math.min(10, total - 10));
      assert.equal(new URL(page.url()).searchParams.get("page"), "2");
      // The address opens that page, rendered so by the server.
      await page.reload();
      assert.deepEqual((await titles()).slice(0, 2), newest.slice(10));
      await hydrated(page);
      assert.deepEqual((await titles()).slice(0, 2), newest.slice(10));

      // The older news dialog is still there.
      await page.getByRole("button", { name: "Older news" }).click();
      const old = page.getByRole("dialog", { name: /older news/i });
      await old.waitFor({ state: "visible" });
      await old.getByRole("button", { name: "Close" }).first().click();
      await old.waitFor({ state: "hidden" });

      // A new item is shown where it goes: first, on page 1.
      const added = unique("Fresh");
      await page.getByRole("button", { name: "Add news" }).click();
      const dialog = page.getByRole("dialog", { name: "Add news" });
      await fillNews(dialog, { title: added, content: "Just published." });
      await toast(page, "success", NEWS_MESSAGES.created).waitFor({ state: "visible" });
      await eventually(async () => assert.equal((await titles())[0], added));
      assert.equal(new URL(page.url()).searchParams.get("page"), null);

      // All on one page when asked for.
      await page.getByLabel("News per page").selectOption("100");
      await eventually(async () => assert.equal((await titles()).length, Math.min(100, total + 1)));
      assert.equal(new URL(page.url()).searchParams.get("size"), "100");
    },
  );
});
