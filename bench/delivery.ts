/**
 * Section 5 of `deno task bench`: delivery throughput on PostgreSQL. In a scratch database, N
 * messages for one TCP route are queued at once and delivered to a TCP sink on 127.0.0.1 by
 * (a) one `worker.ts` process and (b) two; the baseline (c) is a bare loop writing the same
 * frames to the same sink over one connection, in the same run. Messages/s is from the queue
 * insert to the last message delivered (status 4) and received; every id must arrive.
 */
import net from "node:net";
import { and, count, eq, gte, sql } from "drizzle-orm";
import { scratchDatabase } from "../db/scratch.ts";
import { openPostgres } from "../db/client.ts";
import { ensureReferenceData } from "../db/seed/reference.ts";
import { pushTraffic, tcpRoutes } from "../db/schema/mod.ts";
import { Factories } from "../tests/fixtures/factories.ts";
import { startTcpSink } from "../server/delivery/sinks/mod.ts";
import type { Sink } from "../server/delivery/sinks/mod.ts";
import { encodeFrame } from "../server/delivery/frame.ts";

interface ThroughputRun {
  label: string;
  messages: number;
  seconds: number;
  perSecond: number;
  /** Ids received more than once (at-least-once: 0 expected in the normal case). */
  duplicates: number;
  missing: number;
}

export interface DeliveryResult {
  bare: ThroughputRun;
  workers: ThroughputRun[];
  /** The target of issue 17: 2,000 messages/s on PostgreSQL. */
  target: number;
}

const CONTENT = "DNID 10001 MEM 7 POS 43.1000N 005.2000W SPD 7.2 CRS 130 2026-11-23 10:15";
const encoder = new TextEncoder();

async function waitFor(check: () => Promise<boolean> | boolean, limitMs: number, what: string) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function tally(label: string, sink: Sink, ids: number[], ms: number): ThroughputRun {
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

/** Starts a worker.ts child on `url`; resolves once it said it is ready. */
async function startWorker(url: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "worker.ts"],
    env: {
      DATABASE_URL: url,
      DELIVERY_ALLOW: "127.0.0.1/32",
      DELIVERY_PUBLIC: "deny",
      DEMO_SINKS: "off",
      NODE_ENV: "production",
    },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/ready/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`worker exited before it was ready: ${text}`);
    text += value;
  }
  // Keep draining its output.
  (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {});
  return {
    stop: async () => {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

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

    progress(`delivery: bare loop, ${messages} frames`);
    const bare = await bareLoop(sink, Array.from({ length: messages }, (_, i) => i + 1));

    const workers: ThroughputRun[] = [];
    for (const instances of [1, 2]) {
      progress(`delivery: ${messages} messages, ${instances} worker process(es)`);
      const started = await Promise.all(
        Array.from({ length: instances }, () => startWorker(scratch.url)),
      );
      try {
        sink.received.length = 0;
        const t0 = performance.now();
        const [{ last }] = await db.select({
          last: sql<number>`coalesce(max(${pushTraffic.id}), 0)::int`,
        })
          .from(pushTraffic);
        // One statement: the identity hands out last + 1 … last + N (nothing else inserts here).
        await db.execute(sql`
          insert into push_traffic (tgid_id, dnid, les, les_c_stored_time, status, delivery_type,
            protocol, data_length, content, routage_push_id, routage_type, next_attempt_at)
          select ${tgid.id}, 10001, 21, now(), 0, 0, 0, ${CONTENT.length}, ${CONTENT},
            ${route.id}, 0, now()
          from generate_series(1, ${messages})`);
        const ids = Array.from({ length: messages }, (_, i) => last + 1 + i);
        const first = Math.min(...ids);
        await waitFor(
          async () => {
            const [{ n }] = await db.select({ n: count() }).from(pushTraffic)
              .where(and(eq(pushTraffic.status, 4), gte(pushTraffic.id, first)));
            return n >= ids.length && sink.received.length >= ids.length;
          },
          300_000,
          "every message delivered",
        );
        workers.push(
          tally(
            `engine, ${instances} worker process${instances > 1 ? "es" : ""}`,
            sink,
            ids,
            performance.now() - t0,
          ),
        );
      } finally {
        await Promise.all(started.map((w) => w.stop()));
      }
    }
    return { bare, workers, target: 2000 };
  } finally {
    await sink.close();
    await database.close();
    await scratch.drop();
  }
}
