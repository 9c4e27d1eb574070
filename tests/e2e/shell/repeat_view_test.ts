/**
 * Repeat views (issue 20): the bundle's files are named by their content and served with
 * `immutable` caching, so once a browser has loaded the portal's pages, loading them again
 * transfers no JavaScript or CSS — every script, stylesheet and stylesheet icon comes from its
 * cache, whatever island chunks the page needs. Counted through the DevTools protocol, as the
 * page bench does.
 */
import assert from "node:assert/strict";
import type { CDPSession, Page } from "playwright-core";
import { e2eSuite, hydrated } from "../harness.ts";
import { ROUTES } from "../../../routes/mod.ts";

const PAGES = ROUTES.filter((r) => !r.pattern.includes(":") && !r.public).map((r) => r.pattern);

/**
 * Scripts, stylesheets and the stylesheets' icons (files of the bundle, server/assets/svg_icons.ts)
 * fetched over the network (not from a cache), with their bytes.
 */
function networkAssets(cdp: CDPSession) {
  const fetched = new Map<string, { url: string; bytes?: number; cached: boolean }>();
  cdp.on("Network.responseReceived", (e) => {
    const icon = e.type === "Image" && new URL(e.response.url).pathname.startsWith("/assets/");
    if (e.type !== "Script" && e.type !== "Stylesheet" && !icon) return;
    fetched.set(e.requestId, {
      url: new URL(e.response.url).pathname,
      cached: Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache),
    });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const f = fetched.get(e.requestId);
    if (f) f.cached = true;
  });
  // A response from the memory cache finishes with no bytes received (not even headers).
  cdp.on("Network.loadingFinished", (e) => {
    const f = fetched.get(e.requestId);
    if (f) f.bytes = e.encodedDataLength;
  });
  return {
    /** What came over the network since the last call. */
    take() {
      const over = [...fetched.values()].filter((f) => !f.cached && f.bytes !== 0);
      fetched.clear();
      return over;
    },
  };
}

/** Visits every page and waits for its islands, so every chunk it needs has been asked for. */
async function visitAll(page: Page) {
  for (const path of PAGES) {
    await page.goto(path);
    await hydrated(page);
    // Not "networkidle": the tab's event stream stays open (islands/runtime/live.ts).
    await page.waitForLoadState("load");
  }
}

e2eSuite("[e2e/repeat-view]", async (t, e) => {
  // Signed in, then a new context with the session's cookie: its cache starts empty.
  const signedIn = await e.signedIn(0);
  const context = await e.browser.newContext({
    baseURL: e.baseUrl,
    storageState: await signedIn.context.storageState(),
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const assets = networkAssets(cdp);

    await t.step(
      "a first visit of every page loads the runtime, chunks, stylesheet and its icons",
      async () => {
        await visitAll(page);
        const first = assets.take();
        assert.ok(first.some((f) => /\/assets\/main-\w+\.js$/.test(f.url)), "the runtime");
        assert.ok(first.some((f) => /\/assets\/app-\w+\.css$/.test(f.url)), "the stylesheet");
        assert.ok(first.some((f) => /\/assets\/icon-[\w-]+\.svg$/.test(f.url)), "its icons");
        assert.ok(first.filter((f) => /\/assets\/c-\w+\.js$/.test(f.url)).length > 10, "chunks");
        assert.ok(first.reduce((n, f) => n + (f.bytes ?? 0), 0) > 100_000);
      },
    );

    await t.step(
      `visiting the ${PAGES.length} pages again transfers no JavaScript, CSS or icon`,
      async () => {
        await visitAll(page);
        assert.deepEqual(assets.take().map((f) => `${f.url} (${f.bytes} B)`), []);
      },
    );
  } finally {
    await context.close();
  }
});
