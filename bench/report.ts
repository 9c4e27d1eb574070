/** The bench's results: their shape, the printed tables and the JSON file. */
import type { DeliveryResult, ThroughputRun } from "./delivery/delivery.ts";
import type { CpuPerMessage } from "./delivery/cpu.ts";
import { KINDS, type MixedResult } from "./mixed.ts";
import { renderScale, type ScaleResult } from "./scale.ts";
import { type LiveResult, renderLive } from "./live.ts";
import { type CrowdResult, renderCrowd } from "./crowd/crowd.ts";
import { type AuditBenchResult, renderAudit } from "./audit/audit.ts";
import { dirname } from "node:path";
import type { LoadResult } from "./load.ts";
import type { StartResult, StartupResult } from "./startup.ts";
import { median, type PageResult, type PagesResult } from "./pages/pages.ts";
import { renderLighthouse } from "./pages/lighthouse.ts";
import { renderInteractions } from "./pages/interactions.ts";
import { num, table } from "./table.ts";

interface Machine {
  cores: number;
  cpu: string;
  os: string;
  memoryGiB: number;
  loadavg: number[];
  deno: string;
  v8: string;
}

export interface Options {
  warmupMs: number;
  windowMs: number;
  concurrency: number;
  loginWorkers: number;
  /** Lighthouse runs per page and preset (section 4). */
  lighthouseRuns: number;
  /** Messages queued per delivery run (section 5). */
  deliveryMessages: number;
  /** Connections and window of the mixed load (section 6). */
  mixedConnections: number;
  mixedWindowMs: number;
  /** Push traffic rows seeded, and timed requests per scenario (section 7). */
  scaleRows: number;
  scaleSamples: number;
  /** Simulated tabs, seconds per phase and committed changes of the live section (8). */
  liveTabs: number;
  liveSeconds: number;
  liveChanges: number;
  /** Connections, window a phase and sign-ins a second of the crowd (section 9). */
  crowdConnections: number;
  crowdWindowMs: number;
  stormRate: number;
  /** Connections, window a phase and entries of the audit trail's section (10). */
  auditConnections: number;
  auditWindowMs: number;
  /** Writes a second in all in section 10's paced windows (BENCH_AUDIT_PACE). */
  auditPace: number;
  auditEntries: number;
  sections: number[];
}

/** Each section holds its measurements, or the error that stopped it. */
type Section<T> = T | { error: string };

export interface Results {
  date: string;
  machine: Machine;
  options: Options;
  reads?: Section<{
    bare: LoadResult;
    app: LoadResult;
    ratio: Ratio;
    /** Only when DATABASE_URL is set: the same app over PostgreSQL. */
    appPostgres?: LoadResult;
    ratioPostgres?: Ratio;
  }>;
  login?: Section<{ readsAlone: LoadResult; reads: LoadResult; logins: LoadResult; ratio: Ratio }>;
  startup?: Section<StartupResult>;
  pages?: Section<PagesResult>;
  delivery?: Section<DeliveryResult>;
  mixed?: Section<MixedResult>;
  scale?: Section<ScaleResult>;
  live?: Section<LiveResult>;
  crowd?: Section<CrowdResult>;
  audit?: Section<AuditBenchResult>;
  /** The machine's load average when the run ended (other processes skew the figures). */
  loadavgEnd?: number[];
}

interface Ratio {
  rps: number;
  p99: number;
}

export const ratio = (a: LoadResult, b: LoadResult): Ratio => ({
  rps: a.rps / b.rps,
  p99: a.p99Ms / b.p99Ms,
});

export function machine(): Machine {
  let cpu = "unknown CPU";
  try {
    cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpu;
  } catch { /* not Linux */ }
  return {
    cores: navigator.hardwareConcurrency,
    cpu,
    os: `${Deno.build.os} ${Deno.osRelease()} ${Deno.build.arch}`,
    memoryGiB: Math.round(Deno.systemMemoryInfo().total / 2 ** 30 * 10) / 10,
    loadavg: Deno.loadavg(),
    deno: Deno.version.deno,
    v8: Deno.version.v8,
  };
}

