/**
 * The delivery engine against real loopback receivers (server/delivery/sinks), on
 * PGlite and PostgreSQL, each test in a database of its own. The egress policy allows
 * 127.0.0.1/32 only and counts dials.
 */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { executeRows, openPostgres } from "../../../db/client.ts";
import { pushTraffic } from "../../../db/schema/mod.ts";
import { parseConfig } from "../../../server/config.ts";
import {
  type DeliveryEngine,
  type EngineOptions,
  engineOptions,
  startDeliveryEngine,
} from "../../../server/delivery/engine.ts";
import {
  claimDue,
  type MessageResult,
  writeResults,
} from "../../../server/delivery/queue/lease.ts";
import {
  type Sink,
  startFtpSink,
  startHangingSink,
  startHttpSink,
  startSmtpSink,
  startTcpSink,
} from "../../../server/delivery/sinks/mod.ts";
import { retransmitTraffic } from "../../../server/services/push/retransmit.ts";
import { EVERY_COMPANY } from "../../../server/services/tenancy.ts";
import { DB_KINDS, type DbKind } from "../../fixtures/db.ts";
import {
  attemptRows,
  closedPort,
  deliveredResult,
  loopbackPolicy,
  ownDatabase,
  queueMessages,
  receivedBy,
  trafficRows,
  waitFor,
} from "../../fixtures/delivery.ts";
import { Factories } from "../../fixtures/factories.ts";
import { makeRoute } from "../../fixtures/routes.ts";
import type { DeliveryType, RouteType } from "../../../openapi/enums.ts";

interface Ctx {
  kind: DbKind;
  db: Db;
  url?: string;
  f: Factories;
  dials: string[];
  /** The database's LISTEN (Database.listen), for an engine that wakes on messages stored. */
  listen: EngineOptions["listen"];
  /** Starts an engine (stopped at the end of the test); `env` is configuration. */
  engine(extras?: Partial<EngineOptions>, env?: Record<string, string>): DeliveryEngine;
  /** Closes `it` at the end of the test, before the engines stop (the last given first). */
  closeAtEnd<T extends { close(): Promise<unknown> }>(it: T): T;
}

/** One test per database kind, in a database of its own; engines are stopped at the end. */
function engineTest(name: string, fn: (ctx: Ctx) => Promise<void>) {
  for (const kind of DB_KINDS) {
    Deno.test(`[delivery] ${name} [${kind}]`, async () => {
      const own = await ownDatabase(kind);
      const { policy, dials } = loopbackPolicy();
      const engines: DeliveryEngine[] = [];
      const closers: { close(): Promise<unknown> }[] = [];
      const db = own.database.db;
      try {
        await fn({
          kind,
          db,
          url: own.url,
          listen: own.database.listen,
          f: new Factories(db),
          dials,
          engine: (extras = {}, env = {}) => {
            const config = parseConfig({
              DELIVERY_RETRY_SCHEDULE: "0,60",
              DELIVERY_TIMEOUT_MS: "2000",
              ...env,
            });
            const engine = startDeliveryEngine(
              engineOptions(db, config, { instance: "engine-a", policy, pollMs: 50, ...extras }),
            );
            engines.push(engine);
            return engine;
          },
          closeAtEnd: (it) => {
            closers.push(it);
            return it;
          },
        });
      } finally {
        try {
          for (const it of closers.toReversed()) await it.close();
        } finally {
          await Promise.all(engines.map((e) => e.stop()));
          await own.close();
        }
      }
    });
  }
}

