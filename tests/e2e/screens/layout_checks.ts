/**
 * What every screen must hold at every width (docs/architecture.md, "Screens"): the document no
 * wider than the viewport; a dialog opened at its top, its buttons inside it on one row with the
 * primary last and none stretched; every row's actions reachable without sideways scrolling; a
 * menu inside the viewport with one item highlighted; a picker closed off its dialog's buttons
 * after a pick; no script error or failed request; no serious or critical axe violation.
 * Each check answers the problems it sees, as sentences, rather than throwing on the first.
 */
import type { Locator, Page } from "playwright-core";
import { axeViolations, formatViolations } from "../axe.ts";
import { painted } from "../page_helpers.ts";
import type { Screen } from "./walk.ts";

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The document scrolls sideways: wider than the viewport. */
async function documentTooWide(page: Page): Promise<string[]> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth + 1
    ? [`the document is ${scrollWidth} px wide in a ${clientWidth} px viewport`]
    : [];
}

/** Every table's first row's ⋮ button lies in the viewport and in its table's scroll box. */
async function rowActionsOffScreen(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const out: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const tables = document.querySelectorAll("main table");
    tables.forEach((table, i) => {
      const button = table.querySelector<HTMLElement>("tbody button[aria-haspopup=menu]");
      if (!button) return;
      const r = button.getBoundingClientRect();
      let box: Element | null = button.parentElement;
      while (box && box !== document.body) {
        const o = getComputedStyle(box).overflowX;
        if (o === "auto" || o === "scroll" || o === "hidden") break;
        box = box.parentElement;
      }
      const clip = box && box !== document.body
        ? box.getBoundingClientRect()
        : { left: 0, right: viewport };
      const left = Math.max(0, clip.left), right = Math.min(viewport, clip.right);
      if (r.left < left - 1 || r.right > right + 1) {
        out.push(
          `table ${i + 1}: the row actions (⋮) sit at ${Math.round(r.left)}–${
            Math.round(r.right)
          } px, outside the visible ${Math.round(left)}–${Math.round(right)} px`,
        );
      }
    });
    return out;
  });
}

