/**
 * Section 10 of `deno task bench`, the audit trail's cost on PostgreSQL (issue 40, decision 0024),
 * on one scratch database:
 * 1. writes (section 6's: add a terminal, relabel one) from `connections` connections against
 *    two main.ts on the database, one with the trail (AUDIT_TRAIL, the default) and one without,
 *    the writes' p50 with the trail against without:
 *    - paced: `pace` writes a second in all, evenly spaced, both instances in the same windows
 *      (half the connections each, swapped every window, four windows): what a write waits for
 *      the trail at a steady load well within what the machine takes (the target);
 *    - saturated: closed loops, each write as soon as the last ended (off, on twice): the
 *      machine's CPU is the queue then, so the ratio is what the trail costs in capacity;
 * 2. `entries` audit entries (1,000,000 by default) over 400 days, 5,000 users and 50,000 rows,
 *    then POST /rest/audit/find one request at a time: a row's history and a user's entries as an
 *    administrator, a row's history as a client: p50 and p99 of `samples` requests each.
 */
import { sql } from "drizzle-orm";
import { percentile } from "../load.ts";
import { median } from "../pages/pages.ts";
import {
  call,
  type Kind,
  login,
  type MixedWorld,
  prepareWorld,
  runMix,
  startBenchPortal,
  startPortal,
  withBenchDatabase,
} from "../mixed.ts";
import { openPostgres } from "../../db/client.ts";
import { cpuLine, type CpuPerRequest, withCpu } from "../crowd/cpu.ts";

interface AuditBenchOptions {
  connections: number;
  /** Writes a second in all in the paced windows. */
  pace: number;
  windowMs: number;
  warmupMs: number;
  entries: number;
  samples: number;
  progress: (msg: string) => void;
}

