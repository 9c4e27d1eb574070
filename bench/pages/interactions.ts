/**
 * Interactions stay instant (issue 37): on the throttled profile (Chromium's CPU 4x slower, as
 * Lighthouse's mobile preset assumes), a hydrated list answers a row's menu, a sort, a filter
 * keystroke and a page change within INTERACTION_BUDGET_MS. Each interaction's latency is what the
 * browser reports as its Interaction to Next Paint: the longest `event` timing entry of that
 * interaction (input delay, handlers and the next frame's presentation), read with a
 * PerformanceObserver in the page. Measured on the 255-row dnid list and the live push traffic
 * list, each in a fresh context, every interaction `runs` times (median).
 *
 *   ./deno run -A bench/pages/interactions.ts --base http://127.0.0.1:PORT [--runs N] [--cpu-slowdown N]
 *
 * --cpu-slowdown (4 by default) sees a slower machine from a faster one, as in ./lighthouse.ts.
 *
 * Section 4 of `deno task bench` runs it too (bench/pages/pages.ts).
 */
import { parseArgs } from "node:util";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../../tests/e2e/harness.ts";
import { median, signIn } from "./pages.ts";
import { num, table } from "../table.ts";

const INTERACTION_BUDGET_MS = 100;
const CPU_SLOWDOWN = 4;

interface Interaction {
  name: string;
  /** Gets the page ready, unmeasured (focuses the box a keystroke goes to, as a user taps it). */
  prepare?: (page: Page) => Promise<void>;
  /** Performs the interaction; resolves once the page shows its answer. */
  act: (page: Page) => Promise<void>;
  /** Puts the page back for the next run (e.g. closes a menu). */
  reset?: (page: Page) => Promise<void>;
}

interface Subject {
  path: string;
  interactions: Interaction[];
}

const firstRowMenu: Interaction = {
  name: "row menu (⋮)",
  act: async (page) => {
    await page.locator("tbody tr").first().getByRole("button", { name: /^Actions for/ }).click();
    await page.getByRole("menu").waitFor();
  },
  reset: async (page) => {
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
  },
};

const sortBy = (label: RegExp): Interaction => ({
  name: "sort",
  act: async (page) => {
    const heading = page.locator("thead th").filter({
      has: page.getByRole("button", { name: label }),
    });
    const before = await heading.getAttribute("aria-sort");
    await heading.getByRole("button").click();
    await page.waitForFunction(
      ([th, was]) => th!.getAttribute("aria-sort") !== was,
      [await heading.elementHandle(), before] as const,
    );
    await settled(page);
  },
});

/**
 * Until the page has drawn what it had to: three frames in a row, each within 50 ms of the one
 * before (an idle page draws one every 17 ms, throttled or not), or 5 s. A long list draws its
 * rows as they come into view (content-visibility) and a new page's rows a slice a frame; that
 * drawing belongs to the scroll or the previous answer, not to the next input.
 */
const drawn = (page: Page) =>
  page.evaluate(() =>
    new Promise<void>((done) => {
      let last = performance.now(), quiet = 0;
      const deadline = last + 5000;
      const frame = (now: number) => {
        quiet = now - last < 50 ? quiet + 1 : 0;
        last = now;
        if (quiet >= 3 || now > deadline) done();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })
  );

/**
 * Clicks a pager button and waits until the table shows page `to`. The button is scrolled to and
 * the page drawn first, as a user scrolls down to it, sees it and then clicks.
 */
const toPage = async (page: Page, button: string, to: number) => {
  const target = page.getByRole("button", { name: button }).first();
  await target.scrollIntoViewIfNeeded();
  await drawn(page);
  await target.click();
  await page.locator(".table-foot li[aria-current='page']").first().filter({
    hasText: `Page ${to} `,
  })
    .waitFor({ timeout: 30_000 });
  await settled(page);
};

const nextPage: Interaction = {
  name: "page change",
  act: (page) => toPage(page, "Next ›", 2),
  reset: (page) => toPage(page, "‹ Previous", 1),
};

const filterKey = (label: string): Interaction => ({
  name: "filter keystroke",
  prepare: (page) => page.getByRole("searchbox", { name: label, exact: true }).focus(),
  act: (page) => page.keyboard.press("1"),
  reset: async (page) => {
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Tab");
  },
});

/** The table is not busy any more (a new query marks it aria-busy until its rows are in). */
const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector("table[aria-busy='true']"), null, {
    timeout: 30_000,
  });

const SUBJECTS: Subject[] = [
  {
    path: "/management/dnids",
    interactions: [firstRowMenu, sortBy(/^Dnid/), nextPage, filterKey("Dnid")],
  },
  {
    path: "/routing/traffic/push",
    interactions: [firstRowMenu, sortBy(/^Id/), nextPage, filterKey("Id")],
  },
];

