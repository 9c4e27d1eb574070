/**
 * The peer of section 5 (issue 41): graphile-worker (pinned in deno.json, a bench-only
 * dependency) doing the engine's job, in a process of its own: each job's payload is a message
 * id, and its task writes the same frame the engine's TCP transport writes (4-byte length, 8-byte
 * id, the position report) to the sink, over 8 pooled connections, done when the write completed.
 * Configured as graphile-worker's performance page shows (worker.graphile.org/docs/performance):
 * 24 concurrent jobs, a pool of 25, a local queue of 500, completions and failures batched with
 * no delay. Logs below warnings are dropped (the engine logs nothing per message either).
 *
 * `deno run -A bench/delivery/graphile_peer.ts <database url> <sink port>`: prints "ready" once
 * its migrations ran and it polls; stops on SIGTERM.
 */
import net from "node:net";
import { Logger, run } from "graphile-worker";
import { encodeFrame } from "../../server/delivery/frame.ts";
import { CONTENT } from "./frames.ts";

const [connectionString, port] = Deno.args;
const POOLED = 8;
const body = new TextEncoder().encode(CONTENT);

const sockets = await Promise.all(
  Array.from({ length: POOLED }, () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
      socket.once("connect", () => resolve(socket)).once("error", reject);
    })),
);
let next = 0;

const quiet = new Logger(() => (level, message) => {
  if (level === "error" || level === "warning") console.error(`graphile-worker: ${message}`);
});

const runner = await run({
  logger: quiet,
  noHandleSignals: true,
  taskList: {
    deliver: (payload) =>
      new Promise<void>((resolve, reject) => {
        const socket = sockets[next++ % POOLED];
        const id = (payload as { id: number }).id;
        socket.write(encodeFrame(id, body), (e) => e ? reject(e) : resolve());
      }),
  },
  preset: {
    worker: {
      connectionString,
      concurrentJobs: 24,
      maxPoolSize: 25,
      localQueue: { size: 500 },
      completeJobBatchDelay: 0,
      failJobBatchDelay: 0,
    },
  },
});
console.log("ready");

Deno.addSignalListener("SIGTERM", async () => {
  await runner.stop();
  for (const socket of sockets) socket.destroy();
  Deno.exit(0);
});
await runner.promise;
