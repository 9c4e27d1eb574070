/**
 * `deno task bench [--quick] [--warmup S] [--window S] [--concurrency N] [--login-workers N]
 * [--lighthouse-runs N] [--only 1,2,3,4] [--out FILE]` (or BENCH_WARMUP, BENCH_WINDOW,
 * BENCH_CONCURRENCY, BENCH_LOGIN_WORKERS, BENCH_LIGHTHOUSE_RUNS). Measures, in one run:
 * 1. an authenticated small GET on the real app against a bare Hono route;
 * 2. the same reads while logins (PBKDF2, 600,000 iterations) run alongside;
 * 3. the first start and a restart of main.ts on an empty DATA_DIR;
 * 4. every page of the route map (bench/pages/pages.ts): HTML size and first-load JavaScript in headless
 *    Chromium (budget 100 KB gzip), interactions on the 255-row dnid list and the push traffic list
 *    with the CPU 4x slower (bench/pages/interactions.ts: a row's menu, a sort, a page change, a filter
 *    keystroke; budget 100 ms each), and Lighthouse's mobile and desktop audits, the median of
 *    BENCH_LIGHTHOUSE_RUNS (3, 1 with --quick) runs per page and preset against the budgets of
 *    issue 37 (bench/pages/lighthouse.ts: Lighthouse pinned in bench/lighthouse/, run by Node in Debian's
 *    Chromium; `./deno run -A bench/pages/lighthouse.ts` runs it alone, on chosen routes);
 * 5. delivery on PostgreSQL (DATABASE_URL): messages/s to a loopback TCP sink with one and two
 *    `worker.ts` processes, against graphile-worker doing the same in the same run and a bare loop
 *    writing the same frames, then a trickle's stored-to-received latency (bench/delivery/;
 *    BENCH_DELIVERY_MESSAGES, 20,000 or 5,000 with --quick).
 * 6. mixed traffic on PostgreSQL (DATABASE_URL): reads, finds with filters, writes and logins
 *    from BENCH_MIXED_CONNECTIONS (50) connections for BENCH_MIXED_WINDOW (60, 10 with --quick)
 *    seconds, per kind p50/p99 and errors, against a bare route in the same run (bench/mixed.ts).
 * 7. scale on PostgreSQL (DATABASE_URL): BENCH_SCALE_ROWS (1,000,000; 100,000 with --quick) push
 *    traffic rows with proportionate robot traffic, commands and dnid statuses; POST
 *    /rest/push/find (page 10, default sort, with and without a filter, admin and client) and the
 *    30-day statistics, p50/p99 over BENCH_SCALE_SAMPLES (300; 100) requests each, against the
 *    same statements run bare in the same section (bench/scale.ts).
 * 8. live screens on PostgreSQL (DATABASE_URL): BENCH_LIVE_TABS (200) overview tabs polling as
 *    before against the same tabs holding an event stream, BENCH_LIVE_SECONDS (60, 10 with
 *    --quick) each, nothing changing: database transactions/s and memory per stream; then
 *    BENCH_LIVE_CHANGES (50) commits by another connection, each timed to its event in every tab,
 *    and ten to the row changing in Chromium (bench/live.ts).
 * 9. a crowd on PostgreSQL (DATABASE_URL): the mix of section 6 without its logins from
 *    BENCH_CROWD_CONNECTIONS (16) connections for BENCH_CROWD_WINDOW (20, 5 with --quick) seconds
 *    a phase, against the bare route; then with BENCH_STORM_RATE (20) sign-ins a second beside
 *    it; then on two instances of one database (bench/crowd/crowd.ts).
 * 10. the audit trail on PostgreSQL (DATABASE_URL): writes from BENCH_AUDIT_CONNECTIONS (8)
 *    connections, BENCH_AUDIT_WINDOW (15, 5 with --quick) seconds a window, to an instance with
 *    the trail and one without: paced at BENCH_AUDIT_PACE (200) writes a second, both side by
 *    side, then saturated, one at a time; then BENCH_AUDIT_ENTRIES (1,000,000; 100,000 with
 *    --quick) entries and POST /rest/audit/find's p50/p99 (bench/audit/audit.ts).
 * Prints a table and writes the results to bench/results/latest.json.
 */
