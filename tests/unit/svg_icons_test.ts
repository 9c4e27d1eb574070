import assert from "node:assert/strict";
import { svgOfDataUri } from "../../server/assets/svg_icons.ts";
import { assets } from "../../server/assets/mod.ts";

const SVG = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='M0 0'/></svg>";

Deno.test("an SVG data URI's document", async (t) => {
  await t.step("percent-encoded, as Pico writes them", () => {
    assert.equal(svgOfDataUri(`data:image/svg+xml,${encodeURIComponent(SVG)}`), SVG);
    assert.equal(svgOfDataUri(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`), SVG);
  });
  await t.step("base64", () => {
    assert.equal(svgOfDataUri(`data:image/svg+xml;base64,${btoa(SVG)}`), SVG);
  });
  await t.step("anything else fails the build", () => {
    assert.throws(() => svgOfDataUri("data:image/svg+xml,%3Cdiv%3E"), /not an SVG image/);
    assert.throws(() => svgOfDataUri("data:image/svg+xml"), /not a data URI/);
  });
});

Deno.test("the stylesheets draw their SVG icons from files of the bundle", async (t) => {
  const manifest = await assets();
  const text = (url: string) => new TextDecoder().decode(manifest.files.get(url)!.body);
  const sheets = { app: text(manifest.stylesheet), frame: text(manifest.frameStylesheet) };
  const iconUrls = (css: string) =>
    new Set([...css.matchAll(/url\("?(\/assets\/icon-[\w-]+\.svg)"?\)/g)].map((m) => m[1]));

  await t.step("no SVG data: URI is left in either sheet", () => {
    for (const [name, css] of Object.entries(sheets)) {
      assert.doesNotMatch(css, /data:image\/svg/, `${name} carries an SVG data: URI`);
    }
  });

  await t.step("every icon a sheet names is an SVG file of the bundle", () => {
    const urls = new Set([...iconUrls(sheets.app), ...iconUrls(sheets.frame)]);
    // Pico's chevron, date, time, search, close, check, minus and loading icons, and its valid
    // and invalid marks in light and dark.
    assert.ok(urls.size >= 12, `only ${urls.size} icons`);
    for (const url of urls) {
      const file = manifest.files.get(url);
      assert.ok(file, `${url} is not in the bundle`);
      assert.equal(file.type, "image/svg+xml");
      assert.match(text(url), /^<svg[\s>]/);
    }
  });

  await t.step("the frame's sheet shares Pico's files (the same icon, fetched once)", () => {
    const frame = iconUrls(sheets.frame);
    assert.ok(frame.size >= 2, "the chevron and the search glass");
    for (const url of frame) assert.ok(iconUrls(sheets.app).has(url), `${url} is the frame's own`);
  });
});