const allStatus = (db: Db, ids: number[], status: number) => async () => {
  const rows = await trafficRows(db, ids);
  return rows.every((r) => r.status === status) && rows;
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A receiver's address on 127.0.0.1. */
const loopback = (port: number) => `127.0.0.1:${port}`;

/** A TCP route of `tgidId` to `destination` (host:port), without a backup. */
const tcpRouteTo = (db: Db, tgidId: number, destination: string) =>
  makeRoute(db, "tcp", tgidId, {
    ipPortTxPrimary: destination,
    ipPortTxSecondary: null,
    txSecondaryUp: 0,
  });

/** A web service route of `tgidId` to `url`, without a backup. */
const wsRouteTo = (db: Db, tgidId: number, url: string) =>
  makeRoute(db, "ws", tgidId, { wsPrimary: url, wsSecondary: null, wsSecondaryUp: 0 });

/** One message queued on a new tgid's TCP route to `sink`, without a backup. */
async function queuedTo(c: Ctx, sink: Sink) {
  const tgid = await c.f.tgid();
  const route = await tcpRouteTo(c.db, tgid.id, loopback(sink.port));
  return (await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: route.id }))[0];
}

/**
 * One message queued on a TCP route whose primary refuses connections and whose backup is
 * `sink` (`fields` on top: the primary locked, say), and an engine started.
 */
async function queuedViaBackup(c: Ctx, sink: Sink, fields: Record<string, unknown> = {}) {
  const tgid = await c.f.tgid();
  const primary = loopback(await closedPort());
  const backup = loopback(sink.port);
  const route = await makeRoute(c.db, "tcp", tgid.id, {
    ipPortTxPrimary: primary,
    ipPortTxSecondary: backup,
    ...fields,
  });
  const [m] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: route.id });
  c.engine();
  return { primary, backup, m };
}

engineTest("delivers to a TCP receiver with the message id and records the attempt", async (c) => {
  const sink = c.closeAtEnd(await startTcpSink());
  const tgid = await c.f.tgid();
  const destination = loopback(sink.port);
  const route = await tcpRouteTo(c.db, tgid.id, destination);
  const named = await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 0,
    routeId: route.id,
    count: 3,
  });
  // Without a route id, the tgid's TCP route with the lowest id.
  const unnamed = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: null });
  const ids = [...named, ...unnamed].map((m) => m.id);
  const moved: number[] = [];
  const engine = c.engine({ onTick: (n) => moved.push(n) });

  const rows = await waitFor("delivered", allStatus(c.db, ids, 4));
  for (const r of rows) {
    assert.equal(r.deliveryAttempts, 1);
    assert.equal(r.pushDeliveryAttempts, 1);
    assert.equal(r.pushDeliveryStatus, 1);
    assert.equal(r.nextAttemptAt, null);
    assert.equal(r.claimToken, null);
    assert.equal(r.errorLabel, null);
    assert.equal(r.failureReason, null);
  }
  await receivedBy(sink, 4);
  assert.deepEqual(sink.received.map((m) => m.id).sort((a, b) => a - b), ids);
  const byId = new Map(sink.received.map((m) => [m.id, text(m.body)]));
  for (const m of [...named, ...unnamed]) assert.equal(byId.get(m.id), m.content);

  const attempts = await attemptRows(c.db, ids);
  assert.deepEqual(
    attempts.map((
      a,
    ) => [a.pushTrafficId, a.round, a.target, a.destination, a.outcome, a.instance]),
    ids.map((id) => [id, 1, "primary", destination, "delivered", "engine-a"]),
  );
  assert.ok(c.dials.length >= 1 && c.dials.every((d) => d === destination), c.dials.join());
  // The heartbeat hears every written message.
  await engine.stop();
  assert.equal(moved.reduce((a, b) => a + b, 0), 4);
});

