/**
 * Per-route page metrics: for every parameterless route of the route map (plus sample paths for
 * the parameter routes) signed in as the demo admin, and /login signed out, on the real entry
 * point (main.ts, new DATA_DIR, SEED=auto, so the demo data is there):
 * - the HTML document's size, raw and gzipped on the wire;
 * - the JavaScript a first load transfers (gzip body bytes of every script response, modulepreload
 *   chunks included, until the network is idle) in a fresh browser context with an empty cache;
 * - first contentful paint in headless Chromium over loopback, median of several fresh contexts.
 * The baseline is a static page (one heading, one paragraph, no scripts) served by a bare
 * Deno.serve, loaded right before every load of every route: each route's ratio is its median
 * against the median of its own baseline loads, taken at the same moments, so a busy spell on a
 * shared machine weighs on both sides of the ratio rather than on a few routes.
 */
import { request } from "node:http";
import type { Browser, BrowserContext } from "playwright-core";
import { launchChromium } from "../tests/e2e/harness.ts";
import { CONFIG_VARIABLES, DEFAULT_DEMO_PASSWORD } from "../server/config.ts";
import { freePort, Proc, waitFor200 } from "./servers.ts";
import { pagePaths } from "./samples.ts";

/**
 * Budgets from the issues: JavaScript on a first load (issue 16), and first contentful paint
 * within 1.5x of the static baseline's in the same run (issue 20).
 */
const BUDGETS = { jsGzipBytes: 100 * 1024, fcpRatio: 1.5 };

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
  /** First contentful paint of each counted run (null: no paint within the timeout). */
  fcpMs: (number | null)[];
  fcpMedianMs: number;
  /** The document's first byte (navigation responseStart) in the same runs, and its median. */
  ttfbMs: (number | null)[];
  ttfbMedianMs: number;
  /** The median first contentful paint of the baseline loads paired with this page's. */
  baselineFcpMedianMs: number;
  /** fcpMedianMs / baselineFcpMedianMs. */
  fcpRatio: number;
  /** The budgets this page exceeds: "js", "fcp". */
  over: string[];
}

export interface PagesResult {
  chromium: string;
  runs: number;
  budgets: typeof BUDGETS;
  baseline: PageResult;
  routes: PageResult[];
  summary: {
    maxJsGzipBytes: number;
    maxJsPath: string;
    maxFcpMs: number;
    maxFcpPath: string;
    overBudget: number;
    overJs: number;
    overFcp: number;
  };
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
    const response = await page.goto(target.url, { waitUntil: "networkidle", timeout: 60_000 });
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
  const child = new URL("./child.ts", import.meta.url).href;
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
async function startPortal(dataDir: string): Promise<{ proc: Proc; port: number; ms: number }> {
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

export async function measurePages(
  runs: number,
  progress: (msg: string) => void = () => {},
): Promise<PagesResult> {
  const t0 = performance.now();
  const dataDir = await Deno.makeTempDir({ prefix: "portal-bench-pages-" });
  const stops: (() => Promise<unknown>)[] = [
    () => Deno.remove(dataDir, { recursive: true }),
  ];
  try {
    progress("pages: starting main.ts (new DATA_DIR, demo data) and the static baseline");
    const baselineServer = await startBaseline();
    stops.unshift(() => baselineServer.proc.stop());
    const portal = await startPortal(dataDir);
    stops.unshift(() => portal.proc.stop());
    const base = `http://127.0.0.1:${portal.port}`;
    const cookie = await signIn(base);
    const browser = await launchChromium();
    stops.unshift(() => browser.close());

    const baselineTarget = baselineServer.target;
    const targets: Target[] = [
      baselineTarget,
      ...pagePaths().map((p) => ({ ...p, url: base + encodeURI(p.path) })),
    ];

    // First loads (also warming each route on the server), then the timed rounds: every round
    // visits every route once, each right after a load of the baseline.
    const loads = new Map<Target, Awaited<ReturnType<typeof firstLoad>>>();
    const sizes = new Map<Target, Awaited<ReturnType<typeof htmlSizes>>>();
    progress(`pages: first loads of ${targets.length - 1} routes and the baseline`);
    for (const t of targets) {
      sizes.set(t, await htmlSizes(t.url, t.signedIn ? cookie : undefined));
      loads.set(t, await firstLoad(browser, t, cookie));
    }
    const routeTargets = targets.slice(1);
    const paints = new Map<Target, Paint[]>(targets.map((t) => [t, []]));
    const pairedBaseline = new Map<Target, Paint[]>(routeTargets.map((t) => [t, []]));
    for (let round = 1; round <= runs; round++) {
      progress(`pages: first contentful paint, round ${round} of ${runs}`);
      for (const t of routeTargets) {
        const base = await paintRun(browser, baselineTarget, cookie);
        paints.get(baselineTarget)!.push(base);
        pairedBaseline.get(t)!.push(base);
        paints.get(t)!.push(await paintRun(browser, t, cookie));
      }
    }

    const medianOf = (xs: (number | null)[]) => median(xs.filter((x) => x !== null));
    const result = (t: Target): PageResult => {
      const size = sizes.get(t)!, load = loads.get(t)!;
      const fcp = paints.get(t)!.map((p) => p.fcp), ttfb = paints.get(t)!.map((p) => p.ttfb);
      const fcpMedianMs = medianOf(fcp);
      const baselineFcpMedianMs = medianOf(
        (pairedBaseline.get(t) ?? paints.get(t)!).map((p) => p.fcp),
      );
      const over = [
        ...(load.jsGzipBytes > BUDGETS.jsGzipBytes ? ["js"] : []),
        ...(!(fcpMedianMs <= BUDGETS.fcpRatio * baselineFcpMedianMs) ? ["fcp"] : []),
      ];
      return {
        path: t.path,
        signedIn: t.signedIn,
        status: load.status,
        finalPath: load.finalPath,
        htmlBytes: size.htmlBytes,
        htmlGzipBytes: size.htmlGzipBytes,
        scripts: load.scripts,
        jsGzipBytes: load.jsGzipBytes,
        jsBytes: load.jsBytes,
        fcpMs: fcp,
        fcpMedianMs,
        ttfbMs: ttfb,
        ttfbMedianMs: medianOf(ttfb),
        baselineFcpMedianMs,
        fcpRatio: fcpMedianMs / baselineFcpMedianMs,
        over,
      };
    };
    const routes = routeTargets.map(result);
    const maxBy = (f: (r: PageResult) => number) =>
      routes.reduce((a, b) => (f(b) > f(a) || !Number.isFinite(f(a)) ? b : a));
    const maxJs = maxBy((r) => r.jsGzipBytes), maxFcp = maxBy((r) => r.fcpMedianMs);
    return {
      chromium: browser.version(),
      runs,
      budgets: BUDGETS,
      baseline: result(baselineTarget),
      routes,
      summary: {
        maxJsGzipBytes: maxJs.jsGzipBytes,
        maxJsPath: maxJs.path,
        maxFcpMs: maxFcp.fcpMedianMs,
        maxFcpPath: maxFcp.path,
        overBudget: routes.filter((r) => r.over.length).length,
        overJs: routes.filter((r) => r.over.includes("js")).length,
        overFcp: routes.filter((r) => r.over.includes("fcp")).length,
      },
      serverStartMs: portal.ms,
      elapsedMs: performance.now() - t0,
    };
  } finally {
    for (const stop of stops) await stop().catch(() => {});
  }
}