const times = (n: number) => `${num(n, 2)}x`;
const loadavg = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");

const LOAD_HEAD = ["", "workers", "requests", "rps", "p50 ms", "p99 ms", "max ms", "errors"];
const loadRow = (label: string, r: LoadResult) => [
  label,
  String(r.workers),
  String(r.requests),
  num(r.rps),
  num(r.p50Ms, 2),
  num(r.p99Ms, 2),
  num(r.maxMs, 1),
  String(r.errors),
];
const ratioRow = (label: string, r: Ratio) => [label, "", "", times(r.rps), "", times(r.p99)];

/** Non-2xx answers and failed fetches, spelled out under a table. */
const errorNotes = (...rs: LoadResult[]) =>
  rs.filter((r) => r.errors).map((r) =>
    `  ! ${r.name}: ${JSON.stringify(r.statuses)} first: ${r.firstError}`
  );

/** A hash blocking the event loop would hold some read for as long as a whole login. */
const stallNote = (reads: LoadResult, logins: LoadResult) =>
  reads.maxMs < logins.p50Ms
    ? `  no stall: the slowest read (${num(reads.maxMs)} ms) took less than a typical login ` +
      `(p50 ${num(logins.p50Ms)} ms)`
    : `  POSSIBLE STALL: the slowest read (${num(reads.maxMs)} ms) took as long as a typical ` +
      `login (p50 ${num(logins.p50Ms)} ms)`;

function section<T>(title: string, s: Section<T> | undefined, body: (v: T) => string[]) {
  if (s === undefined) return [];
  const lines = "error" in (s as object)
    ? [`  FAILED: ${(s as { error: string }).error}`]
    : body(s as T);
  return ["", title, ...lines];
}

const startRow = (label: string, s: StartResult) => [
  label,
  num(s.healthyMs),
  num(s.readyMs),
  s.seeded === undefined ? "-" : s.seeded ? "yes" : "no",
  num(s.stopMs),
  String(s.exitCode ?? "-"),
  s.ok ? "ok" : "FAILED",
];

const KB = 1024;
const kb = (bytes: number) => num(bytes / KB, 1);

const PAGE_HEAD = ["route", "status", "HTML B", "HTML gz B", "scripts", "JS gz KB", "budget"];
const pageRow = (p: PageResult) => [
  p.signedIn ? p.path : `${p.path} (signed out)`,
  String(p.status),
  String(p.htmlBytes),
  String(p.htmlGzipBytes),
  String(p.scripts),
  kb(p.jsGzipBytes),
  p.over.includes("js") ? "OVER JS" : "",
];

/** Redirects and unexpected statuses, spelled out under the table. */
const pageNotes = (ps: PageResult[]) =>
  ps.flatMap((p) =>
    p.finalPath !== p.path
      ? [`  ! ${p.path}: ended on ${p.finalPath} (status ${p.status})`]
      : p.status !== 200 && p.path !== "/error/404"
      ? [`  ! ${p.path}: status ${p.status}`]
      : []
  );

function pagesBody(s: PagesResult): string[] {
  const m = s.summary;
  return [
    table(PAGE_HEAD, s.routes.map(pageRow)),
    `  max JS ${kb(m.maxJsGzipBytes)} KB gzip (${m.maxJsPath}); over the budget of ` +
    `${s.budgets.jsGzipBytes / KB} KB (1 KB = ${KB} B) of gzipped JavaScript on a first load: ` +
    `${m.overJs} of ${s.routes.length} routes; each load in a fresh context (empty cache), ` +
    `Chromium ${s.chromium}; main.ts up in ${num(s.serverStartMs)} ms; section took ` +
    `${num(s.elapsedMs / 1000)} s`,
    ...pageNotes(s.routes),
    ...(s.interactions
      ? [
        "",
        ...("error" in s.interactions
          ? [`  Interactions FAILED: ${s.interactions.error}`]
          : renderInteractions(s.interactions)),
      ]
      : []),
    ...(s.lighthouse
      ? [
        "",
        ...("error" in s.lighthouse
          ? [`  Lighthouse FAILED: ${s.lighthouse.error}`]
          : renderLighthouse(s.lighthouse)),
      ]
      : []),
  ];
}