import { signInAs } from "./sign_in.ts";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { TEST_PASSWORD } from "../tests/fixtures/factories.ts";
import { load, type Phase, type Target } from "./load.ts";
import { type BenchServer, startServer } from "./servers.ts";
import { measureStartups } from "./startup.ts";
import { measurePages } from "./pages/pages.ts";
import { loadNote, measureLighthouse, PRESETS } from "./pages/lighthouse.ts";
import { measureInteractions } from "./pages/interactions.ts";
import { pagePaths } from "./samples.ts";
import { measureDelivery } from "./delivery/delivery.ts";
import { measureMixedSection } from "./mixed.ts";
import { measureScale } from "./scale.ts";
import { measureLive } from "./live.ts";
import { measureCrowd } from "./crowd/crowd.ts";
import { measureAudit } from "./audit/audit.ts";
import { header, machine, type Options, ratio, render, type Results, writeJson } from "./report.ts";
import { scratchDatabase } from "../db/scratch.ts";

function parseOptions(): { opts: Options; out: string } {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      quick: { type: "boolean", default: false },
      warmup: { type: "string" },
      window: { type: "string" },
      concurrency: { type: "string" },
      "login-workers": { type: "string" },
      "lighthouse-runs": { type: "string" },
      only: { type: "string", default: "1,2,3,4,5,6,7,8,9,10" },
      out: {
        type: "string",
        default: fileURLToPath(new URL("results/latest.json", import.meta.url)),
      },
    },
  });
  const pick = (flag: string | undefined, env: string, normal: number, quick: number) => {
    const n = Number(flag ?? Deno.env.get(env) ?? (values.quick ? quick : normal));
    if (!(n > 0) || n > 3600) throw new Error(`${env}: bad value ${n}`);
    return n;
  };
  const opts = {
    warmupMs: pick(values.warmup, "BENCH_WARMUP", 2, 0.5) * 1000,
    windowMs: pick(values.window, "BENCH_WINDOW", 8, 2) * 1000,
    concurrency: Math.round(pick(values.concurrency, "BENCH_CONCURRENCY", 16, 16)),
    loginWorkers: Math.round(pick(values["login-workers"], "BENCH_LOGIN_WORKERS", 2, 2)),
    lighthouseRuns: Math.round(pick(values["lighthouse-runs"], "BENCH_LIGHTHOUSE_RUNS", 3, 1)),
    deliveryMessages: Math.round(
      Number(Deno.env.get("BENCH_DELIVERY_MESSAGES") ?? (values.quick ? 5000 : 20000)),
    ),
    mixedConnections: Math.round(pick(undefined, "BENCH_MIXED_CONNECTIONS", 50, 50)),
    mixedWindowMs: pick(undefined, "BENCH_MIXED_WINDOW", 60, 10) * 1000,
    scaleRows: Math.round(
      Number(Deno.env.get("BENCH_SCALE_ROWS") ?? (values.quick ? 100_000 : 1_000_000)),
    ),
    scaleSamples: Math.round(pick(undefined, "BENCH_SCALE_SAMPLES", 300, 100)),
    liveTabs: Math.round(pick(undefined, "BENCH_LIVE_TABS", 200, 200)),
    liveSeconds: pick(undefined, "BENCH_LIVE_SECONDS", 60, 10),
    liveChanges: Math.round(pick(undefined, "BENCH_LIVE_CHANGES", 50, 20)),
    crowdConnections: Math.round(pick(undefined, "BENCH_CROWD_CONNECTIONS", 16, 16)),
    crowdWindowMs: pick(undefined, "BENCH_CROWD_WINDOW", 20, 5) * 1000,
    stormRate: pick(undefined, "BENCH_STORM_RATE", 20, 20),
    auditConnections: Math.round(pick(undefined, "BENCH_AUDIT_CONNECTIONS", 8, 8)),
    auditWindowMs: pick(undefined, "BENCH_AUDIT_WINDOW", 15, 5) * 1000,
    auditPace: Math.round(pick(undefined, "BENCH_AUDIT_PACE", 200, 200)),
    auditEntries: Math.round(
      Number(Deno.env.get("BENCH_AUDIT_ENTRIES") ?? (values.quick ? 100_000 : 1_000_000)),
    ),
    sections: values.only.split(",").map(Number),
  };
  return { opts, out: values.out };
}

