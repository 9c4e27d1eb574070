/**
 * The page yardstick (issue 37): Lighthouse's performance audit, its mobile preset (simulated
 * slow 4G and a 4x slower CPU) and its desktop one, over every page of the route map
 * (`pagePaths()`: each parameterless route and a detail page of each kind), signed in as the demo
 * admin (`/login` signed out, in a browser of its own). Lighthouse is the npm package pinned in
 * bench/lighthouse/package.json (installed there with `npm ci` when missing or another version),
 * run by Node (bench/lighthouse/run.mjs) in Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium),
 * one browser per preset, run 1 visiting every route, then run 2, and so on. Per route and preset:
 * the median over the runs of the score, FCP, LCP, TBT and CLS, and the budgets it misses.
 *
 * Section 4 of `deno task bench` runs it (bench/pages/pages.ts); on its own, for iterating on pages:
 *
 *   ./deno run -A bench/pages/lighthouse.ts [--base http://127.0.0.1:PORT] [--routes REGEXP] [--runs N]
 *     [--preset mobile|desktop|both] [--cpu-slowdown N] [--json FILE]
 *
 * Without --base it starts its own portal (main.ts, new DATA_DIR, SEED=auto, as the page bench
 * does) and stops it afterwards; with --base the server must hold the demo data (it signs in as
 * admin@demo.test with the default demo password). --routes keeps the routes whose path matches;
 * --runs is 3 and --preset both by default. One benchmark at a time, on a quiet machine.
 *
 * The mobile preset's 4x slower CPU is relative to the machine it runs on: Lighthouse's CPU
 * benchmark index (printed) was 3,600 on one day of the same 2-core machine and 1,200 on another,
 * and the 255-row pages' TBT moved from 7 to 390 ms with it. --cpu-slowdown sets the mobile
 * preset's multiplier (4 by default) to see a slower machine: 4 × today's index ÷ the other's.
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/harness.ts";
import { median, signIn, startPortal } from "./pages.ts";
import { pagePaths } from "../samples.ts";
import { num, table } from "../table.ts";

const DIR = fileURLToPath(new URL("../lighthouse/", import.meta.url));

export const PRESETS = ["mobile", "desktop"] as const;
type Preset = typeof PRESETS[number];

const METRICS = ["score", "fcp", "lcp", "tbt", "cls"] as const;
type Metric = typeof METRICS[number];
type Budgets = Partial<Record<Metric, number>>;

/** Budgets of issue 37: the score at least this, the others at most (ms; CLS unitless). */
const BUDGETS: Record<Preset, Budgets> = {
  mobile: { score: 98, tbt: 150, lcp: 1500, cls: 0.01 },
  desktop: { score: 100 },
};

const LABELS: Record<Metric, string> = {
  score: "score",
  fcp: "FCP",
  lcp: "LCP",
  tbt: "TBT",
  cls: "CLS",
};
const UNITS: Record<Metric, string> = { score: "", fcp: " ms", lcp: " ms", tbt: " ms", cls: "" };
const DIGITS: Record<Metric, number> = { score: 0, fcp: 0, lcp: 0, tbt: 0, cls: 3 };

const missesBudget = (m: Metric, value: number, limit: number) =>
  m === "score" ? !(value >= limit) : !(value <= limit);

/** One line of run.mjs: one Lighthouse run of one URL (null: the audit had no value). */
interface LighthouseRun {
  url: string;
  /** 0-based. */
  run: number;
  /** Set when Lighthouse could not finish the page (the metrics are then missing or null). */
  error: string | null;
  finalUrl?: string;
  score?: number | null;
  fcp?: number | null;
  lcp?: number | null;
  tbt?: number | null;
  cls?: number | null;
  si?: number | null;
  tti?: number | null;
  /** Lighthouse's CPU benchmark at that moment (lower: a slower or busier machine). */
  benchmarkIndex?: number | null;
  userAgent?: string | null;
  longTasks?: { url: string; start: number; duration: number }[];
  bootup?: { url: string; total: number; scripting: number }[];
  mainThread?: { group: string; duration: number }[];
}