/** The machine's idle share in a run: in all, and while inserting and after where split. */
const idle = (share: number) => `${(share * 100).toFixed(0)}%`;
const idleCell = (cpu: CpuPerMessage) =>
  [cpu.idle, ...(cpu.idleSplit ? [cpu.idleSplit.insert, cpu.idleSplit.after] : [])].map(idle)
    .join(" · ");

/** Messages a second once the insert ended: the delivering alone, the insert left out. */
const afterInsert = (r: ThroughputRun) =>
  r.insertSeconds === undefined ? undefined : r.messages / (r.seconds - r.insertSeconds);

/** The one-worker runs against graphile-worker's once each insert ended (the medians). */
function afterInsertLine(engine: ThroughputRun[], peer: ThroughputRun[]): string[] {
  const rates = (runs: ThroughputRun[]) =>
    runs.map(afterInsert).filter((r): r is number => r !== undefined);
  const [mine, theirs] = [rates(engine), rates(peer)];
  if (mine.length < engine.length || theirs.length < peer.length) return [];
  const [a, b] = [median(mine), median(theirs)];
  return [
    `  after the insert (each run's seconds less its insert s): one worker ${a.toFixed(0)} ` +
    `msg/s, graphile-worker ${b.toFixed(0)} jobs/s: ${(a / b).toFixed(2)}x (the medians)`,
  ];
}

/** Section 5's two workers against one, warmed and worker-bound (issue 41). */
function scalingLines(s: NonNullable<DeliveryResult["scaling"]>): string[] {
  const times = (two: { perSecond: number }, one: { perSecond: number }) =>
    `${(two.perSecond / one.perSecond).toFixed(2)}x one (${two.perSecond.toFixed(0)} against ` +
    `${one.perSecond.toFixed(0)} msg/s)`;
  const { capped } = s;
  return [
    `  two worker processes, warmed: ${times(s.warmed.two, s.warmed.one)}`,
    `  graphile-worker, two processes, warmed: ${times(s.peer.two, s.peer.one)}`,
    "one" in capped
      ? `  each worker process held to ${capped.core} of a CPU (a cgroup), warmed: two ` +
        `${times(capped.two, capped.one)}: where the workers, not the machine, are the limit`
      : `  each worker process held to ${capped.core} of a CPU: not run (${capped.skipped})`,
  ];
}

export function header(r: Results): string {
  const m = r.machine, o = r.options;
  return [
    `Portal benchmark — ${r.date}`,
    `machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}, load average ${
      loadavg(m.loadavg)
    }`,
    `runtime: deno ${m.deno}, v8 ${m.v8}`,
    `load:    ${o.concurrency} read workers, ${o.loginWorkers} login workers, keep-alive, ` +
    `warm-up ${o.warmupMs / 1000} s, window ${o.windowMs / 1000} s; ` +
    `the load generator runs in the bench process, each server in its own`,
    ...(o.sections.includes(4)
      ? [
        `pages:   headless Chromium on loopback, signed in as the demo admin (/login signed out), ` +
        `${o.lighthouseRuns} Lighthouse run(s) per page and preset (mobile, desktop)`,
      ]
      : []),
  ].join("\n");
}

