/**
 * Walks every screen a signed-in user can reach: each page of the route map (parameters filled
 * from the links met on the way), at a desktop and a phone width; on each page, every dialog its
 * toolbar buttons open and, for each table with row menus, the first row's menu and every dialog
 * that menu's items open. `visit` is called on each screen at each width, with the screen open:
 * the layout check asserts there, `deno task shots` takes its picture there.
 *
 * The walk clicks as a user does and cancels what it opens; an item that acts at once (sends a
 * command, say) acts, so walk a database made for it (the demo data in a scratch database).
 */
import type { Locator, Page } from "playwright-core";
import { hydrated } from "../harness.ts";
import { painted } from "../page_helpers.ts";
import { PUBLIC_ROUTES, sampleFor, SIGNED_IN_ROUTES } from "./paths.ts";

export const WIDTHS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
type Width = typeof WIDTHS[number];

export interface Screen {
  /** The page's path. */
  path: string;
  kind: "page" | "dialog" | "menu";
  /** What opened it: the button or menu item's name ("" for a page). */
  opener: string;
  width: Width;
}

/** Called on each screen at each width; what it throws fails the walk. */
type Visit = (page: Page, screen: Screen) => Promise<void>;

/**
 * Buttons of a page's toolbar that open no dialog and change nothing worth walking: downloads,
 * the pager, paging through a list, a form's own buttons.
 */
const NOT_OPENERS =
  /^(Export CSV|Download CSV|« First|‹ Previous|Next ›|Last »|Older news|Newer news|Previous \d+|Next \d+|Add carbon copy|Remove carbon copy.*)$/;

/** A button's name as assistive technology reads it: its label, else its text without hidden marks. */
const nameOf = (b: Locator) =>
  b.evaluate((el) => {
    if (el.getAttribute("aria-label")) return el.getAttribute("aria-label")!.trim();
    const copy = el.cloneNode(true) as Element;
    copy.querySelectorAll("[aria-hidden=true]").forEach((hidden) => hidden.remove());
    return (copy.textContent ?? "").trim();
  });

/** A page whose walk takes longer than this is named on stderr. */
const SLOW_PAGE_MS = 20_000;

const openDialog = (page: Page) => page.locator("dialog[open]").last();

/** The page's requests in flight (event streams left out: they stay open), counted per page. */
const inFlight = new WeakMap<Page, { count: number }>();

function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const state = { count: 0 };
  inFlight.set(page, state);
  const counted = (r: { resourceType(): string }) => r.resourceType() !== "eventsource";
  page.on("request", (r) => counted(r) && state.count++);
  page.on("requestfinished", (r) => counted(r) && state.count--);
  page.on("requestfailed", (r) => counted(r) && state.count--);
}

/**
 * Settled: no request in flight for two polls and nothing marked busy, then painted. Lists and
 * dialogs load their content after they show; a screen is judged as it ends up.
 */
async function settled(page: Page, timeout = 5000) {
  trackRequests(page);
  const state = inFlight.get(page)!;
  const end = Date.now() + timeout;
  for (let calm = 0; calm < 2 && Date.now() < end;) {
    const busy = state.count > 0 || await page.locator("[aria-busy=true]").count() > 0;
    calm = busy ? 0 : calm + 1;
    await new Promise((r) => setTimeout(r, 40));
  }
  await painted(page);
}

async function waitSettled(page: Page) {
  await hydrated(page);
  await settled(page);
}

async function goto(page: Page, path: string) {
  await page.goto(path);
  await waitSettled(page);
}

async function setWidth(page: Page, width: Width) {
  const now = page.viewportSize();
  if (now?.width === width.width && now.height === width.height) return;
  await page.setViewportSize({ width: width.width, height: width.height });
  await painted(page);
}

/** The links in the page's main content and navigation, as same-origin pathnames. */
async function linksOn(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
      .map((a) => new URL(a.href, location.href))
      .filter((u) => u.origin === location.origin)
      .map((u) => decodeURI(u.pathname))
  );
}