/** Runs `fn` with a child server started from `script`, stopping it whatever happens. */
async function withServer<T>(
  script: string,
  fn: (s: BenchServer) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const server = await startServer(script, env);
  try {
    return await fn(server);
  } finally {
    await server.proc.stop();
  }
}

/** A section's value, or its error (printed at once) so the run goes on. */
async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await fn();
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    console.error(`${what} failed: ${error}`);
    return { error };
  }
}

const progress = (msg: string) => console.log(`… ${msg}`);

const { opts, out } = parseOptions();
const phase: Phase = { warmupMs: opts.warmupMs, windowMs: opts.windowMs };
const results: Results = { date: new Date().toISOString(), machine: machine(), options: opts };
const wants = (n: number) => opts.sections.includes(n);
console.log(header(results) + "\n");

if (wants(1) || wants(2)) {
  const bare = wants(1)
    ? await attempt("bare server", () =>
      withServer("bare_server.ts", (s) => {
        progress(`bare Hono GET /ping: ${opts.concurrency} workers`);
        return load({
          name: "bare GET /ping",
          url: `http://127.0.0.1:${s.port}/ping`,
          workers: opts.concurrency,
        }, phase);
      }))
    : undefined;

  /** The authenticated reads alone against the app over PostgreSQL, in a scratch database. */
  const databaseUrl = Deno.env.get("DATABASE_URL");
  const onPostgres = wants(1) && databaseUrl
    ? await attempt("real app on PostgreSQL", async () => {
      const scratch = await scratchDatabase(databaseUrl, "portal_bench");
      try {
        return await withServer("app_server.ts", async (s) => {
          const base = `http://127.0.0.1:${s.port}`;
          progress(`real app on PostgreSQL GET /rest/users/current: ${opts.concurrency} workers`);
          return await load({
            name: "app (PostgreSQL) GET /rest/users/current",
            url: `${base}/rest/users/current`,
            workers: opts.concurrency,
            headers: { authorization: `Bearer ${await signInAs(base, String(s.info.username))}` },
          }, phase);
        }, { BENCH_DATABASE_URL: scratch.url });
      } finally {
        await scratch.drop();
      }
    })
    : undefined;

  const app = await attempt("real app", () =>
    withServer("app_server.ts", async (s) => {
      const base = `http://127.0.0.1:${s.port}`;
      const username = String(s.info.username);
      const reads: Target = {
        name: "app GET /rest/users/current",
        url: `${base}/rest/users/current`,
        workers: opts.concurrency,
        headers: { authorization: `Bearer ${await signInAs(base, username)}` },
      };
      const logins: Target = {
        name: "app POST /rest/users/login",
        url: `${base}/rest/users/login`,
        workers: opts.loginWorkers,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: TEST_PASSWORD, remember: false }),
      };
      progress(`real app GET /rest/users/current: ${opts.concurrency} workers`);
      const alone = await load(reads, phase);
      if (!wants(2)) return { alone };
      progress(`the same reads with ${opts.loginWorkers} login workers alongside`);
      const [withLogins, loginLoad] = await Promise.all([load(reads, phase), load(logins, phase)]);
      return { alone, mixed: { withLogins, loginLoad } };
    }));

  if ("error" in app) {
    if (bare) results.reads = app;
    if (wants(2)) results.login = app;
  } else {
    if (bare) {
      results.reads = "error" in bare ? bare : {
        bare,
        app: app.alone,
        ratio: ratio(app.alone, bare),
        ...(onPostgres && !("error" in onPostgres)
          ? { appPostgres: onPostgres, ratioPostgres: ratio(onPostgres, bare) }
          : {}),
      };
    }
    if (app.mixed) {
      const { withLogins, loginLoad } = app.mixed;
      results.login = {
        readsAlone: app.alone,
        reads: withLogins,
        logins: loginLoad,
        ratio: ratio(withLogins, app.alone),
      };
    }
  }
}