interface LighthouseRoute {
  path: string;
  signedIn: boolean;
  /** Where the last finished run ended (redirects). */
  finalPath: string;
  /** Median over the finished runs (NaN, null in the JSON, when none finished). */
  median: Record<Metric, number>;
  /** The budgets the medians miss. */
  over: Metric[];
  /** The errors of the runs Lighthouse could not finish. */
  errors: string[];
  /** Its runs as run.mjs reported them (long tasks, script bootup, main-thread work). */
  runs: Omit<LighthouseRun, "url" | "userAgent">[];
}

interface PresetResult {
  preset: Preset;
  /** Set when the mobile preset's CPU slowdown is not Lighthouse's 4 (--cpu-slowdown). */
  cpuSlowdown?: number;
  budgets: Budgets;
  routes: LighthouseRoute[];
  summary: {
    overBudget: number;
    /** Per budgeted metric, how many routes miss it. */
    over: Budgets;
    /** Per metric, the route with the worst median (lowest score, highest of the others). */
    worst: Record<Metric, { path: string; value: number }>;
    /** Median of Lighthouse's CPU benchmark over the preset's runs. */
    benchmarkIndex: number;
  };
  elapsedMs: number;
}

export interface LighthouseResult {
  lighthouse: string;
  node: string;
  /** The browser as Lighthouse's user agent names it (e.g. HeadlessChrome/140.0.0.0). */
  browser: string;
  chromiumPath: string;
  runs: number;
  presets: PresetResult[];
  loadavg: { start: number[]; end: number[] };
  elapsedMs: number;
}

const readJson = async (path: string) => JSON.parse(await Deno.readTextFile(path));

async function output(cmd: string, args: string[], env: Record<string, string> = {}) {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(cmd, { args, env, stdin: "null" }).output();
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) {
      throw new Error(`${cmd} not found: Lighthouse runs with Node.js (node and npm on PATH)`);
    }
    throw e;
  }
  const text = (b: Uint8Array) => new TextDecoder().decode(b).trim();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")} failed: ${text(out.stderr).slice(-2000)}`);
  }
  return text(out.stdout);
}

/**
 * The pinned Lighthouse, installed with `npm ci` in bench/lighthouse when it is missing or another
 * version; returns its version. Chromium is Debian's: nothing downloads a browser.
 */
async function ensureLighthouse(progress: (msg: string) => void): Promise<string> {
  const pinned: string = (await readJson(`${DIR}package.json`)).dependencies.lighthouse;
  const installed = () =>
    readJson(`${DIR}node_modules/lighthouse/package.json`).then((p) => p.version, () => null);
  if (await installed() !== pinned) {
    progress(`lighthouse: npm ci in bench/lighthouse (lighthouse ${pinned})`);
    await output("npm", ["ci", "--prefix", DIR, "--no-audit", "--no-fund"], {
      PUPPETEER_SKIP_DOWNLOAD: "1",
    });
    const now = await installed();
    if (now !== pinned) throw new Error(`npm ci installed lighthouse ${now}, not ${pinned}`);
  }
  return pinned;
}

/** run.mjs over `urls` in one browser; `onRun` sees each run as it ends. */
async function runLighthouse(
  input: {
    urls: string[];
    cookie?: string;
    preset: Preset;
    runs: number;
    cpuSlowdown?: number;
  },
  onRun: (r: LighthouseRun) => void,
): Promise<LighthouseRun[]> {
  const child = new Deno.Command("node", {
    args: [`${DIR}run.mjs`],
    cwd: DIR,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      JSON.stringify({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, ...input }),
    ),
  );
  await writer.close();
  const stderr = new Response(child.stderr).text();
  const runs: LighthouseRun[] = [];
  let rest = "";
  const decoder = new TextDecoder();
  const take = (line: string) => {
    if (!line.trim()) return;
    const r: LighthouseRun = JSON.parse(line);
    runs.push(r);
    onRun(r);
  };
  for await (const chunk of child.stdout) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop()!;
    lines.forEach(take);
  }
  take(rest);
  const status = await child.status;
  if (!status.success) {
    throw new Error(`run.mjs exited with code ${status.code}: ${(await stderr).slice(-2000)}`);
  }
  return runs;
}