engineTest("delivers through each route kind to its loopback receiver", async (c) => {
  const root = await Deno.makeTempDir({ prefix: "delivery-ftp-" });
  const sinks = {
    tcp: await startTcpSink(),
    smtp: await startSmtpSink(),
    ftp: await startFtpSink({ root }),
    http: await startHttpSink(),
  };
  try {
    const tgid = await c.f.tgid();
    const queue = async (
      deliveryType: DeliveryType,
      type: RouteType,
      fields: Record<string, unknown>,
    ) => {
      const route = await makeRoute(c.db, type, tgid.id, fields);
      const [m] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType, routeId: route.id });
      return m.id;
    };
    const ids = {
      tcp: await queue(0, "tcp", {
        ipPortTxPrimary: `127.0.0.1:${sinks.tcp.port}`,
        ipPortTxSecondary: null,
        txSecondaryUp: 0,
      }),
      smtp: await queue(1, "smtp", { emailMaster: "ops@example.com", encoding: "Txt" }),
      ftp: await queue(3, "ftp", {
        ftpPrimary: `ftp://127.0.0.1:${sinks.ftp.port}/in`,
        ftpSecondary: null,
        ftpSecondaryUp: 0,
        ftpVerif: 1,
      }),
      http: await queue(4, "ws", {
        wsPrimary: `http://127.0.0.1:${sinks.http.port}/in`,
        wsSecondary: null,
        wsSecondaryUp: 0,
      }),
    };
    c.engine({}, { SMTP_RELAY: `127.0.0.1:${sinks.smtp.port}` });

    await waitFor("delivered", allStatus(c.db, Object.values(ids), 4));
    for (const kind of ["tcp", "smtp", "ftp", "http"] as const) {
      await receivedBy(sinks[kind], 1);
      assert.deepEqual(sinks[kind].received.map((r) => r.id), [ids[kind]], kind);
    }
    const attempts = await attemptRows(c.db, Object.values(ids));
    assert.deepEqual(
      attempts.map((a) => [a.target, a.outcome]),
      [["primary", "delivered"], ["relay", "delivered"], ["primary", "delivered"], [
        "primary",
        "delivered",
      ]],
    );
  } finally {
    await Promise.all(Object.values(sinks).map((s) => s.close()));
    await Deno.remove(root, { recursive: true });
  }
});

engineTest("DB and ACK are delivered at once; SMS and a missing route end in error", async (c) => {
  const tgid = await c.f.tgid();
  const [db] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 2 });
  const [ack] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 5 });
  const [sms] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 6 });
  const [tcp] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0 });
  const ids = [db.id, ack.id, sms.id, tcp.id];
  c.engine();

  const rows = await waitFor("settled", async () => {
    const rows = await trafficRows(c.db, ids);
    return rows.every((r) => r.nextAttemptAt === null) && rows;
  });
  assert.deepEqual(
    rows.map((r) => [r.status, r.errorLabel, r.failureReason, r.pushDeliveryAttempts]),
    [
      [4, null, null, 1],
      [4, null, null, 1],
      [3, "No SMS gateway is configured", "No SMS gateway", 1],
      [3, `No TCP route for tgid ${tgid.id}`, "No route", 1],
    ],
  );
  const attempts = await attemptRows(c.db, ids);
  assert.deepEqual(
    attempts.map((a) => [a.pushTrafficId, a.target, a.destination, a.outcome, a.error]),
    [
      [db.id, "local", "DB", "delivered", "Stored for polling"],
      [ack.id, "local", "ACK", "delivered", "Acknowledged to the LES"],
    ],
  );
  assert.equal(c.dials.length, 0);
});

engineTest("a primary that refuses connections fails over to the backup", async (c) => {
  const sink = c.closeAtEnd(await startTcpSink());
  const { primary, backup, m } = await queuedViaBackup(c, sink);

  const [row] = await waitFor("delivered", allStatus(c.db, [m.id], 4));
  assert.equal(row.deliveryAttempts, 2);
  assert.equal(row.pushDeliveryAttempts, 1);
  const attempts = await attemptRows(c.db, [m.id]);
  assert.deepEqual(
    attempts.map((a) => [a.round, a.target, a.destination, a.outcome]),
    [[1, "primary", primary, "failed"], [1, "backup", backup, "delivered"]],
  );
  assert.match(attempts[0].error ?? "", /refused/i);
  await receivedBy(sink, 1);
  assert.deepEqual(sink.received.map((r) => r.id), [m.id]);
  assert.deepEqual(c.dials, [primary, backup]);
});