interface InteractionResult {
  path: string;
  name: string;
  /** Each run's latency (ms); null when the browser reported no event timing for it. */
  latencies: (number | null)[];
  medianMs: number;
  over: boolean;
}

export interface InteractionsResult {
  cpuSlowdown: number;
  budgetMs: number;
  runs: number;
  results: InteractionResult[];
  overBudget: number;
}

/** Records every `event` timing entry with an interaction id, in the page, from the start. */
function observeInteractions() {
  const seen: { id: number; duration: number }[] = [];
  (globalThis as Record<string, unknown>).__interactions = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      if (e.interactionId) seen.push({ id: e.interactionId, duration: e.duration });
    }
  }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/** The longest event of interactions that began after `since` entries were recorded. */
async function latencySince(page: Page, since: number): Promise<number | null> {
  // Event timing entries arrive after the next frame is presented: give them a few frames.
  await page.waitForTimeout(400);
  return await page.evaluate((from) => {
    const seen = (globalThis as Record<string, unknown>).__interactions as {
      id: number;
      duration: number;
    }[];
    const fresh = seen.slice(from);
    return fresh.length ? Math.max(...fresh.map((e) => e.duration)) : null;
  }, since);
}

const recorded = (page: Page) =>
  page.evaluate(() => ((globalThis as Record<string, unknown>).__interactions as unknown[]).length);

async function measureSubject(
  browser: Browser,
  base: string,
  cookie: string,
  subject: Subject,
  runs: number,
  cpuSlowdown: number,
): Promise<InteractionResult[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.addInitScript(observeInteractions);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await page.goto(base + subject.path, { waitUntil: "load" });
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    await page.waitForTimeout(500);
    const out: InteractionResult[] = [];
    for (const interaction of subject.interactions) {
      const latencies: (number | null)[] = [];
      for (let run = 0; run < runs; run++) {
        await interaction.prepare?.(page);
        await drawn(page);
        const before = await recorded(page);
        await interaction.act(page);
        latencies.push(await latencySince(page, before));
        await interaction.reset?.(page);
        await page.waitForTimeout(200);
      }
      const medianMs = median(latencies.filter((x): x is number => x !== null));
      out.push({
        path: subject.path,
        name: interaction.name,
        latencies,
        medianMs,
        // No entry at all: every event was shorter than the observer's 16 ms threshold.
        over: medianMs > INTERACTION_BUDGET_MS,
      });
    }
    return out;
  } finally {
    await context.close().catch(() => {});
  }
}

export async function measureInteractions(
  browser: Browser,
  base: string,
  cookie: string,
  runs = 5,
  cpuSlowdown = CPU_SLOWDOWN,
): Promise<InteractionsResult> {
  const results: InteractionResult[] = [];
  for (const subject of SUBJECTS) {
    results.push(...await measureSubject(browser, base, cookie, subject, runs, cpuSlowdown));
  }
  return {
    cpuSlowdown,
    budgetMs: INTERACTION_BUDGET_MS,
    runs,
    results,
    overBudget: results.filter((r) => r.over).length,
  };
}

export function renderInteractions(r: InteractionsResult): string[] {
  const rows = r.results.map((x) => [
    x.path,
    x.name,
    Number.isFinite(x.medianMs) ? `${num(x.medianMs)}${x.over ? "!" : ""}` : "< 16",
    x.latencies.map((l) => l === null ? "<16" : num(l)).join(" "),
  ]);
  return [
    `  Interactions (INP, CPU ${r.cpuSlowdown}x slower, median of ${r.runs}; budget ` +
    `${r.budgetMs} ms, '!' over it; '< 16': every event under the browser's 16 ms threshold)`,
    table(["page", "interaction", "latency ms", "runs"], rows),
    `  ${r.overBudget} of ${r.results.length} interactions over budget`,
  ];
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      base: { type: "string" },
      runs: { type: "string", default: "5" },
      "cpu-slowdown": { type: "string", default: String(CPU_SLOWDOWN) },
    },
  });
  const cpuSlowdown = Number(values["cpu-slowdown"]);
  if (!(cpuSlowdown >= 1 && cpuSlowdown <= 50)) throw new Error("--cpu-slowdown is 1 to 50");
  if (!values.base) throw new Error("--base http://127.0.0.1:PORT is required");
  const cookie = await signIn(values.base);
  const browser = await launchChromium();
  try {
    const r = await measureInteractions(
      browser,
      values.base,
      cookie,
      Number(values.runs),
      cpuSlowdown,
    );
    console.log(renderInteractions(r).join("\n"));
  } finally {
    await browser.close();
  }
}
