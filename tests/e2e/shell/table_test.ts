/**
 * Browser tests of the DataTable: the error code list (rows held in the page, query in the URL)
 * and the push traffic overview (paged, sorted and filtered on the server, with a row context
 * menu and a details dialog).
 */
import assert from "node:assert/strict";
import { inView, watchRenders } from "../page_helpers.ts";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { e2eSuite, eventually, hydrated } from "../harness.ts";
import { errorCodes, users } from "../../../db/schema/mod.ts";

const TIMEOUT = 10_000;

const table = (page: Page, id: string) => page.locator(`[data-table="${id}"]`);
/** The keys (data-row) of the rows shown, in order. */
const rowKeys = (page: Page, id: string) =>
  table(page, id).locator("tbody tr[data-row]").evaluateAll((trs) =>
    trs.map((tr) => tr.getAttribute("data-row")!)
  );
const selectedKeys = (page: Page, id: string) =>
  table(page, id).locator('tbody tr[data-selected="true"]').evaluateAll((trs) =>
    trs.map((tr) => tr.getAttribute("data-row")!)
  );
const caption = (page: Page, id: string) => table(page, id).locator("caption").innerText();
const search = (page: Page) => new URL(page.url()).searchParams;

async function rightClick(target: Locator) {
  await inView(target);
  await target.click({ button: "right" });
}

/** Seconds of script the page ran during `ms` milliseconds of doing nothing. */
async function idleScriptSeconds(page: Page, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Performance.enable");
    const script = async () =>
      (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ScriptDuration")!
        .value;
    const before = await script();
    await page.waitForTimeout(ms);
    return await script() - before;
  } finally {
    await cdp.detach();
  }
}

