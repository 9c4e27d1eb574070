/**
 * Browser tests of the UI kit's MultiSelect, TgidPicker and FileUpload, on a test-only page
 * (tests/e2e/shell/kit/entry.tsx, bundled here) served same-origin with the app, so the session cookie
 * and the /rest calls are the real ones.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { eq } from "drizzle-orm";
import type { Page, Request } from "playwright-core";
import type { Hono } from "hono";
import { e2eSuite } from "../harness.ts";
import { painted } from "../page_helpers.ts";
import { axeViolations, formatViolations } from "../axe.ts";
import { unique } from "../../fixtures/factories.ts";
import { users } from "../../../db/schema/mod.ts";
import { assets } from "../../../server/assets/mod.ts";
import { zodEnglishOnly } from "../../../server/assets/bundle.ts";
import { CSP } from "../../../server/pages/router.ts";
import { UPLOAD_RETRY_INTERVAL_MS } from "../../../openapi/enums.ts";
import { SELECT_TGID } from "../../../openapi/schemas/messages.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const KIT_PAGE = "/__test/kit";
const KIT_SCRIPT = "/__test/kit.js";
async function bundleKit(): Promise<Uint8Array> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ["tests/e2e/shell/kit/entry.tsx"],
    bundle: true,
    write: false,
    format: "esm",
    target: ["es2022", "chrome110"],
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [zodEnglishOnly],
    logLevel: "silent",
  });
  await esbuild.stop(); // before the app builds its own bundle
  return result.outputFiles[0].contents;
}

const requestsTo = (page: Page, path: string) => {
  const seen: { url: URL; at: number }[] = [];
  const listener = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === path) seen.push({ url, at: Date.now() });
  };
  page.on("request", listener);
  return { seen, stop: () => page.off("request", listener) };
};

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, i + 65536));
  return out;
}

/** The texts of the elements matching `selector` that are drawn highlighted (a background). */
const highlighted = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.filter((el) => getComputedStyle(el).backgroundColor !== "rgba(0, 0, 0, 0)")
      .map((el) => el.textContent!.trim())
  );

const chipsOf = (page: Page, label: string) =>
  page.getByRole("list", { name: `Selected ${label}` }).getByRole("listitem");

