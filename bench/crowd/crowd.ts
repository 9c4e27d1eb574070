/**
 * Section 9 of `deno task bench`, a crowd on PostgreSQL (issue 39), every phase in one run on one
 * scratch database, `connections` closed loops each (bench/mixed.ts's mix of reads, finds and
 * writes, without its logins):
 * 1. the bare Hono route (GET /ping), the yardstick;
 * 2. the mix against one main.ts;
 * 3. the same mix while sign-ins arrive at `stormRate` a second whatever the answers (an open
 *    loop: a crowd does not wait for each other), each given SIGN_IN_TIMEOUT_MS;
 * 4. the mix against two main.ts on the same database, connection i on instance i mod 2 (as a
 *    round-robin proxy would spread them), then with twice the connections.
 */
import { type LoadResult, percentile } from "../load.ts";
import {
  DEFAULT_WEIGHTS,
  measureBare,
  type MixedWorld,
  prepareWorld,
  runMix,
  startBenchPortal,
  withBenchDatabase,
} from "../mixed.ts";
import { TEST_PASSWORD } from "../../tests/fixtures/factories.ts";
import { cpuLine, type CpuPerRequest, withCpu } from "./cpu.ts";

interface CrowdOptions {
  connections: number;
  windowMs: number;
  warmupMs: number;
  /** Sign-ins a second during phase 3. */
  stormRate: number;
  progress: (msg: string) => void;
}

/** A mix's result, with what a request cost each process in CPU time. */
type Mix = Awaited<ReturnType<typeof runMix>> & { cpu: CpuPerRequest | null };

interface SignIns {
  rate: number;
  sent: number;
  statuses: Record<string, number>;
  /** Answered 200: p50 and p99 in ms. */
  signedInP50Ms: number;
  signedInP99Ms: number;
  /** Answered 503 (the pool full): the slowest, in ms. */
  refusedMaxMs: number;
  /** Not answered within SIGN_IN_TIMEOUT_MS. */
  timeouts: number;
}

export interface CrowdResult {
  connections: number;
  windowMs: number;
  bare: LoadResult;
  oneInstance: Mix;
  storm: { mix: Mix; signIns: SignIns };
  twoInstances: Mix;
  twoInstancesDoubled: Mix;
}

/** A sign-in not answered within this is a timeout (what the crowd must never meet). */
const SIGN_IN_TIMEOUT_MS = 10_000;

const NO_LOGINS = { ...DEFAULT_WEIGHTS, login: 0 };

/**
 * Sign-ins at `rate` a second for `ms`, each by one of `crowd` (users who sign in once each, as
 * a crowd at nine does: one user's sign-ins in flight count against its lockout), timed one by one.
 */
async function signInStorm(
  base: string,
  crowd: string[],
  rate: number,
  ms: number,
): Promise<SignIns> {
  const statuses: Record<string, number> = {};
  const signedIn: number[] = [];
  let refusedMax = 0, timeouts = 0, sent = 0;
  const client = Deno.createHttpClient({});
  const one = async (username: string) => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/rest/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: TEST_PASSWORD, remember: false }),
        signal: AbortSignal.timeout(SIGN_IN_TIMEOUT_MS),
        client,
      } as RequestInit);
      await res.body?.cancel();
      const took = performance.now() - t0;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status === 200) signedIn.push(took);
      if (res.status === 503) refusedMax = Math.max(refusedMax, took);
    } catch (e) {
      const name = (e as Error).name;
      if (name === "TimeoutError") timeouts++;
      statuses[name] = (statuses[name] ?? 0) + 1;
    }
  };
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; performance.now() - start < ms; i++) {
    pending.push(one(crowd[i % crowd.length]));
    sent++;
    const next = start + (i + 1) * 1000 / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  await Promise.all(pending);
  client.close();
  const sorted = Float64Array.from(signedIn).sort();
  return {
    rate,
    sent,
    statuses,
    signedInP50Ms: percentile(sorted, 50),
    signedInP99Ms: percentile(sorted, 99),
    refusedMaxMs: refusedMax,
    timeouts,
  };
}

/** The world's connections, connection i on `bases[i % bases.length]`, `times` over. */
const spread = (world: MixedWorld, bases: string[], times = 1): MixedWorld => ({
  ...world,
  connections: Array.from({ length: times }, () => world.connections).flat()
    .map((c, i) => ({ ...c, base: bases[i % bases.length] })),
});

