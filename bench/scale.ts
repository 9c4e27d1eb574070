/**
 * The million-row scale benchmark: in a scratch PostgreSQL database seeded by bench/scale_seed.ts,
 * `POST /rest/push/find` (page 10 of 10 rows, the default sort; with and without a filter; as an
 * administrator and as a client) and `GET /rest/monitoring/statistics?type=push` over 30 days,
 * against main.ts, each timed over `samples` sequential requests after a warm-up; beside them the
 * bare SQL of each, run through postgres.js on the same database the same number of times:
 the very statements the service issues (captured from the service's own functions through a
 * Drizzle logger, so they follow any change to the service), run as it runs them (in parallel,
 * unprepared). The target (issue 18): find p99 ≤ 30 ms, and find and statistics within 2× of
 * their bare SQL.
 */
import { signInAs } from "./sign_in.ts";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { type Db, openPostgres, schema } from "../db/client.ts";
import { scratchDatabase } from "../db/scratch.ts";
import { ensureReferenceData } from "../db/seed/reference.ts";
import { hashPassword } from "../server/auth/password.ts";
import { findPushTraffic } from "../server/services/push/traffic.ts";
import { readStatistics } from "../server/services/monitoring/statistics.ts";
import type { Scope } from "../server/services/tenancy.ts";
import { PushFindRequestSchema } from "../openapi/schemas/push/push.ts";
import { StatisticsQuerySchema } from "../openapi/schemas/monitoring.ts";
import { DAY_MS } from "../openapi/time_units.ts";
import { COUNT_CAP } from "../openapi/enums.ts";
import { TEST_PASSWORD } from "../tests/fixtures/factories.ts";
import { percentile } from "./load.ts";
import { Proc } from "./servers.ts";
import { ADMIN_LOGIN, clientLogin, seedScale } from "./scale_seed.ts";

interface ScaleOptions {
  rows: number;
  samples: number;
  /** Untimed runs before each measurement (default 30). */
  warmup?: number;
  progress?: (msg: string) => void;
}

interface Timing {
  p50: number;
  p99: number;
  max: number;
}

interface ScenarioResult {
  name: string;
  /** What the server answered (the last sample): the counts, the rows (buckets) on the page. */
  total: number;
  filtered: number;
  rows: number;
  http: Timing;
  /** The service's own statements. */
  bare: Timing;
  httpP50: number;
  httpP99: number;
  bareP99: number;
  /** http p99 / bare p99 (target ≤ 2). */
  ratio: number;
}

export interface ScaleResult {
  seedSeconds: number;
  seedSteps: Record<string, number>;
  rows: number;
  samples: number;
  cap: number;
  client: { login: string; companyId: number; share: number };
  targetP99Ms: number;
  /** The machine's load average before the measurements and after (others' work skews them). */
  loadavg: { start: number[]; end: number[] };
  scenarios: ScenarioResult[];
  statistics: ScenarioResult;
  /** EXPLAIN (ANALYZE, BUFFERS) of the statements of the scenario with the slowest bare p99. */
  explain: { scenario: string; statements: { sql: string; plan: string }[] };
}

const TARGET_P99_MS = 30;
const SESSION_SECRET = "scale-bench-session-secret-0123456789abc"; // 40 characters
const MAX_SAMPLES = 100_000;

/** One SQL statement as the service sends it. */
interface Statement {
  text: string;
  params: unknown[];
}

/**
 * Sequential timed runs of each of `fns` after `warmup` untimed ones, interleaved (one run of
 * each per round), so the machine's moods and the cache's state fall on all of them alike.
 */