export function render(r: Results): string {
  return [
    ...section("1. Authenticated small GET vs a bare Hono route", r.reads, (s) => [
      table(LOAD_HEAD, [
        loadRow("bare Hono  GET /ping", s.bare),
        loadRow("real app   GET /rest/users/current", s.app),
        ratioRow("app / bare", s.ratio),
        ...(s.appPostgres && s.ratioPostgres
          ? [
            loadRow("app on PostgreSQL  GET /rest/users/current", s.appPostgres),
            ratioRow("app on PostgreSQL / bare", s.ratioPostgres),
          ]
          : []),
      ]),
      ...errorNotes(s.bare, s.app, ...(s.appPostgres ? [s.appPostgres] : [])),
    ]),
    ...section("2. Login (PBKDF2 600,000) while reads run alongside", r.login, (s) => [
      table(LOAD_HEAD, [
        loadRow("reads alone              GET /rest/users/current", s.readsAlone),
        loadRow("reads with logins        GET /rest/users/current", s.reads),
        loadRow("logins alongside         POST /rest/users/login", s.logins),
        ratioRow("reads with / alone", s.ratio),
      ]),
      stallNote(s.reads, s.logins),
      ...errorNotes(s.readsAlone, s.reads, s.logins),
    ]),
    ...section("3. First start and restart (main.ts, new DATA_DIR, SEED=auto)", r.startup, (s) => [
      table(
        ["", "to /health 200 ms", "portal said ms", "seeded", "stop ms", "exit", ""],
        [startRow("first start", s.first), startRow("restart", s.restart)],
      ),
      `  DATA_DIR size after both: ${(s.dataDirBytes / 2 ** 20).toFixed(1)} MiB`,
      ...[s.first, s.restart].filter((x) => x.error).map((x) => `  ! ${x.error}`),
    ]),
    ...section(
      "4. Pages: HTML, JavaScript on a first load, Lighthouse mobile and desktop",
      r.pages,
      pagesBody,
    ),
    ...section(
      "5. Delivery to a loopback TCP sink on PostgreSQL vs graphile-worker and a bare loop",
      r.delivery,
      (s) => {
        const best = median(s.peer.map((p) => p.perSecond));
        return [
          table(
            [
              "",
              "messages",
              "seconds",
              "insert s",
              "msg/s",
              "vs graphile",
              "worker µs/msg",
              "PG µs/msg",
              "idle: all · insert · after",
              "duplicates",
              "missing",
            ],
            [
              s.bare,
              ...s.workers,
              ...s.peer,
              ...(s.floor ?? []),
              ...(s.warmed ? [s.warmed.engine, s.warmed.peer] : []),
              ...(s.scaling ? [s.scaling.warmed.two, s.scaling.peer.two] : []),
              ...(s.scaling && "one" in s.scaling.capped
                ? [s.scaling.capped.one, s.scaling.capped.two]
                : []),
            ]
              .map((w) => [
                w.label,
                String(w.messages),
                w.seconds.toFixed(2),
                w.insertSeconds === undefined ? "-" : w.insertSeconds.toFixed(2),
                w.perSecond.toFixed(0),
                `${(w.perSecond / best).toFixed(2)}x`,
                w.cpu ? w.cpu.worker.toFixed(0) : "-",
                w.cpu ? w.cpu.postgres.toFixed(0) : "-",
                w.cpu ? idleCell(w.cpu) : "-",
                String(w.duplicates),
                String(w.missing),
              ]),
          ),
          "  insert s: queueing the messages (one statement), inside seconds; µs/msg: the CPU a " +
          "message cost the worker process(es) and PostgreSQL (its insert too); idle: the " +
          "machine's CPU time left idle meanwhile, in all, while inserting, and after",
          `  one worker process: ${s.peerRatio.toFixed(2)}x graphile-worker (the medians; target ` +
          `≥ 1.00x)${s.peerRatio >= 1 ? "" : "  ! under target"}`,
          ...afterInsertLine([s.workers[0], s.workers[2]], s.peer),
          ...(s.floorRatio
            ? [
              `  the issue's writes alone (bare_engine.ts, no engine): ${
                s.floorRatio.toFixed(2)
              }x graphile-worker (the medians): the ceiling of the engine's ratio here`,
            ]
            : []),
          ...(s.warmed
            ? [
              `  warmed (each process delivered ${s.warmed.first} first, unmeasured): ` +
              `${s.warmed.ratio.toFixed(2)}x graphile-worker`,
            ]
            : []),
          `  two worker processes, cold: ${
            s.workers[1].perSecond > Math.max(s.workers[0].perSecond, s.workers[2].perSecond)
              ? "faster"
              : "NOT faster"
          } than one; ${
            s.workers.every((w) => w.perSecond >= s.target) ? "all meet" : "NOT all meet"
          } issue 17's ${s.target} msg/s`,
          ...(s.scaling ? scalingLines(s.scaling) : []),
          `  a trickle of ${s.trickle.perSecond} messages a second, stored → received: p50 ` +
          `${s.trickle.p50Ms.toFixed(0)} ms, p95 ${s.trickle.p95Ms.toFixed(0)} ms, max ` +
          `${s.trickle.maxMs.toFixed(0)} ms (${s.trickle.messages} messages; target p95 ≤ 100 ms)` +
          (s.trickle.p95Ms <= 100 ? "" : "  ! over target"),
        ];
      },
    ),
    ...section(
      "6. Mixed traffic (reads, finds with filters, writes, logins) on PostgreSQL vs a bare route",
      r.mixed,
      (s) => [
        table(
          ["", "requests", "errors", "p50 ms", "p99 ms", "max ms", "p99 x bare"],
          [
            ...KINDS.map((k) => [
              k,
              String(s.kinds[k].requests),
              String(s.kinds[k].errors),
              num(s.kinds[k].p50Ms, 1),
              num(s.kinds[k].p99Ms, 1),
              num(s.kinds[k].maxMs, 1),
              times(s.kinds[k].p99Ms / s.baseline.p99Ms),
            ]),
            [
              "baseline: bare Hono GET /ping",
              String(s.baseline.requests),
              String(s.baseline.errors),
              num(s.baseline.p50Ms, 1),
              num(s.baseline.p99Ms, 1),
              num(s.baseline.maxMs, 1),
              "1.00x",
            ],
          ],
        ),
        `  ${s.connections} connections for ${s.windowMs / 1000} s: ${s.requests} requests, ` +
        `${num(s.rps)} rps (bare ${num(s.baseline.rps)} rps), ${s.errors} errors` +
        (s.errors ? "  ! NOT ZERO" : ""),
        ...KINDS.filter((k) => s.kinds[k].errors).map((k) =>
          `  ! ${k}: ${JSON.stringify(s.kinds[k].statuses)} first: ${s.kinds[k].firstError}`
        ),
      ],
    ),
    ...section(
      "7. A million push traffic rows on PostgreSQL: find and statistics vs their bare SQL",
      r.scale,
      (s) => renderScale(s).split("\n").map((l) => `  ${l}`),
    ),
    ...section(
      "8. Live screens on PostgreSQL: event streams against polling",
      r.live,
      (s) => renderLive(s).split("\n").map((l) => `  ${l}`),
    ),
    ...section(
      "9. A crowd on PostgreSQL: the mix, the mix while sign-ins storm, two instances",
      r.crowd,
      (s) => renderCrowd(s).split("\n").map((l) => `  ${l}`),
    ),
    ...section(
      "10. The audit trail on PostgreSQL: writes with and without it, finds over its entries",
      r.audit,
      (s) => renderAudit(s).split("\n").map((l) => `  ${l}`),
    ),
    ...(r.loadavgEnd ? ["", `load average at the end: ${loadavg(r.loadavgEnd)}`] : []),
  ].join("\n");
}

export async function writeJson(path: string, r: Results) {
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(r, null, 2) + "\n");
}
