/**
 * The floor of section 5 (issue 41): the writes the issue keeps, and nothing else, with the
 * database client alone — no engine. Due messages of push_traffic are locked in a transaction held
 * while their frames are written (as the engine's held claim, server/delivery/queue/held.ts), then
 * each is marked Delivered (one update) and given its attempt row (one insert), and the
 * transaction commits. No route lookup, conversion, egress check, retry schedule, lease or query
 * builder: every message goes to the one sink, over 8 pooled connections, a turn's frames in one
 * send (as the engine's TCP transport). Up to 4 claims of 1,000 are held at once, as the engine
 * holds them; a notification on `delivery_due` wakes it, and a 50 ms poll.
 *
 * What it measures: how fast the writes can go on this machine, whatever the engine does
 * around them. Its rate against graphile-worker's is the ceiling of the engine's.
 *
 * `deno run -A bench/delivery/bare_engine.ts <database url> <sink port>`: prints "ready" once it
 * listens; stops on SIGTERM.
 */
import net from "node:net";
import postgres from "postgres";
import { encodeFrame } from "../../server/delivery/frame.ts";

const [connectionString, port] = Deno.args;
const POOLED = 8;
const CLAIM = 1000;
const HELD = 4;
const DESTINATION = `127.0.0.1:${port}`;

const sql = postgres(connectionString, { max: HELD + 1, onnotice: () => {} });

const sockets = await Promise.all(
  Array.from({ length: POOLED }, () =>
    new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
      socket.setNoDelay(true);
      socket.once("connect", () => resolve(socket)).once("error", reject);
    })),
);
let next = 0;
const corked = new Set<net.Socket>();

/** Writes one frame; a turn's frames to one socket leave in one send. */
function send(id: number, body: Uint8Array): Promise<void> {
  const socket = sockets[next++ % POOLED];
  if (!corked.has(socket)) {
    corked.add(socket);
    socket.cork();
    setImmediate(() => {
      corked.delete(socket);
      socket.uncork();
    });
  }
  return new Promise((resolve, reject) =>
    socket.write(encodeFrame(id, body), (e) => e ? reject(e) : resolve())
  );
}

const encoder = new TextEncoder();

/** One held claim: answers how many messages it delivered. */
async function claim(): Promise<number> {
  return await sql.begin(async (tx) => {
    const rows = await tx<{ id: string; content: string | null }[]>`
      select id, content from push_traffic
      where next_attempt_at <= now()
      order by next_attempt_at
      limit ${CLAIM}
      for no key update skip locked`;
    if (!rows.length) return 0;
    const ids = rows.map((r) => Number(r.id));
    await Promise.all(rows.map((r, i) => send(ids[i], encoder.encode(r.content ?? ""))));
    await Promise.all([
      tx`
        update push_traffic set status = 4, next_attempt_at = null, claim_token = null,
          retry_step = 0, error_label = null, failure_reason = null, push_delivery_status = 0,
          delivery_attempts = delivery_attempts + 1,
          push_delivery_attempts = push_delivery_attempts + 1, updated_at = now()
        where id = any(${ids}::bigint[])`,
      tx`
        insert into push_attempts (push_traffic_id, round, target, destination, outcome,
          duration_ms, instance)
        select unnest(${ids}::bigint[]), 1, 'primary', ${DESTINATION}, 'delivered', 0, 'bare'`,
    ]);
    return rows.length;
  });
}

let stopping = false;
/** The claimers asleep: a notification wakes them all. */
const sleeping = new Set<() => void>();
await sql.listen("delivery_due", () => {
  for (const wake of [...sleeping]) wake();
});

/** One of the HELD claimers: claims while there is work, else sleeps until woken or 50 ms. */
async function claimer() {
  while (!stopping) {
    if (await claim() === CLAIM) continue;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, 50);
      sleeping.add(wake);
    });
  }
}

const claimers = Array.from({ length: HELD }, claimer);
console.log("ready");

Deno.addSignalListener("SIGTERM", async () => {
  stopping = true;
  await Promise.allSettled(claimers);
  for (const socket of sockets) socket.destroy();
  await sql.end();
  Deno.exit(0);
});