engineTest("a locked primary is skipped without a dial; the backup delivers", async (c) => {
  const sink = c.closeAtEnd(await startTcpSink());
  const { backup, m } = await queuedViaBackup(c, sink, { txPrimaryUp: -1 });

  const [row] = await waitFor("delivered", allStatus(c.db, [m.id], 4));
  assert.equal(row.deliveryAttempts, 1, "only the backup was dialled");
  const attempts = await attemptRows(c.db, [m.id]);
  assert.deepEqual(
    attempts.map((a) => [a.target, a.outcome, a.error]),
    [["primary", "skipped", "Primary destination is locked"], ["backup", "delivered", null]],
  );
  assert.deepEqual(c.dials, [backup]);
});

engineTest("both destinations down: retried on the schedule, then final", async (c) => {
  const tgid = await c.f.tgid();
  const [p, b] = [await closedPort(), await closedPort()];
  const route = await makeRoute(c.db, "tcp", tgid.id, {
    ipPortTxPrimary: loopback(p),
    ipPortTxSecondary: loopback(b),
  });
  const queue = () => queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: route.id });

  // First round failed, the next attempt due after schedule[1] = 30 s.
  const [slow] = await queue();
  const first = c.engine({}, { DELIVERY_RETRY_SCHEDULE: "0,30,60" });
  const [row] = await waitFor("first round", async () => {
    const rows = await trafficRows(c.db, [slow.id]);
    return rows[0].pushDeliveryAttempts === 1 && rows;
  });
  await first.stop();
  assert.equal(row.status, 8);
  assert.equal(row.retryStep, 1);
  assert.equal(row.deliveryAttempts, 2);
  assert.equal(row.pushDeliveryStatus, 0);
  assert.equal(row.nextAttemptAt!.getTime() - row.updatedAt.getTime(), 30_000);
  assert.equal(row.failureReason, "Connection refused");
  assert.match(row.errorLabel ?? "", new RegExp(`127\\.0\\.0\\.1:${b}`));

  // A short schedule: three rounds (the first attempt and two retries), then status 3.
  const [fast] = await queue();
  c.engine({}, { DELIVERY_RETRY_SCHEDULE: "0,0.2,0.2" });
  const [done] = await waitFor("final", allStatus(c.db, [fast.id], 3));
  assert.equal(done.pushDeliveryAttempts, 3);
  assert.equal(done.deliveryAttempts, 6);
  assert.equal(done.retryStep, 3);
  assert.equal(done.nextAttemptAt, null);
  assert.equal(done.failureReason, "Connection refused");
  const attempts = await attemptRows(c.db, [fast.id]);
  assert.deepEqual(
    attempts.map((a) => [a.round, a.target, a.outcome]),
    [1, 2, 3].flatMap((r) => [[r, "primary", "failed"], [r, "backup", "failed"]]),
  );
  // The first message is still waiting for its 30 s retry.
  const [still] = await trafficRows(c.db, [slow.id]);
  assert.equal(still.pushDeliveryAttempts, 1);
});

engineTest("a receiver that rejects the message for good: Destinator error", async (c) => {
  const rejecting = c.closeAtEnd(await startHttpSink({ status: 400 }));
  const failing = c.closeAtEnd(await startHttpSink({ status: 500 }));
  const tgid = await c.f.tgid();
  const queue = async (sink: Sink) => {
    const route = await wsRouteTo(c.db, tgid.id, `http://${loopback(sink.port)}/in`);
    return (await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 4, routeId: route.id }))[0];
  };
  const rejected = await queue(rejecting);
  const failed = await queue(failing);
  c.engine();

  const [r] = await waitFor("rejected", allStatus(c.db, [rejected.id], 5));
  assert.equal(r.nextAttemptAt, null, "final at once");
  assert.equal(r.failureReason, "Rejected by destination");
  assert.equal(r.pushDeliveryAttempts, 1);
  // A 500 is transient: scheduled again.
  const [f] = await waitFor("scheduled", allStatus(c.db, [failed.id], 8));
  assert.equal(f.retryStep, 1);
  const attempts = await attemptRows(c.db, [rejected.id, failed.id]);
  assert.deepEqual(attempts.map((a) => a.outcome), ["rejected", "failed"]);
});

