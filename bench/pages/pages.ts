/**
 * Section 4 of `deno task bench`, per page of the route map (every parameterless route plus a
 * sample path for each parameter route, bench/samples.ts) signed in as the demo admin, and /login
 * signed out, on the real entry point (main.ts, new DATA_DIR, SEED=auto, so the demo data is there):
 * - the HTML document's size, raw and gzipped on the wire;
 * - the JavaScript a first load transfers (gzip body bytes of every script response, modulepreload
 *   chunks included, until the network is idle) in a fresh browser context with an empty cache;
 * - Lighthouse's mobile and desktop audits (bench/pages/lighthouse.ts), the page yardstick of issue 37.
 * First contentful paint against a static baseline page (issue 20's 1.5x yardstick) is retired
 * from the section; its helpers (`startBaseline`, `interleavedPaints`, `medianPaint`,
 * `startStatic`) stay for bench/pages/compare_pages.ts and bench/pages/paint_floor.ts, which tell two builds,
 * or a page's parts, apart on first paint.
 */
import { request } from "node:http";
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "../../tests/e2e/harness.ts";
import { CONFIG_VARIABLES, DEFAULT_DEMO_PASSWORD } from "../../server/config.ts";
import { freePort, Proc, waitFor200 } from "../servers.ts";
import { pagePaths } from "../samples.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import type { InteractionsResult } from "./interactions.ts";

/** Budget from issue 16: JavaScript on a first load. Lighthouse's are in bench/pages/lighthouse.ts. */
const BUDGETS = { jsGzipBytes: 100 * 1024 };

const ADMIN = "admin@demo.test";
const FCP_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 120_000;

export interface PageResult {
  /** The path requested. */
  path: string;
  signedIn: boolean;
  /** HTTP status of the document, and the path the browser ended on (redirects). */
  status: number;
  finalPath: string;
  htmlBytes: number;
  htmlGzipBytes: number;
  /** Script responses of the first load: their count, gzip body bytes and decoded bytes. */
  scripts: number;
  jsGzipBytes: number;
  jsBytes: number;
  /** The budgets this page exceeds: "js". */
  over: string[];
}

export interface PagesResult {
  chromium: string;
  budgets: typeof BUDGETS;
  routes: PageResult[];
  summary: {
    maxJsGzipBytes: number;
    maxJsPath: string;
    overJs: number;
  };
  /** Interactions on the throttled profile (bench/pages/interactions.ts), or the error that stopped it. */
  interactions?: InteractionsResult | { error: string };
  /** Lighthouse on the same portal, or the error that stopped it. */
  lighthouse?: LighthouseResult | { error: string };
  /** Spawn of main.ts until /health answered 200 (migration and demo seeding included). */
  serverStartMs: number;
  elapsedMs: number;
}