interface WritePhase {
  trail: boolean;
  /** Paced (`pace` writes a second), or closed loops (saturated). */
  paced: boolean;
  /** What a write cost each process in CPU time. */
  cpu: CpuPerRequest | null;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

interface FindTiming {
  name: string;
  samples: number;
  p50Ms: number;
  p99Ms: number;
}

export interface AuditBenchResult {
  connections: number;
  pace: number;
  windowMs: number;
  phases: WritePhase[];
  /** Paced: the writes' p50 with the trail over without (the median of each's phases). */
  writeP50Ratio: number;
  /** The same in the saturated phases. */
  saturatedP50Ratio: number;
  entries: number;
  insertSeconds: number;
  finds: FindTiming[];
}

const WRITES: Record<Kind, number> = { read: 0, find: 0, write: 1, login: 0 };
/** Paced windows (each measures both instances). */
const PACED_WINDOWS = 4;
const USERS = 5000, ROWS = 50_000, COMPANIES = 200, DAYS = 400;

/** The world's connections, all on `base`. */
const on = (world: MixedWorld, base: string): MixedWorld => ({
  ...world,
  connections: world.connections.map((c) => ({ ...c, base })),
});

/**
 * `entries` entries in one statement, spread as a year of a busy operator's would be: in time
 * order (as they are recorded), over DAYS days, users, rows and companies.
 */
async function insertEntries(url: string, entries: number, companyId: number) {
  const database = openPostgres(url, { max: 1 });
  try {
    await database.db.execute(sql`
      insert into audit_entries (at, user_key, user_login, user_name, company_id, client_address,
        operation, action, row_table, row_id, row_company_id, changes)
      select now() - (${entries} - i) * (${DAYS} * interval '1 day' / ${entries}),
        1000000 + i % ${USERS}, 'user' || (i % ${USERS}) || '@bench.example', 'Bench User',
        ${companyId}, '10.0.0.' || (i % 250),
        (array['teamsUpdate', 'terminalUpdateLabel', 'pushUpdateTcp', 'companiesUpdate'])[1 + i % 4],
        'update', (array['teams', 'terminals', 'routes_tcp', 'companies'])[1 + i % 4],
        (i % ${ROWS})::text,
        case when i % ${COMPANIES} = 0 then ${companyId} else 1000000 + i % ${COMPANIES} end,
        jsonb_build_object('name', jsonb_build_object('before', 'a' || i, 'after', 'b' || i))
      from generate_series(1, ${entries}) i`);
    await database.db.execute(sql`analyze audit_entries`);
  } finally {
    await database.close();
  }
}

/** `samples` finds one after another, each filter drawn anew: p50 and p99. */
async function timeFinds(
  base: string,
  token: string,
  name: string,
  samples: number,
  filter: () => Record<string, unknown>,
): Promise<FindTiming> {
  const times = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await call(base, "POST", "/rest/audit/find", { token, json: { filter: filter() } });
    times[i] = performance.now() - t0;
  }
  times.sort();
  return { name, samples, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}

const pick = (n: number) => Math.floor(Math.random() * n);

export function measureAudit(
  databaseUrl: string,
  opts: AuditBenchOptions,
): Promise<AuditBenchResult> {
  const { connections, warmupMs, windowMs, progress } = opts;
  return withBenchDatabase(databaseUrl, async ({ url, admin, seed }) => {
    const trailed = await startBenchPortal(url);
    const untrailed = await startPortal({
      DATABASE_URL: url,
      SESSION_SECRET: "b".repeat(40),
      AUDIT_TRAIL: "false",
    });
    try {
      progress(`audit: ${connections} users and their data through the API`);
      const administrator = await admin();
      const world = await prepareWorld(trailed.base, {
        admin: administrator,
        connections,
        windowMs,
        warmupMs,
        weights: WRITES,
        tenants: Math.max(1, Math.floor(connections / 4)), // 4 connections a user, as section 9
        terminalsPerTgid: 10,
        seed,
        progress,
      });
      const phases: WritePhase[] = [];
      // Paced: both instances in the same windows, half the connections each (the halves swap
      // every window), so whatever else the machine does weighs on both alike.
      for (let round = 0; round < PACED_WINDOWS; round++) {
        progress(`audit: writes paced, with and without the trail side by side (${round + 1})`);
        const sides = [trailed, untrailed].map((portal, i) => {
          const half = world.connections.filter((_, c) => (c + round + i) % 2 === 0)
            .map((c) => ({ ...c, base: portal.base }));
          return runMix(
            portal.base,
            { ...world, connections: half },
            WRITES,
            warmupMs,
            windowMs,
            opts.pace / connections,
          );
        });
        const [withTrail, without] = await Promise.all(sides);
        for (const [trail, m] of [[true, withTrail], [false, without]] as const) {
          const w = m.kinds.write;
          phases.push({
            trail,
            paced: true,
            rps: m.rps,
            p50Ms: w.p50Ms,
            p99Ms: w.p99Ms,
            errors: m.errors,
            cpu: null, // two instances at once: the CPU is not one's
          });
        }
      }
      // Saturated: one instance at a time (its CPU a write measured), alternating.
      for (const trail of [false, true, false, true]) {
        progress(`audit: writes ${trail ? "with" : "without"} the trail, saturated`);
        const base = trail ? trailed.base : untrailed.base;
        const portal = trail ? trailed : untrailed;
        const m = await withCpu(
          [portal.proc.child.pid],
          warmupMs,
          windowMs,
          runMix(base, on(world, base), WRITES, warmupMs, windowMs),
        );
        const w = m.kinds.write;
        phases.push({
          trail,
          paced: false,
          rps: m.rps,
          p50Ms: w.p50Ms,
          p99Ms: w.p99Ms,
          errors: m.errors,
          cpu: m.cpu,
        });
      }
      const p50 = (trail: boolean, paced: boolean) =>
        median(phases.filter((p) => p.trail === trail && p.paced === paced).map((p) => p.p50Ms));

      progress(`audit: ${opts.entries.toLocaleString("en-US")} entries`);
      const client = world.connections[0];
      const t0 = performance.now();
      await insertEntries(url, opts.entries, client.tenant.companyId);
      const insertSeconds = (performance.now() - t0) / 1000;
      progress("audit: finds");
      const adminToken = await login(trailed.base, administrator.username, administrator.password);
      const tables = ["teams", "terminals", "routes_tcp", "companies"];
      // Row i's table is tables[i % 4]: a drawn row is always one that has entries.
      const row = () => {
        const i = pick(ROWS);
        return { rowTable: tables[i % 4], rowId: String(i) };
      };
      const finds = [
        await timeFinds(
          trailed.base,
          adminToken,
          "administrator, a row's history",
          opts.samples,
          row,
        ),
        await timeFinds(
          trailed.base,
          adminToken,
          "administrator, a user's entries",
          opts.samples,
          () => ({ userKey: 1000000 + pick(USERS) }),
        ),
        await timeFinds(trailed.base, client.token, "client, a row's history", opts.samples, row),
        // The page's first load, and a day of it: the newest entries of a million.
        await timeFinds(
          trailed.base,
          adminToken,
          "administrator, newest first",
          opts.samples,
          () => ({}),
        ),
        await timeFinds(trailed.base, adminToken, "administrator, one day", opts.samples, () => {
          const day = new Date(Date.now() - pick(DAYS) * 86_400_000).toISOString().slice(0, 10);
          return { from: day, to: day };
        }),
      ];
      return {
        connections,
        pace: opts.pace,
        windowMs,
        phases,
        writeP50Ratio: p50(true, true) / p50(false, true),
        saturatedP50Ratio: p50(true, false) / p50(false, false),
        entries: opts.entries,
        insertSeconds,
        finds,
      };
    } finally {
      await Promise.all([trailed.proc.stop(), untrailed.proc.stop()]);
    }
  });
}

const n = (x: number, digits = 0) => Number.isFinite(x) ? x.toFixed(digits) : "–";
const flag = (ok: boolean) => ok ? "" : "  ! over target";

const phaseLine = (p: WritePhase) =>
  `  ${p.paced ? "paced    " : "saturated"} writes ${p.trail ? "with   " : "without"} the trail: ` +
  `${n(p.rps)} rps, p50 ${n(p.p50Ms, 1)} ms, p99 ${n(p.p99Ms, 1)} ms, ${p.errors} errors` +
  (p.paced ? " (side by side)" : `\n    ${cpuLine(p.cpu)}`);

export function renderAudit(r: AuditBenchResult): string {
  return [
    `${r.connections} connections of writes, ${r.windowMs / 1000} s a phase, alternating; ` +
    `targets: writes' p50 at ${r.pace} writes/s with the trail ≤ 1.10x without; a find over ` +
    `the entries p99 ≤ 30 ms`,
    ...r.phases.map(phaseLine),
    `  writes' p50 with the trail, paced at ${r.pace}/s: ${n(r.writeP50Ratio, 2)}x without${
      flag(r.writeP50Ratio <= 1.1)
    }`,
    `  writes' p50 with the trail, saturated (the CPU's queue: what the trail costs in ` +
    `capacity): ${n(r.saturatedP50Ratio, 2)}x without`,
    `${r.entries.toLocaleString("en-US")} entries inserted in ${n(r.insertSeconds, 1)} s`,
    ...r.finds.map((f) =>
      `  POST /rest/audit/find, ${f.name}: p50 ${n(f.p50Ms, 1)} ms, p99 ${n(f.p99Ms, 1)} ms ` +
      `(${f.samples} requests)${flag(f.p99Ms <= 30)}`
    ),
  ].join("\n");
}

if (import.meta.main) {
  // `./deno run -A bench/audit/audit.ts [connections] [window s] [entries]` with DATABASE_URL.
  const databaseUrl = Deno.env.get("DATABASE_URL");
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: the audit bench runs on PostgreSQL");
  const result = await measureAudit(databaseUrl, {
    connections: Number(Deno.args[0] ?? 8),
    pace: Number(Deno.env.get("BENCH_AUDIT_PACE") ?? 200),
    windowMs: Number(Deno.args[1] ?? 10) * 1000,
    warmupMs: 2000,
    entries: Number(Deno.args[2] ?? 1_000_000),
    samples: 300,
    progress: (msg) => console.log(`… ${msg}`),
  });
  console.log(renderAudit(result));
}