engineTest("retransmit delivers a delivered message again with the same id, at once", async (c) => {
  const sink = c.closeAtEnd(await startTcpSink());
  const m = await queuedTo(c, sink);
  // A long poll: only retransmit's wake-up can make the second delivery quick.
  c.engine({ pollMs: 60_000 });
  await waitFor("delivered", allStatus(c.db, [m.id], 4));

  await retransmitTraffic(c.db, EVERY_COMPANY, { id: "tester" }, { ids: [m.id] });
  await receivedBy(sink, 2);
  assert.deepEqual(sink.received.map((r) => r.id), [m.id, m.id]);
  const [row] = await waitFor("delivered again", async () => {
    const rows = await trafficRows(c.db, [m.id]);
    return rows[0].status === 4 && rows[0].pushDeliveryAttempts === 2 && rows;
  });
  assert.equal(row.deliveryAttempts, 2);
});

engineTest(
  "a message stored anywhere wakes a listening engine at once, not at its poll",
  async (c) => {
    const sink = c.closeAtEnd(await startTcpSink());
    const tgid = await c.f.tgid();
    const route = await tcpRouteTo(c.db, tgid.id, loopback(sink.port));
    // A poll a minute, and nobody in this process says "wake": only the database's notification
    // of the insert (db/migrations/0014) can bring the engine to it within the wait.
    c.engine({ pollMs: 60_000, listen: c.listen });
    await new Promise((r) => setTimeout(r, 200)); // its first look (nothing due) is over
    const [m] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: route.id });
    await waitFor("delivered", allStatus(c.db, [m.id], 4));
    await receivedBy(sink, 1);
    assert.deepEqual(sink.received.map((r) => r.id), [m.id]);
  },
);

engineTest("claims are held on PostgreSQL and leased on PGlite, sized to match", (c) => {
  const defaults = engineOptions(c.db, parseConfig({}));
  const held = c.kind === "postgres";
  assert.equal(defaults.hold, held);
  assert.equal(defaults.concurrency, held ? 1000 : 256);
  assert.equal(engineOptions(c.db, parseConfig({ DELIVERY_CONCURRENCY: "64" })).concurrency, 64);
  return Promise.resolve();
});

engineTest(
  "a batch of results: the first-try deliveries and the others each written as theirs",
  async (c) => {
    const tgid = await c.f.tgid();
    const queued = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, count: 4 });
    const claimed = await claimDue(c.db, 10, "token-a", 60);
    assert.equal(claimed.length, 4);
    const [a, b, d, lost] = queued.map((m) => m.id);
    const first = deliveredResult(a, "token-a");
    // One attempt record shared by two messages (as a batch's share): each gets its own row.
    const shared = { ...deliveredResult(b, "token-a"), attempts: first.attempts };
    const failed = first.attempts[0];
    const backup: MessageResult = {
      ...deliveredResult(d, "token-a"),
      dialled: 2,
      attempts: [
        { ...failed, outcome: "failed", error: "Connection refused by 127.0.0.1:9" },
        { ...failed, target: "backup", destination: "127.0.0.1:10", durationMs: 5 },
      ],
    };
    const retry: MessageResult = {
      ...deliveredResult(lost, "token-a"),
      status: 8,
      delaySeconds: 30,
      retryStep: 1,
      errorLabel: "Connection refused by 127.0.0.1:9",
      failureReason: "Connection refused",
      pushDeliveryStatus: 0,
      attempts: [{ ...failed, outcome: "failed", error: "Connection refused by 127.0.0.1:9" }],
    };
    assert.equal(await writeResults(c.db, [first, backup, shared, retry], "worker-a"), 4);
    const rows = await trafficRows(c.db, [a, b, d, lost]);
    assert.deepEqual(
      rows.map((r) => [
        r.status,
        r.claimToken,
        r.retryStep,
        r.errorLabel,
        r.pushDeliveryStatus,
        r.deliveryAttempts,
        r.pushDeliveryAttempts,
        r.nextAttemptAt === null,
      ]),
      [
        [4, null, 0, null, 1, 1, 1, true],
        [4, null, 0, null, 1, 1, 1, true],
        [4, null, 0, null, 1, 2, 1, true],
        [8, null, 1, "Connection refused by 127.0.0.1:9", 0, 1, 1, false],
      ],
    );
    const attempts = await attemptRows(c.db, [a, b, d, lost]);
    assert.deepEqual(
      attempts.map((r) => [r.pushTrafficId, r.target, r.destination, r.outcome, r.durationMs]),
      [
        [a, "primary", "127.0.0.1:9", "delivered", 3],
        [b, "primary", "127.0.0.1:9", "delivered", 3],
        [d, "primary", "127.0.0.1:9", "failed", 3],
        [d, "backup", "127.0.0.1:10", "delivered", 5],
        [lost, "primary", "127.0.0.1:9", "failed", 3],
      ],
    );
    assert.ok(attempts.every((r) => r.instance === "worker-a" && r.round === 1));
  },
);

