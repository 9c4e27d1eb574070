/**
 * The page frame's own sheet (islands/styles/frame.css, issue 20): the header and the page's head
 * (breadcrumbs, heading, summary; issue 37) are laid out and painted from it while the full
 * stylesheet is on its way, so they must look exactly as they do with the full stylesheet, or
 * they would jump when the stylesheet lands. Compares the box
 * and the computed style of every visible element of the header (and of the document around it)
 * with the full stylesheet and with it blocked: light and dark, desktop, tablet and phone width
 * (the phone's menu panel closed and open), an admin's and a client's menu.
 */
import assert from "node:assert/strict";
import type { BrowserContext } from "playwright-core";
import { e2eSuite } from "../harness.ts";

const PROPERTIES = [
  "display",
  "position",
  "top",
  "left",
  "float",
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "padding-top",
  "padding-right",
  "padding-bottom",
  "padding-left",
  "border-top-width",
  "border-right-width",
  "border-bottom-width",
  "border-left-width",
  "border-top-style",
  "border-bottom-style",
  "border-top-color",
  "border-bottom-color",
  "border-top-left-radius",
  "border-top-right-radius",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "color",
  "background-color",
  "background-image",
  "background-position",
  "background-size",
  "text-decoration-line",
  "text-decoration-color",
  "text-underline-offset",
  "box-sizing",
  "align-items",
  "justify-content",
  "flex-wrap",
  "flex-direction",
  "row-gap",
  "column-gap",
  "white-space",
  "vertical-align",
  "text-align",
  "appearance",
  "box-shadow",
  "cursor",
  "transform",
  "content",
  "scrollbar-gutter",
];

/**
 * Box and style of each visible frame element (closed menus' entries are not drawn, nor the
 * phone's closed menu panel).
 */
function frameLook(properties: string[]) {
  const look: Record<string, Record<string, string>> = {};
  const elements = [
    document.documentElement,
    document.body,
    ...document.querySelectorAll(
      ".skip-link, .site-header, .site-header *, main, .breadcrumbs, .breadcrumbs *, .page-head, .page-head *",
    ),
  ].filter((el) => {
    const closedPanel = el.closest("[popover]:not(:popover-open)");
    return !el.closest("details:not([open]) > :not(summary)") &&
      !(closedPanel && getComputedStyle(closedPanel).display === "none") &&
      !["SCRIPT", "OPTION"].includes(el.tagName);
  });
  elements.forEach((el, i) => {
    const entry: Record<string, string> = {};
    if (el !== document.documentElement && el !== document.body) {
      const box = el.getBoundingClientRect();
      // The main column's height is its content's, which the full stylesheet lays out.
      const sides = el.tagName === "MAIN"
        ? [box.x, box.y, box.width]
        : [box.x, box.y, box.width, box.height];
      entry.box = sides.map((n) => n.toFixed(1)).join(" ");
    }
    for (
      const [pseudo, prefix] of [[null, ""], ["::before", "::before "], ["::after", "::after "]]
    ) {
      const style = getComputedStyle(el, pseudo);
      if (pseudo && style.content === "none") continue;
      for (const p of properties) entry[prefix + p] = style.getPropertyValue(p);
    }
    look[`${i} ${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${el.className}`] = entry;
  });
  return look;
}

e2eSuite(
  "[e2e/frame-style] the header and the page's head look the same before the stylesheet",
  async (t, e) => {
    const admin = await e.signedIn(1);
    const client = await e.signedIn(100);
    const cases: [string, BrowserContext, string, "light" | "dark", number][] = [
      ["admin, light, desktop", admin.context, "/routing", "light", 1280],
      ["admin, dark, desktop", admin.context, "/administration/users", "dark", 1280],
      ["admin, light, tablet", admin.context, "/management/dnids", "light", 700],
      ["admin, dark, phone", admin.context, "/routing", "dark", 390],
      ["client, light, phone", client.context, "/", "light", 390],
    ];
    for (const [name, context, path, colorScheme, width] of cases) {
      await t.step(name, async () => {
        const looks = [];
        for (const blocked of [false, true]) {
          const page = await context.newPage();
          try {
            await page.emulateMedia({ colorScheme });
            await page.setViewportSize({ width, height: 800 });
            // Islands do not change the header's look; without them both loads stay still.
            await page.route(/\.js$/, (r) => r.abort());
            if (blocked) await page.route(/\/assets\/app-\w+\.css$/, (r) => r.abort());
            await page.goto(path);
            const look = await page.evaluate(frameLook, PROPERTIES);
            // A phone folds the menu behind its button (a popover, no script needed): open it too.
            const menu = page.getByRole("button", { name: "Menu", exact: true });
            if (await menu.isVisible()) {
              await menu.click();
              const open = await page.evaluate(frameLook, PROPERTIES);
              for (const [element, style] of Object.entries(open)) look[`open ${element}`] = style;
            }
            looks.push(look);
          } finally {
            await page.close();
          }
        }
        const [full, frameOnly] = looks;
        assert.ok(Object.keys(full).length > 20, "the header's elements were found");
        const differences = Object.entries(full).flatMap(([element, style]) =>
          Object.entries(style)
            .filter(([p, value]) => frameOnly[element]?.[p] !== value)
            .map(([p, value]) =>
              `${element} ${p}: ${value} (frame sheet: ${frameOnly[element]?.[p]})`
            )
        );
        assert.deepEqual(differences, []);
      });
    }
  },
);