/** The open dialog: at its top, inside the viewport, its footer's buttons in one proper row. */
async function dialogProblems(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const out: string[] = [];
    const dialog = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")].pop();
    if (!dialog) return ["no dialog is open"];
    const article = dialog.querySelector<HTMLElement>(":scope > article") ?? dialog;
    const box = article.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    if (box.left < -1 || box.right > viewport + 1) {
      out.push(`the dialog spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
    }
    if (dialog.scrollTop > 0 || article.scrollTop > 0) {
      out.push(`the dialog opened scrolled down by ${dialog.scrollTop + article.scrollTop} px`);
    }
    const footers = [...article.querySelectorAll("footer")]
      .filter((f) => f.closest("dialog") === dialog && f.getClientRects().length);
    const buttons = footers.flatMap((f) => [...f.querySelectorAll<HTMLButtonElement>("button")])
      .filter((b) => b.getClientRects().length);
    if (!buttons.length) return [...out, "the dialog has no buttons in a footer"];
    const rects = buttons.map((b) => b.getBoundingClientRect());
    const name = (b: HTMLButtonElement) =>
      (b.getAttribute("aria-label") ?? b.textContent ?? "").trim();
    buttons.forEach((b, i) => {
      const r = rects[i];
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1) {
        out.push(`'${name(b)}' lies outside the dialog`);
      }
      if (buttons.length > 1 && r.width > box.width * 0.6) {
        out.push(
          `'${name(b)}' is stretched (${Math.round(r.width)} of ${Math.round(box.width)} px)`,
        );
      }
    });
    const tops = rects.map((r) => Math.round(r.top));
    if (Math.max(...tops) - Math.min(...tops) > 2) {
      out.push(`the buttons are not on one row: ${buttons.map(name).join(", ")}`);
    }
    // The documented order: secondary actions and Cancel first, the primary action last.
    const primary = buttons.filter((b) =>
      b.type === "submit" || !b.matches(".secondary, .outline, .contrast")
    );
    const rightmost = buttons[rects.reduce((m, r, i) => r.right > rects[m].right ? i : m, 0)];
    if (primary.length && !primary.includes(rightmost)) {
      out.push(
        `the primary '${name(primary[0])}' is not the last button ('${name(rightmost)}' is)`,
      );
    }
    return out;
  });
}

/**
 * Whether the picker's list, once it has answered, offers an option to pick. A list that does not
 * open (the picker wants typing first) answers no at once; an open one is waited for until it
 * shows options or a note other than "Searching…" (the kit's MultiSelect), not for a fixed time.
 */
async function listOffers(page: Page, picker: Locator): Promise<boolean> {
  await painted(page);
  if (await picker.getAttribute("aria-expanded") !== "true") return false;
  const id = await picker.getAttribute("aria-controls");
  const list = id ? page.locator(`[id="${id}"]`) : page.locator("[role=listbox]:visible").first();
  await list.locator("[role=option]").filter({ hasNotText: "Searching…" }).first()
    .waitFor({ timeout: 5000 }).catch(() => {});
  return await list.locator("[role=option]:visible:not([aria-disabled=true])").count() > 0;
}

/** After a pick in each of the dialog's pickers, no open list or menu covers its buttons. */
async function pickerCoversButtons(page: Page): Promise<string[]> {
  const out: string[] = [];
  const dialog = page.locator("dialog[open]").last();
  const pickers = await dialog.locator("[role=combobox]:visible:not(select)").all();
  for (const picker of pickers) {
    if (!(await picker.isEditable().catch(() => false))) continue;
    const label = await picker.getAttribute("aria-label") ??
      await picker.evaluate((e) => (e as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? "");
    const clicked = await picker.click({ timeout: 3000 }).then(() => "", (e: Error) => {
      const log = e.message.split("\n").map((l) => l.trim()).filter((l) => l.startsWith("- "));
      return log.at(-1) ?? e.message.split("\n")[0];
    });
    if (clicked) {
      out.push(`the picker '${label}' cannot be clicked: ${clicked}`);
      continue;
    }
    let shown = await listOffers(page, picker);
    if (!shown) {
      await picker.press("ArrowDown");
      shown = await listOffers(page, picker);
    }
    if (!shown) continue;
    const option = page.locator("[role=option]:visible:not([aria-disabled=true])").first();
    await option.click();
    await painted(page);
    const boxes = await page.evaluate(() => {
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width };
      };
      const dialog = [...document.querySelectorAll("dialog[open]")].pop()!;
      const open = [...document.querySelectorAll("[role=listbox], [role=menu]")]
        .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
        .map(box);
      const buttons = [...dialog.querySelectorAll("footer button")]
        .filter((e) => e.getClientRects().length)
        .map((e) => ({ name: (e.textContent ?? "").trim(), box: box(e) }));
      return { open, buttons };
    });
    for (const list of boxes.open as Box[]) {
      for (const b of boxes.buttons as { name: string; box: Box }[]) {
        if (overlaps(list, b.box)) {
          out.push(`after a pick in '${label}', its list covers '${b.name}'`);
        }
      }
    }
    if (boxes.open.length) await picker.press("Escape").catch(() => {});
  }
  return out;
}

/** The open menu lies in the viewport and, with the pointer on one item, shows one highlighted. */
async function menuProblems(page: Page): Promise<string[]> {
  const menu = page.locator("[role=menu]:visible").first();
  const items = await menu.locator("[role^=menuitem]:not(:disabled)").all();
  if (items.length > 1) await items[items.length - 1].hover();
  await painted(page);
  return await menu.evaluate((m) => {
    const out: string[] = [];
    const r = m.getBoundingClientRect();
    const { clientWidth, clientHeight } = document.documentElement;
    if (r.left < 0 || r.right > clientWidth + 1 || r.top < 0 || r.bottom > clientHeight + 1) {
      out.push(
        `the menu spans ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${
          Math.round(r.bottom)
        }, outside the ${clientWidth}×${clientHeight} viewport`,
      );
    }
    const looks = (e: Element) => {
      const s = getComputedStyle(e);
      return `${s.backgroundColor}|${s.color}|${s.outlineStyle}|${s.boxShadow}`;
    };
    const items = [...m.querySelectorAll("[role^=menuitem]")];
    const counts = new Map<string, number>();
    for (const i of items) counts.set(looks(i), (counts.get(looks(i)) ?? 0) + 1);
    const plain = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const highlighted = items.filter((i) =>
      looks(i) !== plain && !(i as HTMLButtonElement).disabled
    );
    if (highlighted.length > 1) {
      out.push(
        `${highlighted.length} items look highlighted at once: ${
          highlighted.map((i) => i.textContent?.trim()).join(", ")
        }`,
      );
    }
    return out;
  });
}

/** A page's script errors, React warnings and failed requests, gathered between two screens. */
export function watchErrors(page: Page) {
  let seen: string[] = [];
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" && !text.startsWith("Failed to load resource")) {
      seen.push(`console error: ${text.slice(0, 300)}`);
    } else if (m.type() === "warning" && /React|Warning:/.test(text)) {
      seen.push(`React warning: ${text.slice(0, 300)}`);
    }
  });
  page.on("pageerror", (e) => seen.push(`script error: ${e.message.slice(0, 300)}`));
  page.on("requestfailed", (r) => {
    // A navigation or a reload cancels what the page had in flight: not a failure.
    if (r.failure()?.errorText === "net::ERR_ABORTED") return;
    seen.push(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on("response", (r) => {
    const url = new URL(r.url());
    // The error page answers with the status it shows; an action the state refuses (409, its
    // message shown to the user) is the product's answer, not a failure.
    const refused = r.status() === 409 && r.request().method() !== "GET";
    if (r.status() >= 400 && !url.pathname.startsWith("/error/") && !refused) {
      seen.push(`${r.status()} from ${r.request().method()} ${url.pathname}${url.search}`);
    }
  });
  return {
    /** What was seen since the last call. */
    take(): string[] {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

/** Every check that applies to `screen`, with its problems prefixed by what it checked. */
export async function layoutProblems(
  page: Page,
  screen: Screen,
  errors: { take(): string[] },
): Promise<string[]> {
  const problems = [...await documentTooWide(page)];
  if (screen.kind === "page") problems.push(...await rowActionsOffScreen(page));
  if (screen.kind === "dialog") {
    problems.push(...await dialogProblems(page), ...await pickerCoversButtons(page));
  }
  if (screen.kind === "menu") problems.push(...await menuProblems(page));
  // A dialog or menu is checked on its own: the page under it was checked as a page.
  const within = { page: undefined, dialog: "dialog[open]", menu: "[role=menu]" }[
    screen.kind
  ];
  // A table's first 20 rows stand for the rest (the layout checks above still see every row).
  const violations = await axeViolations(page, within, { rows: 20 });
  if (violations.length) problems.push(`axe: ${formatViolations(violations)}`);
  problems.push(...errors.take());
  return problems;
}