engineTest("claims are exclusive and leased; a lost claim's result is not written", async (c) => {
  const tgid = await c.f.tgid();
  const [m] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0 });
  const [claimed] = await claimDue(c.db, 10, "token-a", 1);
  assert.equal(claimed.id, m.id);
  assert.equal(claimed.status, 1);
  assert.equal(claimed.previousStatus, 0);
  assert.equal(claimed.claimToken, "token-a");
  assert.deepEqual(await claimDue(c.db, 10, "token-b", 1), [], "held while leased");

  // The lease passes (a crashed worker): the message is due again, for another worker.
  await new Promise((r) => setTimeout(r, 1_100));
  const [again] = await claimDue(c.db, 10, "token-b", 30);
  assert.equal(again.id, m.id);
  assert.equal(again.previousStatus, 1);

  const result = deliveredResult(m.id, "");

  // The first worker's late result: its claim is gone, the row is not touched.
  assert.equal(await writeResults(c.db, [{ ...result, token: "token-a" }], "worker-a"), 0);
  let [row] = await trafficRows(c.db, [m.id]);
  assert.equal(row.status, 1);
  assert.equal(row.claimToken, "token-b");

  // A retransmit while the second worker holds it: that worker's result is not written either.
  await retransmitTraffic(c.db, EVERY_COMPANY, { id: "tester" }, { ids: [m.id] });
  await c.db.update(pushTraffic).set({ nextAttemptAt: sql`now() + interval '1 hour'` })
    .where(eq(pushTraffic.id, m.id));
  assert.equal(await writeResults(c.db, [{ ...result, token: "token-b" }], "worker-b"), 0);
  [row] = await trafficRows(c.db, [m.id]);
  assert.equal(row.status, 8);
  assert.equal(row.pushDeliveryAttempts, 0);
  // The attempts happened, so they are recorded.
  const attempts = await attemptRows(c.db, [m.id]);
  assert.deepEqual(attempts.map((a) => a.instance), ["worker-a", "worker-b"]);
});

engineTest("a claim lost while delivering: the engine's result does not overwrite", async (c) => {
  const hanging = c.closeAtEnd(await startHangingSink());
  const tgid = await c.f.tgid();
  const route = await wsRouteTo(c.db, tgid.id, `http://${loopback(hanging.port)}/in`);
  const [m] = await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 4, routeId: route.id });
  c.engine({ timeoutMs: 800 });
  await waitFor("in flight", allStatus(c.db, [m.id], 1));
  // The claim is lost as a retransmit loses it (the claim cleared, scheduled afresh), in one
  // statement that also keeps the message out of the queue, so no engine takes it meanwhile.
  await c.db.update(pushTraffic).set({
    status: 8,
    claimToken: null,
    retryStep: 0,
    nextAttemptAt: sql`now() + interval '1 hour'`,
  }).where(eq(pushTraffic.id, m.id));
  const [attempt] = await waitFor(
    "the timed-out attempt",
    () => attemptRows(c.db, [m.id]).then((a) => a.length > 0 && a),
  );
  assert.equal(attempt.outcome, "failed");
  const [row] = await trafficRows(c.db, [m.id]);
  assert.equal(row.status, 8);
  assert.equal(row.retryStep, 0);
  assert.equal(row.pushDeliveryAttempts, 0);
});

