/**
 * Section 5 of `deno task bench`: delivery on PostgreSQL (issue 17, issue 41). In a scratch
 * database, N messages for one TCP route are queued at once and delivered to a TCP sink on
 * 127.0.0.1 by (a) one `worker.ts` process and (b) two; the peer, (c) graphile-worker configured
 * per its performance page (graphile_peer.ts), does the same job with the same frames; the
 * baseline (d) is a bare loop writing the same frames to the same sink over one connection, in
 * the same run. Messages/s is from the queue insert to the last message done (the engine:
 * status 4 Delivered; graphile-worker: its job completed) and received; every id must arrive.
 * Each run also times its insert (the traffic rows' one statement, graphile-worker's `add_jobs`
 * call), which no process can deliver during, and splits the machine's idle share there.
 * The engine and the peer run twice each, alternately; the ratio is of their medians. Then one
 * warmed run each: a process that first delivered WARM messages, unmeasured, so V8 compiled its
 * hot code (what a worker that has run a while does; the ratio of issue 41 is the cold one). Then
 * two processes of each side against one, warmed, and the engine's pair again with each worker
 * held to a share of a CPU. Then the trickle: one message stored every 100 ms, each timed from its
 * insert to its frame's arrival. Between them, twice, the floor (bare_engine.ts): the writes issue
 * 41 keeps, done by the database client alone with no engine around them — how fast the engine
 * could go at best on this machine.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { scratchDatabase } from "../../db/scratch.ts";
import { executeRows, openPostgres } from "../../db/client.ts";
import { ensureReferenceData } from "../../db/seed/reference.ts";
import { tcpRoutes } from "../../db/schema/mod.ts";
import { Factories } from "../../tests/fixtures/factories.ts";
import { startTcpSink } from "../../server/delivery/sinks/mod.ts";
import type { Sink } from "../../server/delivery/sinks/mod.ts";
import { encodeFrame } from "../../server/delivery/frame.ts";
import { percentile } from "../load.ts";
import { median } from "../pages/pages.ts";
import {
  type Burst,
  CONTENT,
  deliverAll as deliverMessages,
  storeMessages,
  waitFor,
} from "./frames.ts";
import { cpuMeter, type CpuPerMessage } from "./cpu.ts";
import { type CpuCap, cpuCap } from "./cpu_cap.ts";

export interface ThroughputRun {
  label: string;
  messages: number;
  seconds: number;
  perSecond: number;
  /** Ids received more than once (at-least-once: 0 expected in the normal case). */
  duplicates: number;
  missing: number;
  /**
   * How long queueing the messages took, inside `seconds`: the engine's insert of the traffic
   * rows (one statement), graphile-worker's `add_jobs` call. No process can deliver meanwhile.
   */
  insertSeconds?: number;
  /** What the run cost a message: its worker processes' CPU and PostgreSQL's (not the bare loop). */
  cpu?: CpuPerMessage;
}