e2eSuite("[e2e/table]", async (t, e) => {
  const signedIn = async (rights: number) => {
    const s = await e.signedIn(rights);
    s.page.setDefaultTimeout(TIMEOUT);
    return s;
  };
  // The error code list: every code, from the database, in the table's default order.
  const codes = (await e.database.db.select().from(errorCodes)).sort((a, b) => a.code - b.code);
  const N = codes.length;
  assert.ok(N > 50, `enough error codes for two full pages (${N})`);
  const keys = (list: { code: number }[]) => list.map((c) => String(c.code));
  const TERM = "team";
  const matching = codes.filter((c) => c.message.toLowerCase().includes(TERM));
  assert.ok(matching.length > 1 && matching.length <= 10, `"${TERM}" matches a page of codes`);

  const ERR = "error-codes";
  const client = await signedIn(100);
  const page = client.page;
  const openErrors = async (query = "") => {
    await page.goto(`/error${query}`);
    await hydrated(page);
  };

  await t.step("[e2e/table] the error list pages through 10 rows at a time", async () => {
    // The spec's default table page size (portal-shell §9), left out of the URL.
    await openErrors();
    assert.deepEqual(await rowKeys(page, ERR), keys(codes.slice(0, 10)));
    assert.match(await caption(page, ERR), new RegExp(`rows 1–10 of ${N}$`));
    const size = page.getByLabel("Rows per page");
    assert.equal(await size.inputValue(), "10");
    assert.deepEqual(await size.locator("option").allTextContents(), ["10", "25", "50", "100"]);
    const pages = Math.ceil(N / 10);

    await page.getByRole("button", { name: "Next ›" }).click();
    await eventually(async () =>
      assert.deepEqual(await rowKeys(page, ERR), keys(codes.slice(10, 20)))
    );
    assert.match(await caption(page, ERR), new RegExp(`rows 11–20 of ${N}$`));
    assert.equal(
      (await table(page, ERR).locator("li[data-page]").innerText()).trim(),
      `Page 2 of ${pages}`,
    );
    assert.equal(search(page).get("page"), "2");
    assert.ok(await page.getByRole("button", { name: "‹ Previous" }).isEnabled());

    // Another page size starts again at page 1.
    await size.selectOption("25");
    await eventually(async () =>
      assert.deepEqual(await rowKeys(page, ERR), keys(codes.slice(0, 25)))
    );
    assert.equal(search(page).get("size"), "25");
    assert.equal(search(page).get("page"), null);
    // The URL state survives a reload.
    await page.reload();
    await hydrated(page);
    assert.deepEqual(await rowKeys(page, ERR), keys(codes.slice(0, 25)));
  });

  await t.step(
    "[e2e/table] over 50 rows a list is laid out as block rows: columns aligned, roles said",
    async () => {
      /** Each column's left edge and width, in the heading row and in body rows `at`. */
      const columnsOf = (at: number[]) =>
        table(page, ERR).locator("table").evaluate((t, at) => {
          const edges = (tr: Element) =>
            [...tr.children].map((c) => {
              const r = c.getBoundingClientRect();
              return `${Math.round(r.left)}+${Math.round(r.width)}`;
            });
          const body = t.querySelectorAll("tbody tr");
          return {
            display: getComputedStyle(t).display,
            role: t.getAttribute("role"),
            head: edges(t.querySelector("thead tr")!),
            rows: at.map((i) => edges(body[i])),
          };
        }, at);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await openErrors("?size=10");
        const short = await columnsOf([0]);
        assert.deepEqual([short.display, short.role], ["table", null], "10 rows: a table");

        await openErrors("?size=100");
        const rows = Math.min(N, 100);
        assert.equal((await rowKeys(page, ERR)).length, rows);
        const list = table(page, ERR).getByRole("table");
        assert.equal(await list.getByRole("row").count(), rows + 1, `${width} px: rows said`);
        assert.ok(await list.getByRole("columnheader").count() >= 3);
        // The last row, off screen until scrolled to, lines up with the heading too.
        await inView(table(page, ERR).locator("tbody tr").last());
        const long = await columnsOf([0, rows - 1]);
        assert.equal(long.display, "block", `${width} px: not the browser's table layout`);
        assert.deepEqual(long.rows, [long.head, long.head], `${width} px: columns aligned`);
      }
    },
  );

  await t.step("[e2e/table] clicking a column header sorts by it", async () => {
    await openErrors();
    const th = (name: string) =>
      table(page, ERR).locator("thead th").filter({ has: page.getByRole("button", { name }) });
    assert.equal(await th("Code").getAttribute("aria-sort"), "ascending");
    assert.equal(await th("Message").getAttribute("aria-sort"), null);
    const before = await rowKeys(page, ERR);
    /** Whether the messages shown are in order (compared by the browser, as the table does). */
    const ordered = () =>
      table(page, ERR).locator("tbody tr[data-row]").evaluateAll((trs) => {
        const m = trs.map((tr) => (tr as HTMLTableRowElement).cells[2].textContent ?? "");
        const asc = m.every((v, i) => i === 0 || m[i - 1].localeCompare(v) <= 0);
        const desc = m.every((v, i) => i === 0 || m[i - 1].localeCompare(v) >= 0);
        return asc ? "asc" : desc ? "desc" : "none";
      });
    assert.equal(await ordered(), "none");

    await page.getByRole("button", { name: /^Message/ }).click();
    await eventually(async () =>
      assert.equal(await th("Message").getAttribute("aria-sort"), "ascending")
    );
    assert.equal(await th("Code").getAttribute("aria-sort"), null);
    assert.equal(await ordered(), "asc");
    const ascending = await rowKeys(page, ERR);
    assert.notDeepEqual(ascending, before);
    assert.equal(search(page).get("sort"), "message");

    await page.getByRole("button", { name: /^Message/ }).click();
    await eventually(async () =>
      assert.equal(await th("Message").getAttribute("aria-sort"), "descending")
    );
    assert.equal(await ordered(), "desc");
    assert.notDeepEqual(await rowKeys(page, ERR), ascending);
    assert.equal(search(page).get("sort"), "-message");
  });

  await t.step(
    "[e2e/table] a filter applies after the 2 s pause and is kept in the URL",
    async () => {
      await openErrors();
      const initial = await rowKeys(page, ERR);
      const filter = page.getByRole("searchbox", { name: "Message" });
      await filter.fill(TERM);
      const typed = Date.now();

      // Not yet, a second later.
      await page.waitForTimeout(1000);
      assert.deepEqual(
        await rowKeys(page, ERR),
        initial,
        "the filter applied before the pause",
      );
      assert.equal(search(page).get("filter.message"), null);

      // Applied after the pause.
      await eventually(
        async () => assert.deepEqual(await rowKeys(page, ERR), keys(matching)),
        3000 - (Date.now() - typed),
      );
      const after = Date.now() - typed;
      assert.ok(after >= 1800, `applied after ${after} ms`);
      assert.equal(search(page).get("filter.message"), TERM);
      assert.match(
        await caption(page, ERR),
        new RegExp(`rows 1–${matching.length} of ${matching.length} \\(filtered from ${N}\\)$`),
      );

      // The URL alone shows the same rows (rendered by the server, then hydrated).
      const url = page.url();
      const other = await client.context.newPage();
      try {
        await other.goto(url);
        assert.deepEqual(await rowKeys(other, ERR), keys(matching));
        await hydrated(other);
        assert.deepEqual(await rowKeys(other, ERR), keys(matching));
        assert.equal(
          await other.getByRole("searchbox", { name: "Message" }).inputValue(),
          TERM,
        );
      } finally {
        await other.close();
      }
    },
  );

  await t.step("[e2e/table] the error list is idle once shown (no render loop)", async () => {
    await openErrors();
    await page.waitForTimeout(300);
    const busy = await idleScriptSeconds(page, 1000);
    assert.ok(busy < 0.2, `the page ran ${busy.toFixed(2)} s of script in 1 s of idling`);
  });

  await t.step(
    "[e2e/table] click selects one row, Ctrl+click adds, a plain click resets",
    async () => {
      await openErrors();
      const rows = table(page, ERR).locator("tbody tr[data-row]");
      const [a, b, c] = (await rowKeys(page, ERR)).slice(0, 3);
      // Click the message cell (the code cell holds a link).
      await rows.nth(0).locator("td").nth(2).click();
      await eventually(async () => assert.deepEqual(await selectedKeys(page, ERR), [a]));
      await rows.nth(1).locator("td").nth(2).click({ modifiers: ["Control"] });
      await eventually(async () => assert.deepEqual(await selectedKeys(page, ERR), [a, b]));
      assert.match(await caption(page, ERR), /, 2 selected$/);
      assert.equal(await page.getByLabel(`Select ${b}`).isChecked(), true);
      await rows.nth(2).locator("td").nth(2).click();
      await eventually(async () => assert.deepEqual(await selectedKeys(page, ERR), [c]));
      assert.equal(await page.getByLabel(`Select ${a}`).isChecked(), false);
    },
  );

  await t.step("[e2e/table] Export CSV downloads the filtered rows", async () => {
    await openErrors(`?filter.message=${TERM}`);
    assert.deepEqual(await rowKeys(page, ERR), keys(matching));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "error-codes.csv");
    const file = await download.path();
    const text = (await Deno.readTextFile(file)).replace(/^\ufeff/, "");
    const lines = text.split("\r\n").filter((l) => l !== "");
    assert.equal(lines[0], "Code,Message");
    assert.equal(lines.length - 1, matching.length);
    const csvField = (v: string) => /[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
    assert.equal(lines[1], `${matching[0].code},${csvField(matching[0].message)}`);
  });
  await client.context.close();

  // The push traffic overview, as a client: its own company's rows only.
  const PUSH = "push-traffic";
  const pushClient = await signedIn(100);
  const [me] = await e.database.db.select().from(users).where(eq(users.id, pushClient.userId));
  const tgid = await e.f.tgid({ teamId: me.teamId });
  const mine = (await e.f.pushTraffic({ tgidId: tgid.id, count: 15 })).map((r) => String(r.id));
  const others = (await e.f.pushTraffic({ count: 3 })).map((r) => String(r.id));
  const push = pushClient.page;
  const findCall = () =>
    push.waitForResponse((r) => new URL(r.url()).pathname === "/rest/push/find");
  const openPush = async () => {
    await push.goto("/routing/traffic/push");
    await hydrated(push);
  };
  /** Opens the push traffic page 390 px wide, runs `check`, then goes back to desktop width. */
  const onAPhone = async (check: () => Promise<void>) => {
    await push.setViewportSize({ width: 390, height: 844 });
    try {
      await openPush();
      await check();
    } finally {
      await push.setViewportSize({ width: 1280, height: 720 });
    }
  };

  await t.step(
    "[e2e/table] a list renders once, hydrating the server's HTML, and not again while idle",
    async () => {
      // A render after hydration (a state set in an effect) re-rendered the whole list in one
      // task: 255 rows on the dnid pages, the longest task of their load on a phone (issue 37).
      const p = await push.context().newPage();
      try {
        const renders = await watchRenders(p);
        await p.goto("/routing/traffic/push");
        await hydrated(p);
        await p.waitForTimeout(500);
        const counts = await renders();
        assert.equal(counts.PushTrafficList, 1, JSON.stringify(counts));
        for (const [island, n] of Object.entries(counts)) assert.equal(n, 1, island);
      } finally {
        await p.close();
      }
    },
  );

  await t.step("[e2e/table] push traffic pages and sorts on the server", async () => {
    await openPush();
    assert.deepEqual(await rowKeys(push, PUSH), mine.slice(0, 10), "newest first, 10 a page");
    const busy = await idleScriptSeconds(push, 500);
    assert.ok(busy < 0.1, `the page ran ${busy.toFixed(2)} s of script in 0.5 s of idling`);
    assert.match(await caption(push, PUSH), /rows 1–10 of 15$/);
    for (const id of others) {
      assert.equal(await push.locator(`tr[data-row="${id}"]`).count(), 0);
    }

    const [next] = await Promise.all([
      findCall(),
      push.getByRole("button", { name: "Next ›" }).click(),
    ]);
    assert.equal(next.status(), 200);
    await eventually(async () => assert.deepEqual(await rowKeys(push, PUSH), mine.slice(10)));
    assert.match(await caption(push, PUSH), /rows 11–15 of 15$/);

    // Sorting by stored time ascending: the oldest first, from page 1 again.
    const [sorted] = await Promise.all([
      findCall(),
      push.getByRole("button", { name: /^Stored/ }).click(),
    ]);
    assert.equal(sorted.status(), 200);
    await eventually(async () =>
      assert.deepEqual(await rowKeys(push, PUSH), [...mine].reverse().slice(0, 10))
    );
    const th = table(push, PUSH).locator("thead th").filter({
      has: push.getByRole("button", { name: /^Stored/ }),
    });
    assert.equal(await th.getAttribute("aria-sort"), "ascending");
    assert.equal(new URL(push.url()).searchParams.get("sort"), "lesCStoredTime");
  });

  await t.step(
    "[e2e/table] on a phone the caption is in view at the table's start, however wide the table",
    () =>
      onAPhone(async () => {
        const [tableWidth, scroller, text] = await table(push, PUSH).evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el.querySelector("caption")!);
          const r = range.getBoundingClientRect();
          const s = el.querySelector(".table-scroll")!.getBoundingClientRect();
          return [el.querySelector("table")!.offsetWidth, [s.left, s.right], [r.left, r.right]];
        });
        assert.ok(tableWidth > scroller[1] - scroller[0], "the table is wider than the phone");
        // Read from the start, wrapped to the scroller: not centred across the table, off screen.
        assert.equal(text[0], scroller[0], "the caption starts where the table does");
        assert.ok(text[1] <= scroller[1], `the caption ends at ${text[1]}, beyond ${scroller[1]}`);
      }),
  );

  await t.step(
    "[e2e/table] push traffic: the selection clears when the page changes",
    async () => {
      await openPush();
      const rows = table(push, PUSH).locator("tbody tr[data-row]");
      await rows.nth(0).locator("td").nth(3).click();
      await rows.nth(1).locator("td").nth(3).click({ modifiers: ["Control"] });
      await eventually(async () =>
        assert.deepEqual(await selectedKeys(push, PUSH), mine.slice(0, 2))
      );
      await push.getByRole("button", { name: "Next ›" }).click();
      await eventually(async () => assert.deepEqual(await rowKeys(push, PUSH), mine.slice(10)));
      assert.deepEqual(await selectedKeys(push, PUSH), []);
      await rows.nth(0).locator("td").nth(3).click();
      await eventually(async () => assert.deepEqual(await selectedKeys(push, PUSH), [mine[10]]));
      await push.getByRole("button", { name: "‹ Previous" }).click();
      await eventually(async () => assert.deepEqual(await rowKeys(push, PUSH), mine.slice(0, 10)));
      assert.deepEqual(await selectedKeys(push, PUSH), []);
    },
  );

  await t.step(
    "[e2e/table] push traffic row menu: right-click, the Actions button, keyboard",
    async () => {
      await openPush();
      const rows = table(push, PUSH).locator("tbody tr[data-row]");
      const menu = push.getByRole("menu");
      const showAll = menu.getByRole("menuitem", { name: "Show all" });
      const focusedItem = () =>
        push.evaluate(() => document.activeElement?.getAttribute("role") ?? null);

      // Right-click: the menu for that row (which becomes the selection), focus on its item.
      await rightClick(rows.nth(2).locator("td").nth(3));
      await menu.waitFor({ state: "visible" });
      assert.equal(await menu.getAttribute("aria-label"), "Row actions");
      assert.deepEqual(await selectedKeys(push, PUSH), [mine[2]]);
      await eventually(async () => assert.equal(await focusedItem(), "menuitem"));
      assert.equal(await showAll.isEnabled(), true);
      await push.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });

      // The row's Actions button: arrow keys move between the items, Escape closes and focus
      // goes back to the button.
      const actions = push.getByRole("button", { name: `Actions for message ${mine[3]}` });
      assert.equal(await actions.getAttribute("aria-haspopup"), "menu");
      await inView(actions);
      await actions.click();
      await menu.waitFor({ state: "visible" });
      await eventually(async () => assert.equal(await focusedItem(), "menuitem"));
      await push.keyboard.press("ArrowDown");
      assert.equal(await focusedItem(), "menuitem");
      assert.equal(await push.evaluate(() => document.activeElement?.textContent), "Show All");
      await push.keyboard.press("ArrowUp");
      assert.equal(await focusedItem(), "menuitem");
      await push.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden" });
      await eventually(async () =>
        assert.equal(
          await push.evaluate(() => document.activeElement?.getAttribute("aria-label")),
          `Actions for message ${mine[3]}`,
        )
      );

      // The keyboard alone: Shift+F10 in a row opens its menu, Enter runs the item.
      const checkbox = push.getByLabel(`Select message ${mine[4]}`);
      await inView(checkbox);
      await checkbox.focus();
      await push.keyboard.press("Shift+F10");
      await menu.waitFor({ state: "visible" });
      await eventually(async () => assert.equal(await focusedItem(), "menuitem"));
      await push.keyboard.press("Enter");
      const dialog = push.getByRole("dialog", { name: `Push traffic ${mine[4]}` });
      await dialog.waitFor({ state: "visible" });
      await push.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    },
  );

  await t.step(
    "[e2e/table] push traffic row menu on several rows: Show all disabled, Escape closes",
    async () => {
      await openPush();
      const rows = table(push, PUSH).locator("tbody tr[data-row]");
      const menu = push.getByRole("menu");
      // Several rows selected: the menu acts on all of them; Show all needs exactly one.
      await rows.nth(0).locator("td").nth(3).click();
      await rows.nth(1).locator("td").nth(3).click({ modifiers: ["Control"] });
      await rightClick(rows.nth(1).locator("td").nth(3));
      await menu.waitFor({ state: "visible" });
      assert.equal(await menu.getAttribute("aria-label"), "2 rows");
      assert.equal(await menu.getByRole("menuitem", { name: "Show all" }).isDisabled(), true);
      assert.deepEqual(await selectedKeys(push, PUSH), mine.slice(0, 2));
      // The keyboard must reach the open menu, or Escape cannot close it.
      assert.equal(
        await push.evaluate(() => !!document.activeElement?.closest("[role=menu]")),
        true,
        "focus is not in the open menu (all its items are disabled)",
      );
      await push.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden", timeout: 2000 });
    },
  );

  await t.step("[e2e/table] push traffic 'Show all' opens the row's details", async () => {
    await openPush();
    const rows = table(push, PUSH).locator("tbody tr[data-row]");
    await rightClick(rows.nth(0).locator("td").nth(3));
    await push.getByRole("menuitem", { name: "Show all" }).click();
    const dialog = push.getByRole("dialog", { name: `Push traffic ${mine[0]}` });
    await dialog.waitFor({ state: "visible" });
    const details = await dialog.innerText();
    assert.match(details, new RegExp(`Push traffic id\\s+${mine[0]}`));
    assert.match(details, new RegExp(`TGID\\s+${tgid.label} \\(${tgid.id}\\)`));
    assert.match(details, /DNID\s+10000/);
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await dialog.waitFor({ state: "hidden" });
  });

  await t.step(
    "[e2e/table] letters in a number filter: its message next to the box, no rows, no request",
    async () => {
      await openPush();
      const finds: string[] = [];
      push.on("request", (r) => {
        if (new URL(r.url()).pathname === "/rest/push/find") finds.push(r.url());
      });
      const box = push.getByRole("searchbox", { name: "Id", exact: true });
      const message = "Id must be a whole number";
      /** The box says what is wrong (its description), the table shows no rows. */
      const refused = async (page: Page) => {
        const error = table(page, PUSH).getByRole("alert");
        await error.waitFor();
        assert.equal(await error.innerText(), message);
        const filter = page.getByRole("searchbox", { name: "Id", exact: true });
        assert.equal(await filter.getAttribute("aria-invalid"), "true");
        assert.equal(
          await filter.getAttribute("aria-describedby"),
          await error.getAttribute("id"),
        );
        assert.deepEqual(await rowKeys(page, PUSH), []);
        assert.match(await table(page, PUSH).locator("tbody").innerText(), /correct the filter/);
        assert.equal(await caption(page, PUSH), "Push traffic");
      };
      await box.fill("12a");
      await box.press("Enter");
      await refused(push);
      assert.equal(search(push).get("filter.pushTrafficId"), "12a", "the URL keeps it");
      assert.deepEqual(finds, [], "the browser refused it without asking the server");

      // The same URL opened: the server's first page says the same, and no query follows.
      await push.reload();
      await refused(push);
      await hydrated(push);
      await refused(push);
      assert.deepEqual(finds, []);

      // A number: the rows of that id, the message gone.
      await push.getByRole("searchbox", { name: "Id", exact: true }).fill(mine[3]);
      await push.getByRole("searchbox", { name: "Id", exact: true }).press("Enter");
      await eventually(async () => assert.deepEqual(await rowKeys(push, PUSH), [mine[3]]));
      assert.equal(await table(push, PUSH).getByRole("alert").count(), 0);
      assert.equal(finds.length, 1, "one query, with the number");
    },
  );

  await t.step(
    "[e2e/table] on a phone the filters sit two to a row",
    () =>
      onAPhone(async () => {
        const boxes = await table(push, PUSH).locator(".table-tools > label").evaluateAll(
          (labels) => labels.map((l) => l.getBoundingClientRect().toJSON() as DOMRect),
        );
        assert.ok(boxes.length >= 4, `the push table has filters (${boxes.length})`);
        assert.equal(Math.round(boxes[1].top), Math.round(boxes[0].top), "two on a row");
        assert.ok(boxes[2].top > boxes[0].bottom, "the third starts the next row");
      }),
  );
  await pushClient.context.close();
});