/** The finished runs' medians, the budgets they miss, the errors of the others. */
function routeResult(
  target: { path: string; signedIn: boolean },
  runs: LighthouseRun[],
  budgets: Budgets,
): LighthouseRoute {
  const ok = runs.filter((r) => !r.error);
  const values = (m: Metric) => ok.map((r) => r[m]).filter((x): x is number => x != null);
  const med = Object.fromEntries(METRICS.map((m) => [m, median(values(m))])) as Record<
    Metric,
    number
  >;
  const last = ok.at(-1)?.finalUrl;
  return {
    ...target,
    finalPath: last ? decodeURI(new URL(last).pathname) : target.path,
    median: med,
    over: METRICS.filter((m) => budgets[m] !== undefined && missesBudget(m, med[m], budgets[m])),
    errors: runs.filter((r) => r.error).map((r) => r.error!),
    runs: runs.map(({ url: _, userAgent: __, ...r }) => r),
  };
}

function summarize(routes: LighthouseRoute[], budgets: Budgets, runs: LighthouseRun[]) {
  const worst = (m: Metric) => {
    const sign = m === "score" ? -1 : 1;
    const rated = routes.filter((r) => Number.isFinite(r.median[m]));
    const w = rated.reduce<LighthouseRoute | undefined>(
      (a, b) => !a || sign * b.median[m] > sign * a.median[m] ? b : a,
      undefined,
    );
    return { path: w?.path ?? "-", value: w?.median[m] ?? NaN };
  };
  return {
    overBudget: routes.filter((r) => r.over.length).length,
    over: Object.fromEntries(
      METRICS.filter((m) => budgets[m] !== undefined)
        .map((m) => [m, routes.filter((r) => r.over.includes(m)).length]),
    ),
    worst: Object.fromEntries(METRICS.map((m) => [m, worst(m)])) as PresetResult["summary"][
      "worst"
    ],
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex ?? NaN)),
  };
}

interface LighthouseOptions {
  /** The portal's origin, e.g. http://127.0.0.1:8000. */
  base: string;
  /** The demo admin's session cookie (`name=value`) for the signed-in routes. */
  cookie: string;
  routes: { path: string; signedIn: boolean }[];
  runs: number;
  presets: readonly Preset[];
  /** The mobile preset's CPU slowdown when not Lighthouse's 4. */
  cpuSlowdown?: number;
  progress?: (msg: string) => void;
  /** Report every run (the standalone tool) rather than every round of runs. */
  eachRun?: boolean;
}

/** Lighthouse over `routes` of a running portal, each preset in turn (see the module comment). */
export async function measureLighthouse(o: LighthouseOptions): Promise<LighthouseResult> {
  const t0 = performance.now();
  const progress = o.progress ?? (() => {});
  const loadStart = Deno.loadavg();
  const version = await ensureLighthouse(progress);
  const node = await output("node", ["--version"]);
  const url = (path: string) => o.base + encodeURI(path);
  // One plain request to each page first, so no run pays for the server's first render of it.
  for (const r of o.routes) {
    const res = await fetch(url(r.path), {
      headers: r.signedIn ? { cookie: o.cookie } : {},
      signal: AbortSignal.timeout(30_000),
    });
    await res.body?.cancel();
  }
  const groups = [true, false]
    .map((signedIn) => o.routes.filter((r) => r.signedIn === signedIn))
    .filter((g) => g.length);
  const presets: PresetResult[] = [];
  let browser = "";
  for (const preset of o.presets) {
    const p0 = performance.now();
    const cpuSlowdown = preset === "mobile" ? o.cpuSlowdown : undefined;
    const byUrl = new Map<string, LighthouseRun[]>(o.routes.map((r) => [url(r.path), []]));
    for (const group of groups) {
      const signedIn = group[0].signedIn;
      const urls = group.map((r) => url(r.path));
      progress(
        `lighthouse ${preset}: ${group.length} route(s) ${signedIn ? "signed in" : "signed out"}` +
          `, ${o.runs} run(s) each`,
      );
      const runs = await runLighthouse(
        {
          urls,
          cookie: signedIn ? o.cookie : undefined,
          preset,
          runs: o.runs,
          cpuSlowdown,
        },
        (r) => {
          browser ||= r.userAgent?.match(/\S*Chrom\S+/)?.[0] ?? "";
          const path = decodeURI(new URL(r.url).pathname);
          if (o.eachRun) {
            progress(
              `${preset} run ${r.run + 1}/${o.runs} ${path}: ${
                r.error ??
                  `score ${r.score} FCP ${num(r.fcp ?? NaN)} LCP ${num(r.lcp ?? NaN)} TBT ${
                    num(r.tbt ?? NaN)
                  } CLS ${num(r.cls ?? NaN, 3)}`
              }`,
            );
          } else if (r.url === urls.at(-1)) {
            progress(`lighthouse ${preset}: run ${r.run + 1} of ${o.runs} done`);
          }
        },
      );
      for (const r of runs) byUrl.get(r.url)?.push(r);
    }
    const budgets = BUDGETS[preset];
    const routes = o.routes.map((r) => routeResult(r, byUrl.get(url(r.path))!, budgets));
    presets.push({
      preset,
      cpuSlowdown,
      budgets,
      routes,
      summary: summarize(routes, budgets, [...byUrl.values()].flat()),
      elapsedMs: performance.now() - p0,
    });
  }
  return {
    lighthouse: version,
    node,
    browser,
    chromiumPath: CHROMIUM,
    runs: o.runs,
    presets,
    loadavg: { start: loadStart, end: Deno.loadavg() },
    elapsedMs: performance.now() - t0,
  };
}

