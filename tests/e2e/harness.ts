/**
 * Browser tests: the real app served over HTTP on a free port (embedded PGlite restored from the
 * migrated snapshot, rows made by the factories) and Debian's Chromium driven by playwright-core.
 */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { Hono } from "hono";
import { sharedDb } from "../fixtures/db.ts";
import { testApp } from "../fixtures/app.ts";
import { Factories, TEST_PASSWORD } from "../fixtures/factories.ts";
import type { Database } from "../../db/client.ts";
import { startStationClock } from "../../server/station/clock.ts";
import { simulatedStation } from "../../server/station/simulated.ts";

/** Debian's Chromium (CHROMIUM_PATH to use another). */
export const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
/** Its flags, headless (the new headless mode, which Lighthouse needs: the only one left). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Debian's Chromium, headless. Playwright hides its scrollbars; `scrollbars` keeps them, drawn
 * as on a desktop (classic, 15 px wide), for tests of what they move.
 */
export const launchChromium = ({ scrollbars = false } = {}): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: scrollbars ? ["--hide-scrollbars"] : undefined,
  });

/** The simulated station as browser tests run it: a state a second, nothing failing. */
const LES_CLOCK_ENV = { LES_STEP_SECONDS: "1", LES_FAILURE_PERCENT: "0" };

interface E2eOptions {
  /**
   * Runs the land earth station's clock (server/station/clock.ts) so commands and messages move on
   * by themselves, one state a second with no failures (LES_CLOCK_ENV; `env` may override).
   */
  stationClock?: boolean;
}

export interface E2e {
  baseUrl: string;
  database: Database;
  f: Factories;
  browser: Browser;
  /** A fresh browser context (own cookies) with a page on the portal. */
  page: () => Promise<{ context: BrowserContext; page: Page }>;
  /** A user of a new team with `rights`, signed in through the login page. */
  signedIn: (rights: number) => Promise<{ context: BrowserContext; page: Page; userId: string }>;
  close: () => Promise<void>;
}

/**
 * Starts the server and the browser for one test file. `extraRoutes` adds test-only routes
 * (a page mounting kit components, say), served same-origin in front of the app.
 */
async function startE2e(
  env: Record<string, string> = {},
  extraRoutes?: (app: Hono) => void | Promise<void>,
  options: E2eOptions = {},
): Promise<E2e & { lastRequest: () => number }> {
  const database = await sharedDb("pglite");
  if (options.stationClock) env = { ...LES_CLOCK_ENV, ...env };
  const app = testApp(database, env);
  const stopLes = options.stationClock
    ? startStationClock(
      simulatedStation(database.db, {
        stepMs: Number(env.LES_STEP_SECONDS) * 1000,
        failureShare: Number(env.LES_FAILURE_PERCENT) / 100,
      }),
      250,
    )
    : () => {};
  let handler: Deno.ServeHandler = app.fetch;
  if (extraRoutes) {
    const outer = new Hono();
    await extraRoutes(outer);
    // c.env is Deno.serve's connection info, which the app reads the client address from.
    outer.all("*", (c) => app.fetch(c.req.raw, c.env));
    handler = outer.fetch;
  }
  let lastRequest = Date.now();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (r, info) => {
    lastRequest = Date.now();
    return handler(r, info);
  });
  const baseUrl = `http://localhost:${server.addr.port}`;
  const browser = await launchChromium();
  const f = new Factories(database.db);
  const contexts: BrowserContext[] = [];

  const page = async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  return {
    baseUrl,
    database,
    f,
    browser,
    page,
    lastRequest: () => lastRequest,
    async signedIn(rights: number) {
      const team = await f.team({ rights });
      const user = await f.user({ teamId: team.id, companyId: team.companyId });
      const { context, page: p } = await page();
      // As a user does: type as soon as the form shows, whether it is hydrated yet or not.
      await p.goto("/login");
      await submitLogin(p, user.id);
      await p.waitForURL((u) => u.pathname === "/");
      return { context, page: p, userId: user.id };
    },
    async close() {
      stopLes();
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.shutdown();
    },
  };
}

/**
 * A browser suite that stopped moving is stopped: some of Playwright's calls wait without a
 * timeout (an `evaluate` of a promise, a key press, a resize), and a page that stopped answering
 * would hold the run until CI's own limit, with nothing said. Stopped means no request reached
 * the suite's server for E2E_STALL_MINUTES (3), or the suite ran past E2E_SUITE_MINUTES (40; the
 * longest, the layout walk, takes about 6 alone). Then the suite's browser is closed, so every
 * call in flight fails and says where it was. A slow machine slows a suite down; it does not stop
 * it, as a fixed limit did (a CI run on a loaded machine once cut the layout walk at 20 minutes).
 */
const STALL_MS = Number(Deno.env.get("E2E_STALL_MINUTES") ?? 3) * 60_000;
const SUITE_LIMIT_MS = Number(Deno.env.get("E2E_SUITE_MINUTES") ?? 40) * 60_000;

function watchSuite(name: string, e: E2e & { lastRequest: () => number }) {
  const started = Date.now();
  const timer = setInterval(() => {
    const quiet = Date.now() - e.lastRequest();
    const why = quiet > STALL_MS
      ? `no request reached its server for ${Math.round(quiet / 1000)} s`
      : Date.now() - started > SUITE_LIMIT_MS
      ? `it ran past ${SUITE_LIMIT_MS / 60_000} min`
      : "";
    if (!why) return;
    clearInterval(timer);
    const pages = e.browser.contexts().flatMap((c) => c.pages()).map((p) => p.url());
    console.error(
      `${name}: ${why}; its browser is closed. Pages open: ${pages.join(", ") || "none"}`,
    );
    void e.browser.close();
  }, 5_000);
  return () => clearInterval(timer);
}

/**
 * Registers one browser test file's suite: starts the server and the browser (as `startE2e`, with
 * `options`), runs `fn` and then always closes them, with every browser context `e.page()` and
 * `e.signedIn()` made. Deno's op and resource sanitizers are off (Playwright and the server keep
 * their own).
 */
export function e2eSuite(
  name: string,
  fn: (t: Deno.TestContext, e: E2e) => Promise<void>,
  options: E2eOptions & {
    env?: Record<string, string>;
    extraRoutes?: (app: Hono) => void | Promise<void>;
  } = {},
) {
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const e = await startE2e(options.env, options.extraRoutes, options);
      const stopWatching = watchSuite(name, e);
      try {
        await fn(t, e);
      } finally {
        stopWatching();
        await e.close();
      }
    },
  });
}

/** Fills the login form the page shows (JavaScript on or off) and submits it. */
export async function submitLogin(page: Page, username: string, password = TEST_PASSWORD) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Waits until the page's islands are hydrated: the runtime marks <html data-hydrated>, and takes
 * the mark off while an in-page navigation swaps in new islands, until they are live.
 */
export const hydrated = (page: Page) =>
  page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/**
 * Retries `check` (which throws while its condition does not hold) until it passes or `timeout`
 * ms have passed, then throws its last error. For assertions on what the page shows.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  timeout = 5000,
  interval = 50,
): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, interval));
    }
  }
}