export const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Body bytes as they come off the socket (node:http does not decompress, unlike fetch). */
function bodyBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, timeout: 30_000 }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Uint8Array) => bytes += chunk.length);
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: res.headers["content-encoding"] as string | undefined,
        }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url}: timed out`)));
    req.on("error", reject);
    req.end();
  });
}

async function htmlSizes(url: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const raw = await bodyBytes(url, { ...headers, "accept-encoding": "identity" });
  const gz = await bodyBytes(url, { ...headers, "accept-encoding": "gzip" });
  if (raw.encoding) throw new Error(`${url}: encoded (${raw.encoding}) without being asked to`);
  return { status: raw.status, htmlBytes: raw.bytes, htmlGzipBytes: gz.bytes };
}

interface Paint {
  fcp: number | null;
  ttfb: number | null;
}

export interface Target {
  path: string;
  url: string;
  signedIn: boolean;
}

/** A browser context with an empty cache, signed in when `cookie` is given. */
async function freshContext(browser: Browser, target: Target, cookie?: string) {
  const context = await browser.newContext();
  if (target.signedIn && cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: new URL(target.url).origin }]);
  }
  return context;
}

async function closeQuietly(context: BrowserContext) {
  await context.close().catch(() => {});
}

/** The first load's script transfer, counted through CDP until the network is idle. */
async function firstLoad(browser: Browser, target: Target, cookie?: string) {
  const context = await freshContext(browser, target, cookie);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Map<string, { headers: number; body?: number; decoded: number }>();
    const failed: string[] = [];
    cdp.on("Network.responseReceived", (e) => {
      const js = e.type === "Script" || /javascript|ecmascript/.test(e.response.mimeType);
      if (js && !e.response.url.startsWith("data:")) {
        scripts.set(e.requestId, { headers: e.response.encodedDataLength, decoded: 0 });
      }
    });
    cdp.on("Network.dataReceived", (e) => {
      const s = scripts.get(e.requestId);
      if (s) s.decoded += e.dataLength;
    });
    cdp.on("Network.loadingFinished", (e) => {
      const s = scripts.get(e.requestId);
      // encodedDataLength counts the response headers too; the body is what follows them.
      if (s) s.body = e.encodedDataLength - s.headers;
    });
    cdp.on("Network.loadingFailed", (e) => {
      if (scripts.has(e.requestId)) failed.push(`${e.errorText}`);
    });
    // Not "networkidle": the tab's event stream stays open. Scripts asked for after the load
    // (island chunks) are awaited: until none has started for 300 ms, and each has finished.
    const response = await page.goto(target.url, { waitUntil: "load", timeout: 60_000 });
    for (let seen = -1; seen !== scripts.size;) {
      seen = scripts.size;
      await page.waitForTimeout(300);
    }
    const pending = () => [...scripts.values()].filter((s) => s.body === undefined).length;
    for (let i = 0; i < 100 && pending() > failed.length; i++) await page.waitForTimeout(20);
    if (failed.length) throw new Error(`${target.path}: script failed to load: ${failed[0]}`);
    if (pending()) throw new Error(`${target.path}: a script response never finished`);
    const all = [...scripts.values()];
    return {
      status: response?.status() ?? 0,
      finalPath: new URL(page.url()).pathname,
      scripts: all.length,
      jsGzipBytes: all.reduce((n, s) => n + s.body!, 0),
      jsBytes: all.reduce((n, s) => n + s.decoded, 0),
    };
  } finally {
    await closeQuietly(context);
  }
}

/**
 * One load in a fresh context: first contentful paint (null if nothing painted in time) and,
 * to tell server time from browser time, when the document's first byte arrived.
 */
async function paintRun(browser: Browser, target: Target, cookie?: string): Promise<Paint> {
  const context = await freshContext(browser, target, cookie);
  try {
    const page = await context.newPage();
    await page.goto(target.url, { waitUntil: "load", timeout: 60_000 });
    return await page.evaluate((timeoutMs) =>
      new Promise<Paint>((resolve) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const done = (fcp: number | null) => resolve({ fcp, ttfb: nav?.responseStart ?? null });
        const name = "first-contentful-paint";
        const seen = performance.getEntriesByName(name)[0];
        if (seen) return done(seen.startTime);
        new PerformanceObserver((list) => {
          const e = list.getEntriesByName(name)[0];
          if (e) done(e.startTime);
        }).observe({ type: "paint", buffered: true });
        setTimeout(() => done(null), timeoutMs);
      }), FCP_TIMEOUT_MS);
  } finally {
    await closeQuietly(context);
  }
}

const BASELINE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title>
</head>
<body>
<h1>Baseline</h1>
<p>A static page with one heading and a paragraph, and no scripts.</p>
</body>
</html>
`;

/** A static file of `startStatic`: its content type and body. */
interface StaticFile {
  type: string;
  body: string;
}

/**
 * A bare Deno.serve in its own process, on a port the OS picks, answering each path of `files`
 * with that file (no compression, no caching headers) and anything else with 404.
 */
export async function startStatic(
  files: Record<string, StaticFile>,
): Promise<{ proc: Proc; port: number }> {
  // The files travel in a temporary file: a page and a stylesheet exceed an argument's size limit.
  const path = await Deno.makeTempFile({ prefix: "portal-bench-static-", suffix: ".json" });
  await Deno.writeTextFile(path, JSON.stringify(files));
  const child = new URL("../child.ts", import.meta.url).href;
  const code = `import { serveForBench } from ${JSON.stringify(child)};
const files = JSON.parse(Deno.readTextFileSync(${JSON.stringify(path)}));
serveForBench((req) => {
  const file = files[new URL(req.url).pathname];
  return file
    ? new Response(file.body, { headers: { "content-type": file.type } })
    : new Response("not found", { status: 404 });
});`;
  const proc = new Proc(["eval", code]);
  try {
    const [, json] = await proc.waitForLine(/^READY (\{.*\})$/, 30_000);
    return { proc, port: JSON.parse(json).port };
  } catch (e) {
    await proc.stop();
    throw e;
  } finally {
    await Deno.remove(path);
  }
}

export const HTML_TYPE = "text/html; charset=utf-8";

/** The baseline server (the static page at `/`) and the target that loads it. */
export async function startBaseline(): Promise<{ proc: Proc; target: Target }> {
  const { proc, port } = await startStatic({ "/": { type: HTML_TYPE, body: BASELINE_HTML } });
  return { proc, target: { path: "baseline", url: `http://127.0.0.1:${port}/`, signedIn: false } };
}

/**
 * Loads every target once per round, in order, each in a fresh context (`cookieFor` signs a
 * target in), so a slow moment of a noisy machine hits them all alike. One round more than asked
 * warms every page on its server and is not counted. Returns each target's paints.
 */