if (wants(3)) {
  progress("main.ts first start and restart");
  results.startup = await attempt("start-up", measureStartups);
}

if (wants(4)) {
  progress(
    `pages in headless Chromium, interactions, then Lighthouse: ${opts.lighthouseRuns} run(s) each`,
  );
  results.pages = await attempt("pages", () =>
    measurePages(progress, (base, cookie) => {
      progress(loadNote());
      return measureLighthouse({
        base,
        cookie,
        routes: pagePaths(),
        runs: opts.lighthouseRuns,
        presets: PRESETS,
        progress,
      });
    }, measureInteractions));
}

if (wants(5)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.delivery = databaseUrl
    ? await attempt("delivery", () => measureDelivery(databaseUrl, opts.deliveryMessages, progress))
    : { error: "DATABASE_URL is not set: the delivery benchmark runs on PostgreSQL" };
}

if (wants(6)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.mixed = databaseUrl
    ? await attempt("mixed load", () =>
      measureMixedSection(databaseUrl, {
        connections: opts.mixedConnections,
        windowMs: opts.mixedWindowMs,
        warmupMs: opts.warmupMs,
        progress,
      }))
    : { error: "DATABASE_URL is not set: the mixed load runs on PostgreSQL" };
}

if (wants(7)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.scale = databaseUrl
    ? await attempt(
      "scale",
      () =>
        measureScale(databaseUrl, { rows: opts.scaleRows, samples: opts.scaleSamples, progress }),
    )
    : { error: "DATABASE_URL is not set: the scale benchmark runs on PostgreSQL" };
}

if (wants(8)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.live = databaseUrl
    ? await attempt("live", () =>
      measureLive(databaseUrl, {
        tabs: opts.liveTabs,
        seconds: opts.liveSeconds,
        changes: opts.liveChanges,
        progress,
      }))
    : { error: "DATABASE_URL is not set: the live screens benchmark runs on PostgreSQL" };
}

if (wants(9)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.crowd = databaseUrl
    ? await attempt("crowd", () =>
      measureCrowd(databaseUrl, {
        connections: opts.crowdConnections,
        windowMs: opts.crowdWindowMs,
        warmupMs: opts.warmupMs,
        stormRate: opts.stormRate,
        progress,
      }))
    : { error: "DATABASE_URL is not set: the crowd benchmark runs on PostgreSQL" };
}

if (wants(10)) {
  const databaseUrl = Deno.env.get("DATABASE_URL");
  results.audit = databaseUrl
    ? await attempt("audit", () =>
      measureAudit(databaseUrl, {
        connections: opts.auditConnections,
        pace: opts.auditPace,
        windowMs: opts.auditWindowMs,
        warmupMs: opts.warmupMs,
        entries: opts.auditEntries,
        samples: opts.scaleSamples,
        progress,
      }))
    : { error: "DATABASE_URL is not set: the audit trail benchmark runs on PostgreSQL" };
}

results.loadavgEnd = Deno.loadavg();
console.log(render(results));
await writeJson(out, results);
console.log(`\nresults written to ${out}`);