export function measureCrowd(databaseUrl: string, opts: CrowdOptions): Promise<CrowdResult> {
  const { connections, warmupMs, windowMs, progress } = opts;
  return withBenchDatabase(databaseUrl, async ({ url, admin, seed, crowd }) => {
    const portals = [await startBenchPortal(url)];
    try {
      const base = portals[0].base;
      progress(`crowd: ${connections} users and their data through the API`);
      const world = await prepareWorld(base, {
        admin: await admin(),
        connections,
        windowMs,
        warmupMs,
        weights: NO_LOGINS,
        tenants: 4, // every tenant has a user at 16 connections (4 per user)
        terminalsPerTgid: 10,
        seed,
        progress,
      });
      await seed(world);
      const signingIn = await crowd(
        world.tenants[0],
        Math.ceil(opts.stormRate * (warmupMs + windowMs) / 1000),
      );

      progress(`crowd 1/4: bare Hono GET /ping, ${connections} connections`);
      const bare = await measureBare(connections, { warmupMs, windowMs });

      // A mix of `w` with the CPU each process spent per request answered.
      const mixOf = (w: MixedWorld) =>
        withCpu(
          portals.map((p) => p.proc.child.pid),
          warmupMs,
          windowMs,
          runMix(base, w, NO_LOGINS, warmupMs, windowMs),
        );

      progress(`crowd 2/4: the mix without sign-ins, one instance`);
      const oneInstance = await mixOf(world);

      progress(`crowd 3/4: the same mix with ${opts.stormRate} sign-ins a second`);
      const [mix, signIns] = await Promise.all([
        mixOf(world),
        signInStorm(base, signingIn, opts.stormRate, warmupMs + windowMs),
      ]);

      progress(`crowd 4/4: two instances on one database`);
      portals.push(await startBenchPortal(url));
      const bases = portals.map((p) => p.base);
      const twoInstances = await mixOf(spread(world, bases));
      const twoInstancesDoubled = await mixOf(spread(world, bases, 2));
      return {
        connections,
        windowMs,
        bare,
        oneInstance,
        storm: { mix, signIns },
        twoInstances,
        twoInstancesDoubled,
      };
    } finally {
      for (const p of portals) await p.proc.stop();
    }
  });
}

const n = (x: number, digits = 0) => Number.isFinite(x) ? x.toFixed(digits) : "–";
const flag = (ok: boolean) => ok ? "" : "  ! over target";

/** A mix's line: throughput, reads' and all kinds' p99, errors. */
function mixLine(label: string, m: Mix, bare: LoadResult, flags = ""): string {
  const p99 = Math.max(m.kinds.read.p99Ms, m.kinds.find.p99Ms, m.kinds.write.p99Ms);
  return `${label}: ${n(m.rps)} rps (${n(m.rps / bare.rps, 2)}x bare), p99 reads ` +
    `${n(m.kinds.read.p99Ms, 1)} / finds ${n(m.kinds.find.p99Ms, 1)} / writes ` +
    `${n(m.kinds.write.p99Ms, 1)} ms, ${m.errors} errors` + flag(p99 <= 50 && m.errors === 0) +
    flags + `\n  ${cpuLine(m.cpu)}`;
}

export function renderCrowd(r: CrowdResult): string {
  const s = r.storm.signIns;
  const readsRatio = r.storm.mix.kinds.read.p99Ms / r.oneInstance.kinds.read.p99Ms;
  return [
    `${r.connections} connections, ${r.windowMs / 1000} s a phase; targets: ≥ 0.2x bare, p99 ≤ ` +
    `50 ms, 0 errors; with sign-ins reads' p99 ≤ 2x, no sign-in timed out`,
    `bare Hono GET /ping: ${n(r.bare.rps)} rps, p99 ${n(r.bare.p99Ms, 1)} ms`,
    mixLine(
      "mix, one instance",
      r.oneInstance,
      r.bare,
      r.oneInstance.rps >= 0.2 * r.bare.rps ? "" : "  ! under 0.2x bare",
    ),
    mixLine(`mix + ${s.rate} sign-ins/s`, r.storm.mix, r.bare),
    `  reads' p99 ${n(readsRatio, 2)}x without sign-ins${flag(readsRatio <= 2)}`,
    `  sign-ins: ${s.sent} sent, ${JSON.stringify(s.statuses)}; signed in p50 ` +
    `${n(s.signedInP50Ms)} ms, p99 ${n(s.signedInP99Ms)} ms; slowest 503 ${
      n(s.refusedMaxMs)
    } ms; ` +
    `${s.timeouts} timed out${flag(s.timeouts === 0)}`,
    mixLine("mix, two instances", r.twoInstances, r.bare),
    mixLine(`mix, two instances, ${2 * r.connections} connections`, r.twoInstancesDoubled, r.bare),
  ].join("\n");
}

if (import.meta.main) {
  // `./deno run -A bench/crowd/crowd.ts [connections] [window s]` with DATABASE_URL: this section alone.
  const databaseUrl = Deno.env.get("DATABASE_URL");
  if (!databaseUrl) throw new Error("DATABASE_URL is not set: the crowd runs on PostgreSQL");
  const result = await measureCrowd(databaseUrl, {
    connections: Number(Deno.args[0] ?? 16),
    windowMs: Number(Deno.args[1] ?? 20) * 1000,
    warmupMs: 2000,
    stormRate: 20,
    progress: (msg) => console.log(`… ${msg}`),
  });
  console.log(renderCrowd(result));
}