/** The kit's page and its script (bundled first), served in front of the app. */
async function kitRoutes(app: Hono) {
  const script = await bundleKit();
  app.get(KIT_SCRIPT, (c) =>
    c.body(script as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
    }));
  app.get(KIT_PAGE, async (c) => {
    const { stylesheet } = await assets();
    c.header("Content-Security-Policy", CSP);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>UI kit</title>` +
        `<link rel="stylesheet" href="${stylesheet}">` +
        `<script type="module" src="${KIT_SCRIPT}"></script></head>` +
        `<body><main class="container" id="kit"></main></body></html>`,
    );
  });
}

e2eSuite("[e2e/kit] MultiSelect, TgidPicker and FileUpload in the browser", async (t, e2e) => {
  const { page, userId } = await e2e.signedIn(100);
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") cspErrors.push(m.text());
  });
  await page.goto(KIT_PAGE);
  await page.getByRole("heading", { name: "UI kit" }).waitFor();

  await t.step("MultiSelect: a third choice is refused at the limit of 2", async () => {
    const input = page.getByRole("combobox", { name: "Colors" });
    await input.click();
    const list = page.getByRole("listbox", { name: "Colors" });
    await list.getByRole("option", { name: "Red" }).click();
    // A choice closes the list (it would cover what follows), the focus stays in the input.
    assert.equal(await input.getAttribute("aria-expanded"), "false");
    assert.equal(await list.count(), 0);
    assert.equal(await input.evaluate((el) => el === document.activeElement), true);
    // Keyboard: ArrowDown opens it again, Red no longer offered; Enter chooses the first (Green).
    await input.press("ArrowDown");
    await list.getByRole("option", { name: "Green" }).waitFor();
    assert.equal(await list.getByRole("option", { name: "Red" }).count(), 0);
    await input.press("Enter");
    assert.equal(await input.getAttribute("aria-expanded"), "false");
    await input.press("ArrowDown");
    assert.deepEqual(await chipsOf(page, "Colors").allInnerTexts(), ["Red\n×", "Green\n×"]);
    // Reaching the limit is no error: it is said when a third is tried.
    await painted(page);
    assert.equal(await page.getByText("At most 2 Colors can be selected").count(), 0);
    const blue = list.getByRole("option", { name: "Blue" });
    assert.equal(await blue.getAttribute("aria-disabled"), "true");
    await blue.click({ force: true });
    await input.press("Enter");
    assert.equal(await chipsOf(page, "Colors").count(), 2);
    await page.getByText("At most 2 Colors can be selected").waitFor();
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, formatViolations(violations));
  });

  await t.step("MultiSelect: chips are removed with the keyboard", async () => {
    const input = page.getByRole("combobox", { name: "Colors" });
    await input.focus();
    await input.press("Backspace"); // the empty input's Backspace removes the last chip
    assert.deepEqual(await chipsOf(page, "Colors").allInnerTexts(), ["Red\n×"]);
    assert.equal(await page.getByText("At most 2 Colors can be selected").count(), 0);
    const blue = page.getByRole("listbox", { name: "Colors" })
      .getByRole("option", { name: "Blue" });
    assert.equal(await blue.getAttribute("aria-disabled"), null, "offered again");
    await page.getByRole("button", { name: "Remove Red" }).focus();
    await page.keyboard.press("Enter");
    assert.equal(await chipsOf(page, "Colors").count(), 0);
    assert.equal(
      await input.evaluate((el) => el === document.activeElement),
      true,
      "focus back in the input",
    );
    await input.press("Escape");
    assert.equal(await input.getAttribute("aria-expanded"), "false");
  });

  await t.step("MultiSelect: at most 25 options are shown for any query", async () => {
    const input = page.getByRole("combobox", { name: "Items" });
    await input.click();
    const list = page.getByRole("listbox", { name: "Items" });
    assert.equal(await list.locator("[role=option][data-value]").count(), 25);
    await list.getByRole("option", { name: "35 more — refine the search" }).waitFor();
    await input.fill("Item 1");
    await list.getByRole("option", { name: "Item 19" }).waitFor();
    assert.equal(await list.locator("[role=option][data-value]").count(), 11);
    assert.equal(await list.getByText(/more — refine/).count(), 0);
    await input.press("Escape");
  });

  const [me] = await e2e.database.db.select().from(users).where(eq(users.id, userId));
  const label = unique("Kittgid");
  const tgid = await e2e.f.tgid({ teamId: me.teamId, label });

  await t.step("TgidPicker: no request below 3 characters, a hint instead", async () => {
    const searches = requestsTo(page, "/rest/tgid/search");
    const input = page.getByRole("combobox", { name: "Tgid" });
    await input.pressSequentially(label.slice(0, 2), { delay: 30 });
    await page.getByText("Type at least 3 characters").waitFor();
    await page.waitForTimeout(800); // well past the search delay
    searches.stop();
    assert.equal(searches.seen.length, 0, "no request below 3 characters");
    assert.equal(await input.getAttribute("aria-expanded"), "false");
  });

  await t.step("TgidPicker: submitting with nothing chosen says so", async () => {
    await page.getByRole("button", { name: "Save tgid" }).click();
    const input = page.getByRole("combobox", { name: "Tgid" });
    await page.getByRole("alert").filter({ hasText: SELECT_TGID }).waitFor();
    // The shell document's words exactly (terminal forms keep "Please select a tgid").
    assert.equal(
      await page.getByRole("alert").filter({ hasText: SELECT_TGID }).innerText(),
      "Please, select a Tgid",
    );
    assert.equal(await input.getAttribute("aria-invalid"), "true");
  });

  await t.step("TgidPicker: from 3 characters finds the factory's tgid", async () => {
    const searches = requestsTo(page, "/rest/tgid/search");
    const input = page.getByRole("combobox", { name: "Tgid" });
    await input.pressSequentially(label.slice(2, 3));
    const list = page.getByRole("listbox", { name: "Tgid results" });
    await list.locator("[role=option][data-value]").first().waitFor();
    assert.ok(searches.seen.length >= 1, "searched at 3 characters");
    await input.fill(label);
    const option = list.getByRole("option", { name: `${label} #${tgid.id}` });
    await option.waitFor();
    searches.stop();
    for (const s of searches.seen) {
      assert.ok(s.url.searchParams.get("query")!.length >= 3, s.url.href);
    }
    assert.equal(await option.getAttribute("aria-selected"), "true", "exact match first");
    await input.press("Enter");
    // The chosen tgid as the app names it: "label (id)".
    assert.equal(await input.inputValue(), `${label} (${tgid.id})`);
    assert.equal(await input.getAttribute("aria-expanded"), "false");
    await page.getByRole("button", { name: "Save tgid" }).click();
    await page.getByText(`Saved tgid #${tgid.id}`).waitFor();
    assert.equal(await page.getByText(SELECT_TGID).count(), 0);
    assert.equal(await input.getAttribute("aria-invalid"), null);
  });

  await t.step("TgidPicker: editing the chosen label clears the choice", async () => {
    const input = page.getByRole("combobox", { name: "Tgid" });
    await input.press("End");
    await input.press("Backspace");
    assert.equal(await input.inputValue(), `${label} (${tgid.id}`);
    await page.getByRole("alert").filter({ hasText: SELECT_TGID }).waitFor();
  });

  const fileInput = page.getByLabel("Attachment");
  const uploadedResult = async () => {
    const out = page.locator("#uploaded");
    await out.filter({ hasText: /"name"/ }).waitFor();
    return JSON.parse(await out.innerText());
  };
  // Downloaded by the page itself, as a user's click would (with the browser's own headers).
  const download = async (name: string) => {
    const r = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
    }, `/rest/file/get?name=${encodeURIComponent(name)}`);
    assert.equal(r.status, 200);
    return new Uint8Array(r.bytes);
  };
  const clearResult = () =>
    page.locator("#uploaded").evaluate((el) => {
      el.textContent = "";
    });

  await t.step("FileUpload: a 600 KB file goes in 3 chunks and is downloadable", async () => {
    const data = randomBytes(600 * 1024);
    const uploads = requestsTo(page, "/rest/file/upload");
    await fileInput.setInputFiles({
      name: "kit-600.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(data),
    });
    await page.getByText("Uploaded kit-600.bin (600 KB)").waitFor();
    const result = await uploadedResult();
    assert.match(result.name, /^uploads\/[0-9a-f-]{36}\/kit-600\.bin$/);
    assert.equal(result.size, data.byteLength);
    uploads.stop();
    assert.deepEqual(
      uploads.seen.map((s) =>
        s.url.searchParams.get("index") + "/" + s.url.searchParams.get("chunks")
      ),
      ["0/3", "1/3", "2/3"],
    );
    assert.equal(new Set(uploads.seen.map((s) => s.url.searchParams.get("uploadId"))).size, 1);
    assert.deepEqual(await download(result.name), data);
  });

  await t.step("FileUpload: a chunk failing with 503 is retried after 5 s", async () => {
    await clearResult();
    const data = randomBytes(300 * 1024);
    const attempts: { index: string; at: number; status: number }[] = [];
    await page.route("**/rest/file/upload?*", async (route) => {
      const index = new URL(route.request().url()).searchParams.get("index")!;
      const first = index === "1" && !attempts.some((a) => a.index === "1");
      attempts.push({ index, at: Date.now(), status: first ? 503 : 200 });
      if (first) {
        await route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ code: 503, message: "The database is unreachable" }),
        });
      } else await route.continue();
    });
    await fileInput.setInputFiles({
      name: "kit-retry.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(data),
    });
    await page.getByText(/Part 2 of 2 failed \(The database is unreachable\); retrying in 5 s/)
      .waitFor();
    assert.equal(await fileInput.isDisabled(), true, "one file at a time");
    await page.getByText("Uploaded kit-retry.bin (300 KB)").waitFor({ timeout: 15_000 });
    await page.unroute("**/rest/file/upload?*");
    assert.deepEqual(attempts.map((a) => `${a.index}:${a.status}`), [
      "0:200",
      "1:503",
      "1:200",
    ]);
    const gap = attempts[2].at - attempts[1].at;
    assert.ok(
      gap >= UPLOAD_RETRY_INTERVAL_MS - 200 && gap < UPLOAD_RETRY_INTERVAL_MS + 3000,
      `retried after ${gap} ms`,
    );
    assert.deepEqual(await download((await uploadedResult()).name), data);
  });

  await t.step("FileUpload: a 500 fails at once with the server's message", async () => {
    await clearResult();
    const attempts: number[] = [];
    await page.route("**/rest/file/upload?*", async (route) => {
      attempts.push(Date.now());
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ code: 500, message: "Storage is out of order" }),
      });
    });
    const started = Date.now();
    await fileInput.setInputFiles({
      name: "kit-500.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(randomBytes(1000)),
    });
    await page.getByRole("alert").filter({ hasText: "Storage is out of order" }).waitFor();
    assert.ok(Date.now() - started < 3000, "failed at once");
    assert.equal(await fileInput.isDisabled(), false, "another file may be picked");
    await page.waitForTimeout(UPLOAD_RETRY_INTERVAL_MS + 500);
    assert.equal(attempts.length, 1, "no retry");
    await page.unroute("**/rest/file/upload?*");
    assert.equal(await page.locator("#uploaded").innerText(), "");
  });

  await t.step("FileUpload: Cancel stops the upload", async () => {
    await page.route("**/rest/file/upload?*", async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => {}); // the browser may have given up already
    });
    await fileInput.setInputFiles({
      name: "kit-cancel.bin",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(randomBytes(1000)),
    });
    await page.getByRole("progressbar", { name: "Uploading kit-cancel.bin" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Upload cancelled").waitFor();
    assert.equal(await fileInput.isDisabled(), false);
    await page.unroute("**/rest/file/upload?*");
  });

  await t.step("no serious accessibility violations with errors and lists shown", async () => {
    await page.getByRole("button", { name: "Save tgid" }).click(); // the Tgid error
    const tgidInput = page.getByRole("combobox", { name: "Tgid" });
    await tgidInput.focus();
    await tgidInput.press("ArrowDown");
    await page.getByRole("listbox", { name: "Tgid results" }).waitFor();
    const violations = await axeViolations(page);
    assert.equal(violations.length, 0, formatViolations(violations));
  });

  const dialog = page.getByRole("dialog", { name: "New item" });
  const nameInput = dialog.getByLabel("Name");
  const createdItems = page.getByRole("status", { name: "Created items" });

  await t.step(
    "CreateDialog: errors only after a submit attempt; invalid is not sent",
    async () => {
      await page.getByRole("button", { name: "New item" }).click();
      await dialog.waitFor();
      assert.equal(await dialog.getByText("Name is required").count(), 0);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.getByText("Name is required").waitFor();
      assert.equal(await nameInput.getAttribute("aria-invalid"), "true");
      assert.equal(await createdItems.textContent(), "");
      // Static backdrop, and no Escape: the dialog must be answered.
      await page.mouse.click(3, 3);
      await page.keyboard.press("Escape");
      assert.ok(await dialog.isVisible());
    },
  );

  await t.step("CreateDialog: create-and-add-another resets the form", async () => {
    await nameInput.fill("alpha");
    await dialog.getByRole("button", { name: "Create and add another" }).click();
    await page.locator('[data-toast="success"]', { hasText: "Item alpha created" }).waitFor();
    assert.equal(await createdItems.textContent(), "alpha");
    assert.ok(await dialog.isVisible());
    assert.equal(await nameInput.inputValue(), "");
    assert.equal(await dialog.getByText("Name is required").count(), 0, "errors hidden again");
  });

  await t.step("CreateDialog: the server's message is shown in the dialog", async () => {
    await nameInput.fill("taken");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByText("An item with this identifier already exists").waitFor();
    assert.ok(await dialog.isVisible());
    assert.equal(await createdItems.textContent(), "alpha");
  });

  await t.step("CreateDialog: Create closes it and opens the new item's page", async () => {
    await nameInput.fill("beta");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/information/about");
  });

  await t.step(
    "EditableList and its edit dialog tell rows with a two-field key apart",
    async () => {
      await page.goto(KIT_PAGE);
      const table = page.locator('[data-table="les-rows"]');
      const row = (key: string) => table.locator(`tbody tr[data-row="${key}"]`);
      for (const key of ["4661-15", "4661-21", "4662-21"]) await row(key).waitFor();
      const edit = async (key: string, label: string) => {
        await row(key).getByRole("button", { name: /^Actions for / }).click();
        await page.getByRole("menuitem", { name: "Edit" }).click();
        const [id, les] = key.split("-");
        const dialog = page.getByRole("dialog", { name: `Edit dnid ${id} LES ${les}` });
        await dialog.waitFor({ state: "visible" });
        return { dialog, field: dialog.getByLabel("Label"), label };
      };
      // The same id at two LES: each opens with its own values.
      const first = await edit("4661-15", "North fleet");
      assert.equal(await first.field.inputValue(), "North fleet");
      await first.dialog.getByRole("button", { name: "Cancel" }).click();
      const second = await edit("4661-21", "South fleet");
      assert.equal(await second.field.inputValue(), "South fleet");
      await second.field.fill("South fleet 2");
      await second.dialog.getByRole("button", { name: "Save" }).click();
      await row("4661-21").getByText("South fleet 2").waitFor();
      assert.equal(await row("4661-15").getByText("North fleet").count(), 1);
      // Deleting one removes that row only.
      await row("4661-15").getByRole("button", { name: /^Actions for / }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await row("4661-15").waitFor({ state: "detached" });
      assert.equal(await row("4661-21").count(), 1);
    },
  );

  await t.step("ContextMenu: one entry highlighted, by the arrows or the pointer", async () => {
    const actions = page.locator('[data-table="les-rows"] tbody tr[data-row="4661-21"]')
      .getByRole("button", { name: /^Actions for / });
    await actions.click();
    const entries = page.getByRole("menu").getByRole("menuitem");
    await entries.first().waitFor();
    const [first, second] = (await entries.allTextContents()).map((s) => s.trim());
    const box = (await entries.first().boundingBox())!;
    await page.keyboard.press("ArrowDown");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await painted(page);
    assert.deepEqual(await highlighted(page, "[role=menu] [role=menuitem]"), [first]);
    // The arrows move on from the entry under the pointer, which stays under it.
    await page.keyboard.press("ArrowDown");
    await painted(page);
    assert.deepEqual(await highlighted(page, "[role=menu] [role=menuitem]"), [second]);
    await page.keyboard.press("Escape");
  });

  await t.step("MultiSelect: one option highlighted, by the arrows or the pointer", async () => {
    const input = page.getByRole("combobox", { name: "Items" });
    await input.click();
    const option = page.getByRole("listbox", { name: "Items" }).getByRole("option");
    const third = (await option.nth(2).boundingBox())!;
    await page.mouse.move(third.x + third.width / 2, third.y + third.height / 2);
    await painted(page);
    assert.deepEqual(await highlighted(page, ".picker [role=option]"), ["Item 3"]);
    await input.press("ArrowDown");
    await painted(page);
    assert.deepEqual(await highlighted(page, ".picker [role=option]"), ["Item 4"]);
    await input.press("Escape");
  });

  assert.deepEqual(cspErrors.filter((m) => /Content Security Policy/i.test(m)), []);
}, { extraRoutes: kitRoutes });