const budgetText = (b: Budgets) =>
  METRICS.filter((m) => b[m] !== undefined).map((m) =>
    `${LABELS[m]} ${m === "score" ? (b[m] === 100 ? "=" : "≥") : "≤"} ${b[m]}${UNITS[m]}`
  ).join(", ");

const metricCell = (r: LighthouseRoute, m: Metric) =>
  num(r.median[m], DIGITS[m]) + (r.over.includes(m) ? "!" : " ");

/**
 * Lighthouse's 4x slower CPU is meant to take a high-end desktop (benchmark index 1,500 to 2,000)
 * to a mid-tier phone (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown"): what
 * this host's index makes of the multiplier used, and the one that would emulate that phone.
 */
const CALIBRATED_INDEX = 1_750;
function calibration(index: number, slowdown: number): string {
  if (!(index > 0)) return "  (no CPU benchmark index: the slowdown's meaning is unknown)";
  const phone = Math.round((4 * index) / CALIBRATED_INDEX * 2) / 2;
  return `  CPU ${slowdown}x slower on this host (index ${num(index)}) emulates a device of index ${
    num(index / slowdown)
  }; Lighthouse's mobile preset means ${num(CALIBRATED_INDEX / 4)} (4x on an index-${
    num(CALIBRATED_INDEX)
  } host): --cpu-slowdown ${phone} emulates that here`;
}

/** One preset: its table (`!`: over budget), a summary line, and notes on redirects and errors. */
function renderPreset(p: PresetResult, runs: number): string[] {
  const s = p.summary;
  const worst = METRICS.map((m) =>
    `${LABELS[m]} ${num(s.worst[m].value, DIGITS[m])}${UNITS[m]} (${s.worst[m].path})`
  );
  const over = METRICS.filter((m) => s.over[m] !== undefined)
    .map((m) => `${LABELS[m]} ${s.over[m]}`);
  return [
    `  Lighthouse ${p.preset}${
      p.cpuSlowdown ? ` (CPU ${p.cpuSlowdown}x slower)` : ""
    }: median of ${runs} run(s) per route; budgets ${budgetText(p.budgets)} (! marks a miss)`,
    table(
      ["route", "score", "FCP ms", "LCP ms", "TBT ms", "CLS"],
      p.routes.map((r) => [
        r.signedIn ? r.path : `${r.path} (signed out)`,
        ...METRICS.map((m) => metricCell(r, m)),
      ]),
    ),
    `  ${p.preset}: ${s.overBudget} of ${p.routes.length} routes over budget (${
      over.join(", ")
    }); worst: ${worst.join(", ")}; CPU benchmark index ${num(s.benchmarkIndex)}; ${
      num(p.elapsedMs / 1000)
    } s`,
    ...(p.preset === "mobile" ? [calibration(s.benchmarkIndex, p.cpuSlowdown ?? 4)] : []),
    ...p.routes.flatMap((r) => [
      ...(r.finalPath !== r.path ? [`  ! ${r.path}: ended on ${r.finalPath}`] : []),
      ...(r.errors.length
        ? [`  ! ${r.path}: ${r.errors.length} of ${r.runs.length} run(s) failed: ${r.errors[0]}`]
        : []),
    ]),
  ];
}