/** An error in a line: its first, and the last step of Playwright's call log (what held it up). */
function briefly(e: unknown): string {
  // deno-lint-ignore no-control-regex
  const plain = String((e as Error).message ?? e).replace(/\x1b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").map((l) => l.trim()).filter(Boolean);
  const log = lines.filter((l) => l.startsWith("- "));
  return log.length ? `${lines[0]} (${log.at(-1)!.slice(2)})` : lines[0];
}

/** Closes the open dialog as a user who changes their mind: Escape, else Cancel/Close/Done. */
async function closeDialog(page: Page) {
  const dialog = openDialog(page);
  await page.keyboard.press("Escape");
  await painted(page);
  if (await dialog.count() === 0) return;
  for (const name of ["Cancel", "Close", "Done", "No"]) {
    const button = page.locator("dialog[open]").last().getByRole("button", { name, exact: true });
    if (await button.count() && await button.first().isVisible()) {
      await button.first().click();
      break;
    }
  }
  await page.locator("dialog[open]").waitFor({ state: "detached", timeout: 3000 })
    .catch(() => {
      throw new Error("the dialog would not close with Escape, Cancel, Close or Done");
    });
}

/** Calls `visit` at every width with the screen `open()` shows, reopening it when a resize shut it. */
async function atEveryWidth(
  page: Page,
  screen: Omit<Screen, "width">,
  visit: Visit,
  open?: () => Promise<boolean>,
  close?: () => Promise<void>,
) {
  for (const width of WIDTHS) {
    await setWidth(page, width);
    if (open && !(await open())) return;
    await visit(page, { ...screen, width });
    if (close) await close();
  }
  await setWidth(page, WIDTHS[0]);
}

/** The toolbar buttons of a page (outside tables, forms and dialogs) that may open a dialog. */
async function toolbarButtons(page: Page): Promise<string[]> {
  const names: string[] = [];
  for (const b of await page.locator("main button:visible").all()) {
    const inside = await b.evaluate((el) =>
      !!el.closest("table, form, dialog, nav, [role=menu], [role=listbox]") ||
      (el as HTMLButtonElement).type === "submit" || (el as HTMLButtonElement).disabled
    );
    if (inside) continue;
    const name = await nameOf(b);
    if (name && !NOT_OPENERS.test(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Clicks `click` and answers whether a dialog opened (then left open) or the page moved away. */
async function clickAndSee(
  page: Page,
  path: string,
  links: Set<string>,
  click: () => Promise<void>,
) {
  await click();
  await painted(page);
  // A dialog, or another page: whichever comes first (a click that does neither waits it out).
  // Another page may open with a dialog (an item's address opens its editor): looked for once
  // that page has settled.
  const shown = (timeout: number) =>
    openDialog(page).waitFor({ state: "visible", timeout }).then(() => true);
  const elsewhere = (u: URL) => decodeURI(u.pathname) !== path;
  const first = await Promise.any([
    shown(1500).then(() => "dialog"),
    page.waitForURL(elsewhere, { timeout: 1500, waitUntil: "commit" }).then(() => "moved"),
  ]).catch(() => "nothing");
  const dialog = first === "dialog" ||
    (first === "moved" && await waitSettled(page).then(() => shown(500)).catch(() => false));
  if (dialog) {
    await settled(page);
    return "dialog";
  }
  const now = decodeURI(new URL(page.url()).pathname);
  if (now !== path) {
    links.add(now); // a menu item that opens a page leads there as a link does
    return "moved";
  }
  return "nothing";
}

/** Walks one page: the page, its toolbar's dialogs, its tables' first row menus and their dialogs. */
/** What a walk carries from page to page. */
interface WalkState {
  visit: Visit;
  problems: string[];
  /** The same-origin pathnames met so far: where parameter routes find their samples. */
  links: Set<string>;
  /**
   * The dialogs checked so far, by title with its numbers taken out: the same dialog opened from
   * a list's row menu and from the row's own page ("Edit rul 7101") is checked once.
   */
  dialogs: Set<string>;
}

/** Checks the open dialog at every width unless the walk has checked it already; closes it. */
async function visitDialog(page: Page, screen: Omit<Screen, "width">, walk: WalkState) {
  const title = (await openDialog(page).locator("h2").first().textContent()) ?? "";
  const key = title.replace(/\d+/g, "#").trim();
  if (!walk.dialogs.has(key)) {
    walk.dialogs.add(key);
    await atEveryWidth(page, screen, walk.visit);
  }
  await closeDialog(page);
}

async function walkPage(page: Page, path: string, walk: WalkState) {
  const { visit, problems, links } = walk;
  const back = async () => {
    if (new URL(page.url()).pathname !== path) await goto(page, path);
  };
  await goto(page, path);
  await atEveryWidth(page, { path, kind: "page", opener: "" }, visit);

  for (const name of await toolbarButtons(page)) {
    try {
      const button = page.locator("main").getByRole("button", { name, exact: true }).first();
      const seen = await clickAndSee(page, path, links, () => button.click());
      if (seen === "dialog") await visitDialog(page, { path, kind: "dialog", opener: name }, walk);
      await back();
    } catch (e) {
      problems.push(`${path} · ${name}: ${briefly(e)}`);
      await goto(page, path);
    }
  }

  const tables = await page.locator("main table:has(tbody button[aria-haspopup=menu])").count();
  for (let t = 0; t < tables; t++) {
    const trigger = () =>
      page.locator("main table:has(tbody button[aria-haspopup=menu])").nth(t)
        .locator("tbody button[aria-haspopup=menu]").first();
    const menu = page.locator("[role=menu]:visible");
    const openMenu = async () => {
      await trigger().scrollIntoViewIfNeeded();
      await trigger().click();
      return await menu.waitFor({ state: "visible", timeout: 2000 }).then(() => true, () => false);
    };
    const label = `row menu${tables > 1 ? ` ${t + 1}` : ""}`;
    await atEveryWidth(page, { path, kind: "menu", opener: label }, visit, async () => {
      if (await openMenu()) return true;
      problems.push(`${path} · ${label}: the row's ⋮ button opens no menu`);
      return false;
    }, async () => {
      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "hidden", timeout: 2000 }).catch(() => {});
    });
    if (!(await openMenu())) continue;
    const items = await menu.locator("[role^=menuitem]:not(:disabled)").all();
    const names: string[] = [];
    for (const item of items) names.push(await nameOf(item));
    await page.keyboard.press("Escape");
    for (const item of names) {
      try {
        if (!(await openMenu())) break;
        const entry = menu.getByRole("menuitem", { name: item, exact: true })
          .or(menu.getByRole("menuitemcheckbox", { name: item, exact: true })).first();
        const seen = await clickAndSee(page, path, links, () => entry.click());
        if (seen === "dialog") {
          await visitDialog(page, { path, kind: "dialog", opener: `${label} · ${item}` }, walk);
        }
        await back();
      } catch (e) {
        problems.push(`${path} · ${label} · ${item}: ${briefly(e)}`);
        await goto(page, path);
      }
    }
  }
}

/** Walks the pages a visitor sees signed out (the login pages), at every width. */
export async function walkPublicPages(page: Page, visit: Visit) {
  trackRequests(page);
  for (const path of PUBLIC_ROUTES) {
    await goto(page, path);
    await atEveryWidth(page, { path, kind: "page", opener: "" }, visit);
  }
}

/**
 * Walks every page a signed-in user reaches, starting from the route map's parameterless pages;
 * answers the walk's own problems (an opener that failed) and the routes no link led to.
 */
export async function walkScreens(
  page: Page,
  visit: Visit,
  { only }: { only?: RegExp } = {},
): Promise<{ problems: string[]; unreached: string[] }> {
  trackRequests(page);
  const problems: string[] = [];
  const links = new Set<string>();
  const state: WalkState = { visit, problems, links, dialogs: new Set() };
  const walked = new Set<string>();
  const pending = [...SIGNED_IN_ROUTES];
  const walk = async (path: string) => {
    walked.add(path);
    const started = performance.now();
    try {
      // A page left out by `only` is still opened for its links, to the pages it leads to.
      if (only && !only.test(path)) await goto(page, path);
      else await walkPage(page, path, state);
      for (const link of await linksOn(page)) links.add(link);
    } catch (e) {
      problems.push(`${path}: ${briefly(e)}`);
    }
    // A slow page is named as it ends, so a walk cut short on a slow machine says where time went.
    const took = performance.now() - started;
    if (took > SLOW_PAGE_MS) console.error(`[walk] ${path} took ${Math.round(took / 1000)} s`);
  };
  // Pages without parameters first; each walk may bring the links a parameter page needs.
  for (let progress = true; progress && pending.length;) {
    progress = false;
    for (const pattern of [...pending]) {
      const path = pattern.includes(":") ? sampleFor(pattern, links) : pattern;
      if (!path) continue;
      pending.splice(pending.indexOf(pattern), 1);
      progress = true;
      if (!walked.has(path)) await walk(path);
    }
  }
  return { problems, unreached: pending };
}
