import assert from "node:assert/strict";
import { floorVariants } from "../../bench/pages/paint_floor.ts";
import { FRAME_END, htmlDocument } from "../../server/pages/document.ts";

// A document as the server renders a page with the frame: its header, then the full stylesheet.
const header =
  `<header id="site-header"><nav><ul><li><a class="brand" href="/">Portal</a></li></ul>` +
  `<ul id="nav"><li><details class="dropdown"><summary>Menu</summary></details></li></ul></nav></header>`;
const html = htmlDocument({
  title: "Users",
  header,
  body: `<main id="main"><h1>Users</h1></main>`,
  layout: "app",
  userId: "u@x.test",
  manifest: {
    files: new Map(),
    entry: "/assets/main-X.js",
    stylesheet: "/assets/app-X.css",
    frameStylesheet: "/assets/frame-X.css",
  },
  frameStyle: { css: ".site-header{display:flex}", source: "'sha256-x'" },
});

Deno.test("the paint floor's copies of a page", async (t) => {
  const copies = Object.fromEntries(floorVariants(html).map((v) => [v.name, v.html]));
  assert.deepEqual(Object.keys(copies), ["brand", "header", "header+sheet", "page"]);

  await t.step("none runs a script; each keeps the frame's inline sheet", () => {
    for (const copy of Object.values(copies)) {
      assert.doesNotMatch(copy, /<script/);
      assert.match(copy, /<style>\.site-header\{display:flex\}<\/style>/);
      assert.match(copy, /<\/body>\s*<\/html>\s*$/);
    }
  });

  await t.step("each holds one step more of the page", () => {
    assert.match(copies.brand, /class="brand"[^]*<\/ul><\/nav><\/header>\s*<\/body>/);
    assert.doesNotMatch(copies.brand, /id="nav"/);
    assert.ok(copies.header.includes(header) && !copies.header.includes(FRAME_END));
    assert.match(
      copies["header+sheet"],
      /<link rel="stylesheet" href="\/assets\/app-X.css" id="frame-end">\s*<\/body>/,
    );
    assert.doesNotMatch(copies["header+sheet"], /<main/);
    assert.match(copies.page, /<main id="main"><h1>Users<\/h1><\/main>/);
  });

  await t.step("the render-blocking expect link stays only where its element is", () => {
    assert.doesNotMatch(copies.brand + copies.header, /rel="expect"/);
    assert.match(copies["header+sheet"], /rel="expect" href="#frame-end"/);
    assert.match(copies.page, /rel="expect" href="#frame-end"/);
  });

  await t.step("a bare page (no frame) is refused", () => {
    assert.throws(
      () => floorVariants("<!doctype html><body><main></main></body>"),
      /not a page with the frame/,
    );
  });
});