engineTest(
  "refuses private, link-local, metadata, public and unlisted names without a dial",
  async (c) => {
    const tgid = await c.f.tgid();
    const tcp = [
      "10.0.0.1:5000",
      "169.254.169.254:80",
      "203.0.113.5:5000",
      "metadata.google.internal:80",
      "partner.example.com:5000",
    ];
    const ids: number[] = [];
    for (const destination of tcp) {
      const route = await tcpRouteTo(c.db, tgid.id, destination);
      ids.push(
        (await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 0, routeId: route.id }))[0].id,
      );
    }
    const ws = await wsRouteTo(c.db, tgid.id, "http://169.254.169.254/latest/meta-data/");
    ids.push(
      (await queueMessages(c.db, { tgidId: tgid.id, deliveryType: 4, routeId: ws.id }))[0].id,
    );
    c.engine();

    const rows = await waitFor("refused", allStatus(c.db, ids, 3));
    for (const r of rows) {
      assert.equal(r.failureReason, "Not allowed");
      assert.equal(r.nextAttemptAt, null, "not retried");
      assert.equal(r.deliveryAttempts, 0);
      assert.equal(r.pushDeliveryAttempts, 1);
    }
    for (
      const [i, host] of [
        "10.0.0.1",
        "169.254.169.254",
        "203.0.113.5",
        "metadata.google.internal",
        "partner.example.com",
        "169.254.169.254",
      ].entries()
    ) {
      assert.ok(rows[i].errorLabel?.includes(host), `${host}: ${rows[i].errorLabel}`);
    }
    const attempts = await attemptRows(c.db, ids);
    assert.deepEqual(attempts.map((a) => a.outcome), ids.map(() => "refused"));
    assert.deepEqual(c.dials, []);
  },
);

engineTest("127.0.0.1 is refused unless DELIVERY_ALLOW lists it", async (c) => {
  const sink = c.closeAtEnd(await startTcpSink());
  const m = await queuedTo(c, sink);
  // The engine's own policy from the configuration: nothing allow-listed.
  c.engine({ policy: undefined }, { DELIVERY_ALLOW: "", DELIVERY_PUBLIC: "deny" });
  const [row] = await waitFor("refused", allStatus(c.db, [m.id], 3));
  assert.match(row.errorLabel ?? "", /127\.0\.0\.1 is a loopback address/);
  assert.equal(sink.received.length, 0);
});

/**
 * Starts an engine (`options`) whose attempts time out only after 20 s and waits for `fine` to be
 * delivered to `sink`: delivered before then, they were not held up by a receiver that hangs —
 * however slow the machine.
 */
async function deliveredBeforeTimeout(
  c: Ctx,
  options: Partial<EngineOptions>,
  fine: readonly { id: number }[],
  sink: Sink,
) {
  const timeoutMs = 20_000;
  const t0 = performance.now();
  c.engine({ ...options, timeoutMs });
  await waitFor(
    "the other receiver's messages",
    allStatus(c.db, fine.map((m) => m.id), 4),
    timeoutMs - 2_000,
  );
  assert.ok(performance.now() - t0 < timeoutMs);
  await receivedBy(sink, fine.length);
}