export async function interleavedPaints<T extends Target>(
  browser: Browser,
  targets: T[],
  rounds: number,
  cookieFor: (t: T) => string | undefined = () => undefined,
): Promise<Map<T, Paint[]>> {
  const paints = new Map<T, Paint[]>(targets.map((t) => [t, []]));
  for (let round = 0; round <= rounds; round++) {
    for (const t of targets) {
      const paint = await paintRun(browser, t, cookieFor(t));
      if (round > 0) paints.get(t)!.push(paint);
    }
  }
  return paints;
}

/** The median of one measure over a target's paints (loads that never painted left out). */
export const medianPaint = (paints: Paint[], key: keyof Paint): number =>
  median(paints.map((p) => p[key]).filter((x): x is number => x !== null));

/** main.ts on a new DATA_DIR with SEED=auto: migrated, demo data seeded, production settings. */
export async function startPortal(
  dataDir: string,
): Promise<{ proc: Proc; port: number; ms: number }> {
  const port = freePort();
  // Blank every config variable the bench's own environment may hold (empty counts as unset).
  const env: Record<string, string> = Object.fromEntries(CONFIG_VARIABLES.map((k) => [k, ""]));
  Object.assign(env, { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED: "auto" });
  const t0 = performance.now();
  const proc = new Proc(["run", "-A", "main.ts"], env);
  try {
    if (!await waitFor200(`http://127.0.0.1:${port}/health`, proc, START_TIMEOUT_MS)) {
      throw proc.failure(proc.running ? "/health did not answer 200 in time" : "exited");
    }
    const ms = performance.now() - t0;
    const ready = await proc.waitForLine(/Portal ready in/, 2_000);
    if (!ready.input?.includes("demo data seeded")) throw proc.failure("demo data not seeded");
    return { proc, port, ms };
  } catch (e) {
    await proc.stop();
    throw e;
  }
}

/** Signs in as the demo admin through the REST login; returns the `name=value` session cookie. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/rest/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: ADMIN, password: DEFAULT_DEMO_PASSWORD, remember: false }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${body}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0])
    .find((c) => c.startsWith("portal_session="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

/**
 * HTML and first-load JavaScript of every page; then `lighthouse`, when given, runs against the
 * same portal (base URL and the demo admin's session cookie) after the browser here has closed.
 */
export async function measurePages(
  progress: (msg: string) => void = () => {},
  lighthouse?: (base: string, cookie: string) => Promise<LighthouseResult>,
  interactions?: (browser: Browser, base: string, cookie: string) => Promise<InteractionsResult>,
): Promise<PagesResult> {
  const t0 = performance.now();
  const dataDir = await Deno.makeTempDir({ prefix: "portal-bench-pages-" });
  const stops: (() => Promise<unknown>)[] = [
    () => Deno.remove(dataDir, { recursive: true }),
  ];
  try {
    progress("pages: starting main.ts (new DATA_DIR, demo data)");
    const portal = await startPortal(dataDir);
    stops.unshift(() => portal.proc.stop());
    const base = `http://127.0.0.1:${portal.port}`;
    const cookie = await signIn(base);
    const browser = await launchChromium();
    const closeBrowser = () => browser.close();
    stops.unshift(closeBrowser);
    const chromium = browser.version();

    const targets: Target[] = pagePaths().map((p) => ({ ...p, url: base + encodeURI(p.path) }));
    progress(`pages: HTML and first loads of ${targets.length} routes`);
    const routes: PageResult[] = [];
    for (const t of targets) {
      const size = await htmlSizes(t.url, t.signedIn ? cookie : undefined);
      const load = await firstLoad(browser, t, cookie);
      routes.push({
        path: t.path,
        signedIn: t.signedIn,
        ...load,
        htmlBytes: size.htmlBytes,
        htmlGzipBytes: size.htmlGzipBytes,
        over: load.jsGzipBytes > BUDGETS.jsGzipBytes ? ["js"] : [],
      });
    }
    if (interactions) progress("pages: interactions on the throttled profile");
    const inp = interactions && await interactions(browser, base, cookie).catch((e) => {
      const error = e instanceof Error ? e.message : String(e);
      progress(`pages: interactions failed: ${error}`);
      return { error };
    });
    // One browser at a time: Lighthouse starts its own.
    await closeBrowser();
    stops.splice(stops.indexOf(closeBrowser), 1);
    const audits = lighthouse && await lighthouse(base, cookie).catch((e) => {
      const error = e instanceof Error ? e.message : String(e);
      progress(`pages: Lighthouse failed: ${error}`);
      return { error };
    });

    const maxJs = routes.reduce((a, b) => (b.jsGzipBytes > a.jsGzipBytes ? b : a));
    return {
      chromium,
      budgets: BUDGETS,
      routes,
      summary: {
        maxJsGzipBytes: maxJs.jsGzipBytes,
        maxJsPath: maxJs.path,
        overJs: routes.filter((r) => r.over.includes("js")).length,
      },
      ...(inp ? { interactions: inp } : {}),
      ...(audits ? { lighthouse: audits } : {}),
      serverStartMs: portal.ms,
      elapsedMs: performance.now() - t0,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => {});
  }
}