/** Messages stored one at a time at a steady rate, each timed to its arrival at the sink. */
interface TrickleRun {
  messages: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface DeliveryResult {
  bare: ThroughputRun;
  /** The engine's runs: one worker process, two, one again. */
  workers: ThroughputRun[];
  /** graphile-worker's runs, one process each. */
  peer: ThroughputRun[];
  /** One worker's rate over graphile-worker's (the medians of their runs); target ≥ 1. */
  peerRatio: number;
  /**
   * bare_engine.ts's runs: the writes issue 41 keeps (the held claim's lock, the Delivered
   * update, the attempt row) with the database client alone, no engine.
   */
  floor?: ThroughputRun[];
  /** Their rate over graphile-worker's (the medians): the ceiling of `peerRatio` here. */
  floorRatio?: number;
  /**
   * One run each of a process that delivered `first` messages before the measured ones (its hot
   * code compiled), and the ratio of their rates: what a worker that has run a while does.
   */
  warmed?: { engine: ThroughputRun; peer: ThroughputRun; ratio: number; first: number };
  /**
   * Two worker processes against one, both warmed as `warmed`: like against like, without each
   * process's own compiling; graphile-worker's two processes against its one, the same way (what
   * a second process buys the peer on this machine); then the engine's pair again with each
   * worker process held to `core` of one CPU (cpu_cap.ts), where the workers rather than the
   * machine are the limit (`skipped`: why that pair could not run here).
   */
  scaling?: {
    warmed: { one: ThroughputRun; two: ThroughputRun };
    peer: { one: ThroughputRun; two: ThroughputRun };
    capped: { core: number; one: ThroughputRun; two: ThroughputRun } | {
      core: number;
      skipped: string;
    };
  };
  trickle: TrickleRun;
  /** The target of issue 17: 2,000 messages/s on PostgreSQL. */
  target: number;
}
const encoder = new TextEncoder();

function tally(
  label: string,
  sink: Sink,
  ids: number[],
  ms: number,
  insertMs?: number,
): ThroughputRun {
  const seen = new Map<number, number>();
  for (const m of sink.received) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
  const duplicates = [...seen.values()].reduce((n, c) => n + c - 1, 0);
  const missing = ids.filter((id) => !seen.has(id)).length;
  return {
    label,
    messages: ids.length,
    seconds: ms / 1000,
    perSecond: ids.length / (ms / 1000),
    duplicates,
    missing,
    insertSeconds: insertMs === undefined ? undefined : insertMs / 1000,
  };
}

/** The baseline: the same frames, one connection, written as fast as the socket takes them. */
async function bareLoop(sink: Sink, ids: number[]): Promise<ThroughputRun> {
  sink.received.length = 0;
  const body = encoder.encode(CONTENT);
  const t0 = performance.now();
  const socket = net.connect({ host: "127.0.0.1", port: sink.port });
  await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  for (const id of ids) {
    if (!socket.write(encodeFrame(id, body))) {
      await new Promise((resolve) => socket.once("drain", resolve));
    }
  }
  await waitFor(() => sink.received.length >= ids.length, 120_000, "the bare loop's frames");
  const ms = performance.now() - t0;
  await new Promise<void>((resolve) => socket.end(resolve));
  return tally("bare loop, same frames, 1 connection", sink, ids, ms);
}

/** A child process of the bench, started and ready. */
interface Child {
  pid: number;
  stop(): Promise<void>;
}

/** Starts a child (`deno run -A …args`); resolves once it printed "ready". */
async function startChild(args: string[], env: Record<string, string> = {}): Promise<Child> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...args],
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/ready/i.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${args[0]} exited before it was ready: ${text}`);
    text += value;
  }
  // Keep draining its output.
  (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {});
  return {
    pid: child.pid,
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** A worker.ts child on `url`, the engine alone (as `deno task worker` runs it). */
const startWorker = (url: string) =>
  startChild(["worker.ts"], {
    DATABASE_URL: url,
    DELIVERY_ALLOW: "127.0.0.1/32",
    DELIVERY_PUBLIC: "deny",
    DEMO_SINKS: "off",
    NODE_ENV: "production",
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureDelivery(
  databaseUrl: string,
  messages: number,
  progress: (msg: string) => void,
): Promise<DeliveryResult> {
  const scratch = await scratchDatabase(databaseUrl, "portal_bench_delivery");
  const database = openPostgres(scratch.url, { max: 4 });
  const sink = await startTcpSink();
  try {
    await database.migrate();
    await ensureReferenceData(database.db, "bench");
    const db = database.db;
    const tgid = await new Factories(db).tgid();
    const [route] = await db.insert(tcpRoutes).values({
      tgidId: tgid.id,
      ipPortTxPrimary: `127.0.0.1:${sink.port}`,
    }).returning();
    const store = (n: number) => storeMessages(db, tgid.id, route.id, n);

    progress(`delivery: bare loop, ${messages} frames`);
    const bare = await bareLoop(sink, Array.from({ length: messages }, (_, i) => i + 1));

    const deliverAll = (n: number, inserted?: () => void) =>
      deliverMessages(db, sink, tgid.id, route.id, n, inserted);

    /**
     * The processes `start` starts deliver `messages` queued at once; `warm`: after delivering
     * that many a process first, unmeasured (a worker that has run a while: its code compiled by
     * V8); `core`: each process held to that much of one CPU once it is ready.
     */
    const measured = async (
      label: string,
      start: () => Promise<Child>[],
      warm = 0,
      core?: number,
    ) => {
      const started = await Promise.all(start());
      const caps: CpuCap[] = [];
      try {
        if (core !== undefined) {
          for (const [i, child] of started.entries()) {
            caps.push(cpuCap(`portal_bench_worker_${i}`, core));
            caps.at(-1)!.add(child.pid);
          }
        }
        sink.received.length = 0;
        // Each process warmed as one alone is: two share twice the messages.
        if (warm) await deliverAll(warm * started.length);
        sink.received.length = 0;
        const meter = cpuMeter(started.map((w) => w.pid));
        const t0 = performance.now();
        const { ids, insertMs } = await deliverAll(messages, meter.inserted);
        const ms = performance.now() - t0;
        return { ...tally(label, sink, ids, ms, insertMs), cpu: meter.perMessage(ids.length) };
      } finally {
        await Promise.all(started.map((w) => w.stop()));
        for (const cap of caps) cap.remove();
      }
    };

    /** `instances` worker.ts processes; `warm` and `core` as `measured`'s. */
    const engine = (instances: number, warm = 0, core?: number) => {
      progress(`delivery: ${messages} messages, ${instances} worker process(es)`);
      const processes = `${instances} worker process${instances > 1 ? "es" : ""}`;
      const limit = core === undefined ? "" : `, ${core} core each`;
      return measured(
        `engine, ${processes}${warm ? ", warmed" : ""}${limit}`,
        () => Array.from({ length: instances }, () => startWorker(scratch.url)),
        warm,
        core,
      );
    };

    /** One worker process and two, warmed, each held to CAPPED_CORE; skipped where it cannot be. */
    const capped = async () => {
      try {
        cpuCap("portal_bench_probe", CAPPED_CORE).remove();
      } catch (e) {
        return { core: CAPPED_CORE, skipped: (e as Error).message };
      }
      const one = await engine(1, WARM, CAPPED_CORE);
      return { core: CAPPED_CORE, one, two: await engine(2, WARM, CAPPED_CORE) };
    };

    /** bare_engine.ts: the writes alone, no engine (the ceiling of the engine's rate). */
    const floor = () => {
      progress(`delivery: ${messages} messages, the issue's writes alone (bare_engine.ts)`);
      return measured("the issue's writes alone, 1 process", () => [
        startChild([
          new URL("./bare_engine.ts", import.meta.url).pathname,
          scratch.url,
          String(sink.port),
        ]),
      ]);
    };

    /** Adds `n` graphile-worker jobs (ids from `base`) and waits until every one is done. */
    const runJobs = async (base: number, n: number, inserted?: () => void): Promise<Burst> => {
      const ids = Array.from({ length: n }, (_, i) => base + i);
      const t0 = performance.now();
      await db.execute(sql`
        select count(*) from graphile_worker.add_jobs(array(
          select row('deliver', json_build_object('id', ${base} + i), null, null, null, null,
            null, null)::graphile_worker.job_spec
          from generate_series(0, ${n - 1}) i))`);
      const insertMs = performance.now() - t0;
      inserted?.();
      await waitFor(
        async () => {
          if (sink.received.length < ids.length) return false;
          const [{ n }] = await executeRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from graphile_worker._private_jobs`,
          );
          return n === 0;
        },
        300_000,
        "every job done",
      );
      return { ids, insertMs };
    };

    /**
     * graphile-worker delivers `messages` jobs added at once (ids from `base`) with `instances`
     * processes; `warm`: after each process delivered that many first, unmeasured, as the
     * engine's warmed runs.
     */
    const peer = async (base: number, warm = 0, instances = 1) => {
      const processes = `${instances} process${instances > 1 ? "es" : ""}`;
      progress(`delivery: ${messages} graphile-worker jobs, ${processes}`);
      const started = await Promise.all(Array.from({ length: instances }, () =>
        startChild([
          new URL("./graphile_peer.ts", import.meta.url).pathname,
          scratch.url,
          String(sink.port),
        ])));
      try {
        sink.received.length = 0;
        if (warm) await runJobs(base + messages, warm * instances);
        sink.received.length = 0;
        const meter = cpuMeter(started.map((p) => p.pid));
        const t0 = performance.now();
        const { ids, insertMs } = await runJobs(base, messages, meter.inserted);
        const ms = performance.now() - t0;
        const label = `graphile-worker 0.18.0, ${processes}${warm ? ", warmed" : ""}`;
        return { ...tally(label, sink, ids, ms, insertMs), cpu: meter.perMessage(ids.length) };
      } finally {
        await Promise.all(started.map((p) => p.stop()));
      }
    };

    const one: ThroughputRun[] = [];
    const peers: ThroughputRun[] = [];
    const floors: ThroughputRun[] = [];
    one.push(await engine(1));
    peers.push(await peer(10_000_000));
    floors.push(await floor());
    const two = await engine(2);
    peers.push(await peer(20_000_000));
    floors.push(await floor());
    one.push(await engine(1));
    const warmed = { engine: await engine(1, WARM), peer: await peer(30_000_000, WARM) };
    const scaling = {
      warmed: { one: warmed.engine, two: await engine(2, WARM) },
      peer: { one: warmed.peer, two: await peer(40_000_000, WARM, 2) },
      capped: await capped(),
    };

    progress("delivery: a trickle, 10 messages a second, 1 worker process");
    const trickle = await measureTrickle(scratch.url, sink, store);
    return {
      bare,
      workers: [one[0], two, one[1]],
      peer: peers,
      peerRatio: median(one.map((r) => r.perSecond)) / median(peers.map((r) => r.perSecond)),
      floor: floors,
      floorRatio: median(floors.map((r) => r.perSecond)) / median(peers.map((r) => r.perSecond)),
      warmed: { ...warmed, ratio: warmed.engine.perSecond / warmed.peer.perSecond, first: WARM },
      scaling,
      trickle,
      target: 2000,
    };
  } finally {
    await sink.close();
    await database.close();
    await scratch.drop();
  }
}

/** Messages a warmed run delivers before its measured ones. */
const WARM = 5000;

/**
 * The share of one CPU each worker process gets in the worker-bound runs: about half of what one
 * warmed worker uses here at full speed (11 µs a message at 26,000 a second), so that one worker
 * is the limit and the database is not.
 */
const CAPPED_CORE = 0.15;

const TRICKLE_RATE = 10;
const TRICKLE_MESSAGES = 200;

/**
 * One worker process, idle; a message stored every 1/TRICKLE_RATE s, each timed from just before
 * its insert to its frame's arrival: what a wake-up costs a message (a poll would add up to the
 * poll's interval).
 */
async function measureTrickle(
  url: string,
  sink: Sink,
  store: (n: number) => Promise<number[]>,
): Promise<TrickleRun> {
  const worker = await startWorker(url);
  try {
    sink.received.length = 0;
    await sleep(1000); // idle: its first polls are over
    const storedAt = new Map<number, number>();
    const interval = 1000 / TRICKLE_RATE;
    const start = Date.now();
    for (let i = 0; i < TRICKLE_MESSAGES; i++) {
      await sleep(Math.max(0, start + i * interval - Date.now()));
      const t0 = Date.now();
      const [id] = await store(1);
      storedAt.set(id, t0);
    }
    await waitFor(() => sink.received.length >= TRICKLE_MESSAGES, 30_000, "the trickle");
    const latencies = Float64Array.from(
      sink.received.map((m) => m.at.getTime() - storedAt.get(m.id)!),
    ).sort();
    return {
      messages: TRICKLE_MESSAGES,
      perSecond: TRICKLE_RATE,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      maxMs: latencies[latencies.length - 1],
    };
  } finally {
    await worker.stop();
  }
}
