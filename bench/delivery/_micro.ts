import process from "node:process";
import net from "node:net";
import { deliverRound, type RoundDeps } from "../../server/delivery/round.ts";
import { DestinationSlots } from "../../server/delivery/limits/slots.ts";
import { TcpTransport } from "../../server/delivery/transports/tcp.ts";
import { egressPolicy } from "../../server/delivery/egress.ts";
import { resultStatements } from "../../server/delivery/queue/lease.ts";
import { startTcpSink } from "../../server/delivery/sinks/mod.ts";
import { encodeFrame } from "../../server/delivery/frame.ts";
import { CONTENT } from "./frames.ts";
import type { ClaimedRow } from "../../server/delivery/queue/lease.ts";
import type { RouteRow } from "../../server/delivery/transports/mod.ts";

const N = 20000;
const sink = await startTcpSink();
const policy = egressPolicy({ allow: "127.0.0.1/32", allowPublic: false });
const row = (id: number): ClaimedRow => ({
  id,
  parentId: null,
  tgidId: 1,
  dnid: 10001,
  les: 21,
  lesCStoredTime: new Date(),
  status: 0,
  deliveryType: 0,
  protocol: 0,
  errorLabel: null,
  dataLength: 74,
  headerLength: 0,
  deliveryAttempts: 0,
  pushDeliveryAttempts: 0,
  pushDeliveryStatus: null,
  failureReason: null,
  routagePushId: 1,
  routageType: 0,
  content: CONTENT,
  updatedAt: new Date(),
  nextAttemptAt: new Date(),
  claimToken: null,
  retryStep: 0,
  previousStatus: 0,
} as ClaimedRow);
const route = {
  kind: "tcp",
  row: {
    id: 1,
    tgidId: 1,
    ipPortTxPrimary: `127.0.0.1:${sink.port}`,
    ipPortTxSecondary: null,
    txPrimaryUp: 1,
    txSecondaryUp: 0,
    conversion: 0,
  },
} as unknown as RouteRow;

async function measure(label: string, fn: () => Promise<void>) {
  await fn(); // warm
  sink.received.length = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  const c = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  console.log(
    `${label}: ${(ms * 1000 / N).toFixed(1)} µs wall, user ${(c.user / N).toFixed(1)} sys ${
      (c.system / N).toFixed(1)
    } µs a message`,
  );
}
const waitSink = async () => {
  while (sink.received.length < N) await new Promise((r) => setTimeout(r, 1));
};

const ac = new AbortController();
const fake = {
  deliver: () => Promise.resolve({ outcome: "delivered" as const }),
  close: async () => {},
};
const depsWith = (transports: RoundDeps["transports"]): RoundDeps => ({
  transports,
  ctx: { signal: ac.signal, timeoutMs: 10000, egress: policy },
  slots: new DestinationSlots(8),
  schedule: [0, 60],
  guardMs: 60000,
});
const rows = Array.from({ length: N }, (_, i) => row(i + 1));
const inBatches = async (deps: RoundDeps) => {
  for (let i = 0; i < N; i += 256) {
    await Promise.all(rows.slice(i, i + 256).map((r) => deliverRound(deps, r, "t", route)));
  }
};

await measure("deliverRound, fake transport", () => inBatches(depsWith(fake)));
const tcp = new TcpTransport(8);
const real = {
  deliver: (_r: RouteRow, _t: string, a: string, m: never, ctx: never) => tcp.deliver(a, m, ctx),
  close: () => tcp.close(),
};
await measure("deliverRound, TCP transport", async () => {
  await inBatches(depsWith(real as never));
  await waitSink();
});
const ctx = { signal: ac.signal, timeoutMs: 10000, egress: policy };
const body = new TextEncoder().encode(CONTENT);
const msg = (id: number) => ({
  id,
  tgidId: 1,
  dnid: 1,
  les: 1,
  protocol: 0,
  storedAt: new Date(),
  body,
  contentType: "text/plain",
  extension: "txt",
});
await measure("TcpTransport.deliver alone", async () => {
  for (let i = 0; i < N; i += 256) {
    await Promise.all(
      rows.slice(i, i + 256).map((r) => tcp.deliver(`127.0.0.1:${sink.port}`, msg(r.id), ctx)),
    );
  }
  await waitSink();
});
const sockets = await Promise.all(Array.from({ length: 8 }, () =>
  new Promise<net.Socket>((res) => {
    const s = net.connect({ host: "127.0.0.1", port: sink.port });
    s.once("connect", () => res(s));
  })));
let k = 0;
await measure("raw write with callback, 8 sockets (graphile's task)", async () => {
  for (let i = 0; i < N; i += 256) {
    await Promise.all(
      rows.slice(i, i + 256).map((r) =>
        new Promise<void>((res, rej) =>
          sockets[k++ % 8].write(encodeFrame(r.id, body), (e) => e ? rej(e) : res())
        )
      ),
    );
  }
  await waitSink();
});
const results = await Promise.all(
  rows.slice(0, 256).map((r) => deliverRound(depsWith(fake), r, "t", route)),
);
await measure("resultStatements (JSON)", async () => {
  for (let i = 0; i < N; i += 256) resultStatements(results, "w", true);
});
for (const s of sockets) s.destroy();
await tcp.close();
await sink.close();