async function timeRuns(
  samples: number,
  warmup: number,
  fns: (() => Promise<void>)[],
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn();
  const ms = fns.map(() => new Float64Array(samples));
  for (let i = 0; i < samples; i++) {
    for (const [j, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      ms[j][i] = performance.now() - t0;
    }
  }
  return ms.map((m) => {
    m.sort();
    return { p50: percentile(m, 50), p99: percentile(m, 99), max: m[m.length - 1] };
  });
}

/** A Drizzle database that records every statement it runs, to replay them bare. */
function recordingDb(client: postgres.Sql) {
  const log: Statement[] = [];
  const db: Db = drizzle({
    client,
    schema,
    casing: "snake_case",
    logger: { logQuery: (text, params) => log.push({ text, params }) },
  });
  /** The statements `run` issues. */
  const capture = async (run: (db: Db) => Promise<unknown>) => {
    log.length = 0;
    await run(db);
    return log.splice(0);
  };
  return { db, capture };
}

/** Runs the statements at once, as the service does (Promise.all), unprepared as Drizzle does. */
const replay = (client: postgres.Sql, statements: Statement[]) => async () => {
  await Promise.all(
    statements.map((s) =>
      client.unsafe(s.text, s.params as postgres.ParameterOrJSON<never>[], { prepare: false })
        .values()
    ),
  );
};

/** main.ts on `url`, on a port of 127.0.0.1 it picks; answers its base URL and the process. */
async function startPortal(url: string) {
  const proc = new Proc(["run", "-A", "main.ts"], {
    DATABASE_URL: url,
    SEED: "none",
    DEMO_SINKS: "off",
    DELIVERY_WORKER: "off",
    SESSION_SECRET,
    HOST: "127.0.0.1",
    PORT: "0",
    NODE_ENV: "production",
  });
  try {
    const [, port] = await proc.waitForLine(
      /Portal ready in \d+ ms on http:\/\/localhost:(\d+)\//,
      120_000,
    );
    return { proc, base: `http://127.0.0.1:${port}` };
  } catch (e) {
    await proc.stop();
    throw e;
  }
}

/** One request; throws unless 200. Answers the parsed body. */
async function request(url: string, token: string, body?: unknown) {
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The company whose own tgids carry the share of push traffic closest to `target`. */
async function typicalClient(client: postgres.Sql, target = 0.015) {
  const [row] = await client`
    select t.company_id, count(*)::float8 / (select count(*) from push_traffic) as share
    from push_traffic p join tgids g on g.id = p.tgid_id join teams t on t.id = g.team_id
    join companies c on c.id = t.company_id
    where c.name like 'Scale Company %'
    group by t.company_id order by abs(count(*)::float8 / (select count(*) from push_traffic)
      - ${target}) limit 1`;
  const [company] = await client`select name from companies where id = ${row.company_id}`;
  const n = Number(String(company.name).replace("Scale Company ", ""));
  return { login: clientLogin(n), companyId: Number(row.company_id), share: Number(row.share) };
}

interface PushScenario {
  name: string;
  scope: Scope;
  token: string;
  filter: { status?: number; tgid?: number };
}

const summary = (
  name: string,
  http: Timing,
  bare: Timing,
  answer: { total: number; filtered: number; rows: number },
): ScenarioResult => ({
  name,
  ...answer,
  http,
  bare,
  httpP50: http.p50,
  httpP99: http.p99,
  bareP99: bare.p99,
  ratio: http.p99 / bare.p99,
});

export async function measureScale(databaseUrl: string, opts: ScaleOptions): Promise<ScaleResult> {
  const { rows, samples } = opts;
  if (!(samples >= 1 && samples <= MAX_SAMPLES)) throw new Error(`samples: bad value ${samples}`);
  const cap = COUNT_CAP;
  const warmup = opts.warmup ?? 30;
  const progress = opts.progress ?? (() => {});
  const scratch = await scratchDatabase(databaseUrl, "portal_bench_scale");
  // One connection: the seed's setseed holds for its session.
  const database = openPostgres(scratch.url, { max: 1 });
  // The bare side: as many connections as a find runs statements at once.
  const client = postgres(scratch.url, { max: 4, onnotice: () => {} });
  let portal: Awaited<ReturnType<typeof startPortal>> | undefined;
  try {
    progress(`migrating ${scratch.name}`);
    await database.migrate();
    await ensureReferenceData(database.db, "bench");
    const passwordHash = await hashPassword(TEST_PASSWORD, 100_000);
    const t0 = performance.now();
    const seedSteps = await seedScale(
      database.db,
      { rows, companies: 50, tgids: 400 },
      passwordHash,
      progress,
    );
    const seedSeconds = (performance.now() - t0) / 1000;

    const chosen = await typicalClient(client);
    const [busiest] = await client`select tgid_id from push_traffic group by tgid_id
      order by count(*) desc limit 1`;
    portal = await startPortal(scratch.url);
    const { base } = portal;
    const admin = await signInAs(base, ADMIN_LOGIN);
    const clientToken = await signInAs(base, chosen.login);
    const adminScope: Scope = { onlyCompany: null };
    const clientScope: Scope = { onlyCompany: chosen.companyId };
    const failure = 3; // Delivering error
    const pushScenarios: PushScenario[] = [
      { name: "admin, no filter", scope: adminScope, token: admin, filter: {} },
      {
        name: `admin, status ${failure}`,
        scope: adminScope,
        token: admin,
        filter: { status: failure },
      },
      {
        name: `admin, busiest tgid ${busiest.tgid_id}`,
        scope: adminScope,
        token: admin,
        filter: { tgid: Number(busiest.tgid_id) },
      },
      { name: "client, no filter", scope: clientScope, token: clientToken, filter: {} },
      {
        name: `client, status ${failure}`,
        scope: clientScope,
        token: clientToken,
        filter: { status: failure },
      },
    ];

    const loadStart = Deno.loadavg();
    const recorder = recordingDb(client);
    const scenarios: ScenarioResult[] = [];
    const statementsOf = new Map<string, Statement[]>();
    for (const s of pushScenarios) {
      const body = { type: "pushTraffic", filter: s.filter, count: 10, page: 10 } as const;
      const req = PushFindRequestSchema.parse(body);
      const bare = await recorder.capture((db) => findPushTraffic(db, s.scope, req));
      statementsOf.set(s.name, bare);

      progress(`find, ${s.name}: ${samples} requests and their bare SQL`);
      let answer = { total: 0, filtered: 0, rows: 0 };
      const [http, bareTiming] = await timeRuns(samples, warmup, [
        async () => {
          const page = await request(`${base}/rest/push/find`, s.token, body);
          answer = { total: page.total, filtered: page.filtered, rows: page.results.length };
        },
        replay(client, bare),
      ]);
      scenarios.push(summary(s.name, http, bareTiming, answer));
    }

    progress(`statistics, 30 days: ${samples} requests`);
    const end = new Date();
    const start = new Date(end.getTime() - 30 * DAY_MS);
    const query = { type: "push", start: start.toISOString(), end: end.toISOString() };
    const rollup = await recorder.capture((db) =>
      readStatistics(db, StatisticsQuerySchema.parse(query))
    );
    let stats = { total: 0, filtered: 0, rows: 0 };
    const [statsHttp, statsBare] = await timeRuns(samples, warmup, [
      async () => {
        const answer = await request(
          `${base}/rest/monitoring/statistics?${new URLSearchParams(query)}`,
          admin,
        );
        stats = { total: answer.total, filtered: answer.total, rows: answer.times.length };
      },
      replay(client, rollup),
    ]);
    const statistics = summary("statistics, push, 30 days", statsHttp, statsBare, stats);

    // The plans of the slowest scenario's statements, as the service runs them.
    const slowest = scenarios.reduce((a, b) => (b.bare.p99 > a.bare.p99 ? b : a));
    const explained = statementsOf.get(slowest.name)!;
    // One at a time, so no plan's timing shares the machine with another's.
    const statements = [];
    for (const st of explained) {
      const plan = await client.unsafe(
        `explain (analyze, buffers) ${st.text}`,
        st.params as postgres.ParameterOrJSON<never>[],
      );
      statements.push({ sql: st.text, plan: plan.map((r) => r["QUERY PLAN"]).join("\n") });
    }
    const explain = {
      scenario: slowest.name,
      statements,
    };
    return {
      seedSeconds,
      seedSteps,
      rows,
      samples,
      cap,
      client: chosen,
      targetP99Ms: TARGET_P99_MS,
      loadavg: { start: loadStart, end: Deno.loadavg() },
      scenarios,
      statistics,
      explain,
    };
  } finally {
    await portal?.proc.stop();
    await client.end({ timeout: 5 });
    await database.close();
    await scratch.drop();
  }
}

const ms = (n: number) => n.toFixed(1).padStart(7);

/** The result as a table (milliseconds). */
export function renderScale(r: ScaleResult): string {
  const head = `scale: ${r.rows.toLocaleString("en")} push traffic rows seeded in ${
    r.seedSeconds.toFixed(1)
  } s; ${r.samples} sequential samples (load average ${r.loadavg.start[0].toFixed(1)} → ${
    r.loadavg.end[0].toFixed(1)
  } on ${navigator.hardwareConcurrency} cores); client ${r.client.login} (own tgids ${
    (r.client.share * 100).toFixed(2)
  }% of rows); capped counts at ${r.cap}; target p99 ≤ ${r.targetP99Ms} ms and ≤ 2× bare`;
  const cols = "scenario                          total  filtered  http p50  http p99  " +
    "http max  bare p50  bare p99   ratio  ok";
  const line = (s: ScenarioResult, p99Target = true) =>
    [
      s.name.padEnd(30),
      String(s.total).padStart(9),
      String(s.filtered).padStart(9),
      ms(s.http.p50).padStart(9),
      ms(s.http.p99).padStart(9),
      ms(s.http.max).padStart(9),
      ms(s.bare.p50).padStart(9),
      ms(s.bare.p99).padStart(9),
      s.ratio.toFixed(2).padStart(7),
      (!p99Target || s.http.p99 <= r.targetP99Ms) && s.ratio <= 2 ? "  yes" : "  NO",
    ].join(" ");
  // The statistics' target is the ratio alone (their p99 is the rollup's read).
  return [head, cols, ...r.scenarios.map((s) => line(s)), line(r.statistics, false)].join("\n");
}