/** The result as printed (each line indented by two spaces, as the bench's sections are). */
export function renderLighthouse(r: LighthouseResult): string[] {
  return [
    ...r.presets.flatMap((p) => [...renderPreset(p, r.runs), ""]),
    `  Lighthouse ${r.lighthouse} on Node ${r.node}, ${r.browser || "?"} (${r.chromiumPath}); ` +
    `load average ${r.loadavg.start[0].toFixed(2)} → ${r.loadavg.end[0].toFixed(2)} on ` +
    `${navigator.hardwareConcurrency} cores; ${num(r.elapsedMs / 1000)} s`,
  ];
}

/** The load average, with a warning when the machine is busy (figures from a busy one mislead). */
export function loadNote(): string {
  const [one, five] = Deno.loadavg(), cores = navigator.hardwareConcurrency;
  const busy = one > 0.5 * cores;
  return `load average ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min) on ${cores} cores` +
    (busy
      ? `: above 0.5 per core — one benchmark at a time on a quiet machine, or the figures are ` +
        `the machine's, not the pages'`
      : "");
}

async function main() {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      base: { type: "string" },
      routes: { type: "string" },
      runs: { type: "string", default: "3" },
      preset: { type: "string", default: "both" },
      json: { type: "string" },
      "cpu-slowdown": { type: "string" },
    },
  });
  const runs = Number(values.runs);
  const presets = values.preset === "both" ? PRESETS : PRESETS.filter((p) => p === values.preset);
  const cpuSlowdown = values["cpu-slowdown"] === undefined
    ? undefined
    : Number(values["cpu-slowdown"]);
  if (
    !Number.isInteger(runs) || runs < 1 || runs > 100 || !presets.length ||
    (cpuSlowdown !== undefined && !(cpuSlowdown >= 1 && cpuSlowdown <= 50))
  ) {
    console.error(
      "usage: bench/pages/lighthouse.ts [--base ORIGIN] [--routes REGEXP] [--runs N] " +
        "[--preset mobile|desktop|both] [--cpu-slowdown 1-50] [--json FILE]",
    );
    Deno.exit(2);
  }
  const pattern = new RegExp(values.routes ?? "");
  const routes = pagePaths().filter((r) => pattern.test(r.path));
  if (!routes.length) {
    console.error(`no route matches ${pattern}`);
    Deno.exit(2);
  }
  const progress = (msg: string) => console.log(`… ${msg}`);
  console.log(loadNote());
  const stops: (() => Promise<unknown>)[] = [];
  try {
    let base = values.base?.replace(/\/+$/, "");
    if (!base) {
      const dataDir = await Deno.makeTempDir({ prefix: "portal-bench-lighthouse-" });
      stops.unshift(() => Deno.remove(dataDir, { recursive: true }));
      progress("starting main.ts (new DATA_DIR, demo data)");
      const portal = await startPortal(dataDir);
      stops.unshift(() => portal.proc.stop());
      base = `http://127.0.0.1:${portal.port}`;
      progress(`portal up on ${base} in ${num(portal.ms)} ms`);
    }
    const cookie = await signIn(base);
    progress(`${routes.length} route(s) on ${base}, ${runs} run(s), ${presets.join(" and ")}`);
    const result = await measureLighthouse({
      base,
      cookie,
      routes,
      runs,
      presets,
      cpuSlowdown,
      progress,
      eachRun: true,
    });
    console.log(["", ...renderLighthouse(result)].join("\n"));
    if (values.json) {
      await Deno.writeTextFile(values.json, JSON.stringify(result, null, 2) + "\n");
      console.log(`\nresults written to ${values.json}`);
    }
  } finally {
    for (const stop of stops) await stop().catch(() => {});
  }
}

if (import.meta.main) await main();