engineTest("a hanging receiver holds only its own slots", async (c) => {
  const hanging = c.closeAtEnd(await startHangingSink());
  const sink = c.closeAtEnd(await startTcpSink());
  const tgid = await c.f.tgid();
  const ws = await wsRouteTo(c.db, tgid.id, `http://${loopback(hanging.port)}/in`);
  const tcp = await tcpRouteTo(c.db, tgid.id, loopback(sink.port));
  // The hanging receiver's messages first in the queue.
  const stuck = await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 4,
    routeId: ws.id,
    count: 30,
  });
  const fine = await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 0,
    routeId: tcp.id,
    count: 60,
  });
  // None of the stuck ones attempted yet either (asserted below).
  await deliveredBeforeTimeout(c, { concurrency: 16, perDestination: 4 }, fine, sink);
  // Beyond its 4 slots, the hanging receiver's messages went back to the queue as they were
  // (status 0, due again), no round counted.
  const queuedAt = new Map(stuck.map((m) => [m.id, m.updatedAt.getTime()]));
  const held = await trafficRows(c.db, stuck.map((m) => m.id));
  assert.ok(
    held.some((r) => r.status === 0 && r.updatedAt.getTime() > queuedAt.get(r.id)!),
    "handed back",
  );
  assert.ok(held.filter((r) => r.status === 1).length <= 16);
  assert.ok(held.every((r) => r.pushDeliveryAttempts === 0));
});

engineTest("a TCP receiver that stops reading holds its own slot, never the engine", async (c) => {
  const hanging = c.closeAtEnd(await startHangingSink());
  const sink = c.closeAtEnd(await startTcpSink());
  const tgid = await c.f.tgid();
  const stalled = await tcpRouteTo(c.db, tgid.id, loopback(hanging.port));
  const tcp = await tcpRouteTo(c.db, tgid.id, loopback(sink.port));
  // First in the queue, a claim's worth of messages whose frames (12 MB) fill the socket
  // buffers of a receiver that never reads: their batch waits for its write until the timeout.
  await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 0,
    routeId: stalled.id,
    count: 12,
    content: () => "x".repeat(1 << 20),
  });
  const fine = await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 0,
    routeId: tcp.id,
    count: 30,
  });
  // The stalled batch stopped counting against the engine's 12 at once, so the next claims went on.
  await deliveredBeforeTimeout(c, { concurrency: 12, perDestination: 1 }, fine, sink);
});

engineTest("two engines deliver every message exactly once", async (c) => {
  // 2,000 on PostgreSQL, where two instances really share a queue. Embedded PGlite serves one
  // instance only, and runs every query of both engines on this test's one thread: 300 there,
  // which exercise the same claims without taking minutes on a busy machine.
  const count = c.kind === "postgres" ? 2_000 : 300;
  const sink = c.closeAtEnd(await startTcpSink());
  // On PostgreSQL the second engine has a connection pool of its own, like another instance.
  const other = c.url ? c.closeAtEnd(openPostgres(c.url, { max: 4 })) : undefined;
  const tgid = await c.f.tgid();
  const route = await tcpRouteTo(c.db, tgid.id, loopback(sink.port));
  const messages = await queueMessages(c.db, {
    tgidId: tgid.id,
    deliveryType: 0,
    routeId: route.id,
    count,
  });
  // Claims of 100: one engine's first claims (1,000 by default on PostgreSQL, each delivered in a
  // batch) would take the whole queue before the other's first.
  c.engine({ instance: "engine-a", concurrency: 100 });
  const b = c.engine({ instance: "engine-b", db: other?.db ?? c.db, concurrency: 100 });
  try {
    await waitFor("every message delivered", async () => {
      const [{ n }] = await c.db.select({ n: sql<number>`count(*)::int` }).from(pushTraffic)
        .where(eq(pushTraffic.status, 4));
      return Number(n) === messages.length;
    }, 60_000);
  } finally {
    // Stopped before its pool closes (closeAtEnd closes it first): as main.ts and worker.ts
    // stop their engines before they close their databases.
    await b.stop();
  }
  await receivedBy(sink, messages.length);
  await new Promise((r) => setTimeout(r, 200)); // a late duplicate would show by now
  const ids = sink.received.map((r) => r.id);
  assert.equal(ids.length, messages.length, "no duplicates");
  assert.equal(new Set(ids).size, messages.length);
  const instances = await executeRows<{ instance: string }>(
    c.db,
    sql`select instance, count(*)::int as n from push_attempts group by instance order by 1`,
  );
  assert.deepEqual(instances.map((r) => r.instance), [
    "engine-a",
    "engine-b",
  ]);
});
