/**
 * kill -9 mid-burst, then a restart (PostgreSQL only: processes share the queue there): of a
 * delivery worker (`worker.ts`) and of the server with its built-in engine (`main.ts`), each as
 * a child process against a database of its own; the TCP receiver runs in this process. Every
 * message must end delivered at least once with its id, and only the messages the killed process
 * held may arrive twice.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { pushTraffic } from "../../../db/schema/mod.ts";
import { startTcpSink } from "../../../server/delivery/sinks/mod.ts";
import { TEST_PG_URL } from "../../fixtures/db.ts";
import { ownDatabase, queueMessages, waitFor } from "../../fixtures/delivery.ts";
import { Factories } from "../../fixtures/factories.ts";
import { makeRoute } from "../../fixtures/routes.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** The processes that run the engine: the worker alone, and the server (its built-in engine). */
const PROCESSES = {
  "worker.ts": { env: {}, ready: "ready" },
  "main.ts": {
    env: {
      SESSION_SECRET: "s".repeat(40),
      PORT: "0",
      HOST: "127.0.0.1",
      SEED: "none",
      DEMO_SINKS: "off",
    },
    ready: "Portal ready",
  },
} as const;
type Script = keyof typeof PROCESSES;

/** Starts `deno run -A <script>` with `env`; `ready` resolves on its ready line. */
function spawnWorker(env: Record<string, string>, script: Script = "worker.ts") {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    cwd: ROOT,
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  return {
    child,
    output: () => output,
    ready: () =>
      waitFor(
        `${script}'s ready line`,
        () => Promise.resolve(output.includes(PROCESSES[script].ready)),
        60_000,
      ),
    /** The exit status, once the output is read to the end. */
    done: async () => {
      const status = await child.status;
      await drained;
      return status;
    },
  };
}

Deno.test("[delivery] the worker needs DATABASE_URL", async () => {
  const worker = spawnWorker({ DATABASE_URL: "" });
  const status = await worker.done();
  assert.equal(status.code, 1);
  assert.match(worker.output(), /The worker needs DATABASE_URL \(PostgreSQL\)/);
});

for (const script of Object.keys(PROCESSES) as Script[]) {
  Deno.test({
    name:
      `[delivery] kill -9 of ${script} mid-burst, restart: every message delivered, at least once`,
    ignore: !TEST_PG_URL,
    fn: async () => {
      const own = await ownDatabase("postgres");
      const sink = await startTcpSink();
      const workers: ReturnType<typeof spawnWorker>[] = [];
      try {
        const db = own.database.db;
        const f = new Factories(db);
        const tgid = await f.tgid();
        const route = await makeRoute(db, "tcp", tgid.id, {
          ipPortTxPrimary: `127.0.0.1:${sink.port}`,
          ipPortTxSecondary: null,
          txSecondaryUp: 0,
        });
        const messages = await queueMessages(db, {
          tgidId: tgid.id,
          deliveryType: 0,
          routeId: route.id,
          count: 3_000,
        });
        const ids = messages.map((m) => m.id);
        const env = {
          DATABASE_URL: own.url!,
          DELIVERY_LEASE_SECONDS: "2",
          DELIVERY_ALLOW: "127.0.0.1/32",
          DELIVERY_PUBLIC: "deny",
          DELIVERY_TIMEOUT_MS: "2000",
          ...PROCESSES[script].env,
        };

        const first = spawnWorker(env, script);
        workers.push(first);
        await first.ready();
        await waitFor("the burst under way", () => Promise.resolve(sink.received.length >= 300));
        first.child.kill("SIGKILL");
        const killed = await first.done();
        assert.equal(killed.signal, "SIGKILL");
        const receivedAtKill = sink.received.length;
        assert.ok(receivedAtKill < ids.length, `killed mid-burst (${receivedAtKill} received)`);
        // What the dead worker may have held: not recorded Delivered. Its held claims rolled
        // back with its connection (status as before, due), its leases wait for their end
        // (status 1). Only these may arrive twice: a message recorded Delivered never does.
        const held = new Set(
          (await db.select({ id: pushTraffic.id }).from(pushTraffic)
            .where(sql`${pushTraffic.status} <> 4 and ${inArray(pushTraffic.id, ids)}`))
            .map((r) => r.id),
        );
        assert.ok(held.size > 0, "the killed worker left messages undelivered");

        const second = spawnWorker(env, script);
        workers.push(second);
        await second.ready();
        await waitFor("every message delivered", async () => {
          const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(pushTraffic)
            .where(sql`${pushTraffic.status} = 4 and ${inArray(pushTraffic.id, ids)}`);
          return Number(n) === ids.length;
        }, 60_000);

        // Written by the workers, read by the sink in this process: let it catch up.
        await waitFor(
          "every id at the sink",
          () => Promise.resolve(new Set(sink.received.map((r) => r.id)).size === ids.length),
        );
        await new Promise((r) => setTimeout(r, 200));
        const counts = new Map<number, number>();
        for (const r of sink.received) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
        assert.deepEqual([...counts.keys()].sort((a, b) => a - b), ids, "each id at least once");
        const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
        assert.deepEqual(twice.filter((id) => !held.has(id)), [], "duplicates only of held ids");
        assert.ok([...counts.values()].every((n) => n <= 2));

        // A graceful stop.
        second.child.kill("SIGTERM");
        assert.equal((await second.done()).code, 0, second.output());
      } finally {
        for (const w of workers) {
          try {
            w.child.kill("SIGKILL");
          } catch { /* already ended */ }
          await w.done();
        }
        await sink.close();
        await own.close();
      }
    },
  });
}
