/**
 * The live monitoring figures (docs/decisions/0014 "Live figures"): GET /rest/monitoring/
 * tresholds and its update, /delivery and /services, the heartbeats and the LES clock beating.
 *
 * Their figures are global (every waiting message, every process): other test files write
 * traffic into the shared database meanwhile, so the exact checks run on a database of their
 * own — a fresh PGlite, and a new PostgreSQL database when the runner provides one.
 */
import assert from "node:assert/strict";
import { and, eq, inArray } from "drizzle-orm";
import { type Ctx, dbTest, testCtx } from "../../fixtures/app.ts";
import { DB_KINDS, isolatedDatabase } from "../../fixtures/db.ts";
import { makeRoute } from "../../fixtures/routes.ts";
import { admin, session } from "../../fixtures/companies_teams.ts";
import {
  commands,
  pushEvents,
  pushTraffic,
  robotTraffic,
  serviceHeartbeats,
  stationMessages,
} from "../../../db/schema/mod.ts";
import { MONITORING_MESSAGES } from "../../../openapi/schemas/monitoring.ts";
import type { DeliveryType, PushStatus } from "../../../openapi/enums.ts";
import { readDelivery } from "../../../server/services/monitoring/delivery.ts";
import { readServices } from "../../../server/services/monitoring/services.ts";
import {
  beatThrottle,
  currentInstance,
  recordBeat,
  serviceHeartbeat,
} from "../../../server/services/monitoring/heartbeats.ts";
import { startStationClock } from "../../../server/station/clock.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (t: number) => new Date(t).toISOString();
/** A whole second, so times read back compare exactly. */
const nowish = () => Math.floor(Date.now() / SECOND) * SECOND;

/** Registers `name` per database kind, each run on a database of its own. */
function isolatedTest(name: string, fn: (ctx: Ctx) => Promise<void>) {
  for (const kind of DB_KINDS) {
    Deno.test({
      name: `${name} [${kind}]`,
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async () => {
        const { database, close } = await isolatedDatabase(kind);
        try {
          await fn(testCtx(kind, database));
        } finally {
          await close();
        }
      },
    });
  }
}

/** Push traffic rows: [stored at, status, delivery type, route type, route id, tgid]. */
function push(
  ctx: Ctx,
  rows: [number, number, number, number | null, number | null, number | null][],
) {
  return ctx.db.insert(pushTraffic).values(rows.map(([t, status, type, rType, rId, tgidId]) => ({
    lesCStoredTime: new Date(t),
    status: status as PushStatus,
    deliveryType: type as DeliveryType,
    routageType: rType as DeliveryType | null,
    routagePushId: rId,
    tgidId,
    protocol: 0 as const,
  })));
}

/** A station message, driven by the station (next step set) or final. */
function stationMessage(ctx: Ctx, nextStepAt: Date | null) {
  return ctx.db.insert(stationMessages).values({
    les: 21,
    recipient: "423456789",
    size: 10,
    nextStepAt,
  });
}

// ---- thresholds ----

isolatedTest(
  "[rest/monitoring] thresholds: values, defaults, bands, alerts, update",
  async (ctx) => {
    const { token } = await admin(ctx);
    const now = Date.now();
    await push(ctx, [
      [now - 3 * DAY, 0, 0, null, null, null], // waiting, however old
      [now - 1 * MINUTE, 8, 0, null, null, null], // waiting
      [now - 1 * HOUR, 3, 0, null, null, null], // failed in the last day
      [now - 23 * HOUR, 5, 1, null, null, null], // failed in the last day
      [now - 25 * HOUR, 7, 1, null, null, null], // failed, too old
      [now - 1 * HOUR, 4, 1, null, null, null], // delivered
    ]);
    const robots = (rows: [number, number][]) =>
      ctx.db.insert(robotTraffic).values(
        rows.map(([t, status]) => ({ type: 0, robot: "EGC", receivedTime: new Date(t), status })),
      );
    await robots([
      [now - 5 * DAY, 0],
      [now - MINUTE, 1],
      [now - MINUTE, 1],
      [now - MINUTE, 2], // done
      [now - 2 * HOUR, 4], // failed in the last day
      [now - 30 * HOUR, 3], // failed, too old
    ]);
    const company = await ctx.f.company();
    await ctx.f.commandList({ companyId: company.id, statuses: [1] });
    await ctx.f.commandList({ companyId: company.id, statuses: [5, 7] });
    await ctx.f.commandList({ companyId: company.id, statuses: [7], terminated: true });
    await stationMessage(ctx, new Date(now + MINUTE));
    await stationMessage(ctx, null);

    /** Each queue's name, value, maximum, alert, band, alerting and configured. */
    const summary = (body: { queues: Record<string, unknown>[] }) =>
      body.queues.map((q) => [
        q.queue,
        q.value,
        q.maximum,
        q.alert,
        q.band,
        q.alerting,
        q.configured,
      ]);

    const first = await ctx.call("GET", "/rest/monitoring/tresholds", { token });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.ok(Math.abs(Date.parse(first.body.measuredAt) - Date.now()) < 60 * SECOND);
    const defaults = {
      pushWaiting: [2, 1000, 750],
      pushErrors: [2, 200, 150],
      robotWaiting: [3, 500, 375],
      robotFailures: [1, 200, 150],
      commandListsOpen: [2, 200, 150],
      stationWaiting: [1, 200, 150],
    };
    assert.deepEqual(
      summary(first.body),
      Object.entries(defaults).map(([k, v]) => [k, ...v, "grey", false, false]),
    );
    assert.deepEqual(
      first.body.queues.map((q: { updatedAt: unknown }) => q.updatedAt),
      Object.keys(defaults).map(() => null),
    );
    assert.equal(first.body.queues[0].label, "Messages waiting for delivery");
    assert.match(first.body.queues[0].description, /statuses 0, 1, 2, 8/);

    const before = Date.now();
    const saved = await ctx.call("POST", "/rest/monitoring/updateTresholds", {
      token,
      json: {
        queues: [
          { queue: "pushWaiting", maximum: 8, alert: 4 }, // 2 of 8: 25%
          { queue: "pushErrors", maximum: 4, alert: 2 }, // 2 of 4: 50%, at the alert
          { queue: "robotWaiting", maximum: 4, alert: 4 }, // 3 of 4: 75%
          { queue: "stationWaiting", maximum: 5, alert: 1 }, // 1 of 5: 20%, at the alert
        ],
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const expected = [
      ["pushWaiting", 2, 8, 4, "green", false, true],
      ["pushErrors", 2, 4, 2, "amber", true, true],
      ["robotWaiting", 3, 4, 4, "red", false, true],
      ["robotFailures", 1, 200, 150, "grey", false, false],
      ["commandListsOpen", 2, 200, 150, "grey", false, false],
      ["stationWaiting", 1, 5, 1, "grey", true, true],
    ];
    assert.deepEqual(summary(saved.body), expected);
    for (const q of saved.body.queues) {
      if (!q.configured) assert.equal(q.updatedAt, null);
      else {assert.ok(
          Date.parse(q.updatedAt) >= before - SECOND && Date.parse(q.updatedAt) <= Date.now(),
        );}
    }

    // Refusals: 400 with the message, and nothing saved.
    const refusals: [unknown, string | RegExp][] = [
      [
        { queues: [{ queue: "pushWaiting", maximum: 10, alert: 11 }] },
        MONITORING_MESSAGES.alertAboveMaximum,
      ],
      [{
        queues: [
          { queue: "pushErrors", maximum: 10, alert: 5 },
          { queue: "pushErrors", maximum: 20, alert: 5 },
        ],
      }, "Each queue at most once"],
      [{ queues: [{ queue: "nonsense", maximum: 10, alert: 5 }] }, /./],
      [{ queues: [{ queue: "pushWaiting", maximum: 10.5, alert: 5 }] }, /Maximum/],
      [{ queues: [{ queue: "pushWaiting", maximum: 10, alert: 0 }] }, /Alert/],
      [{ queues: [{ queue: "pushWaiting", maximum: "10", alert: 5 }] }, /Maximum/],
      [{ queues: [] }, /./],
      [{}, /./],
    ];
    for (const [json, message] of refusals) {
      const r = await ctx.call("POST", "/rest/monitoring/updateTresholds", { token, json });
      assert.equal(r.status, 400, JSON.stringify(json));
      assert.equal(r.body.code, 400);
      if (typeof message === "string") assert.equal(r.body.message, message);
      else assert.match(r.body.message, message);
    }
    const after = await ctx.call("GET", "/rest/monitoring/tresholds", { token });
    assert.deepEqual(summary(after.body), expected);

    // A second save changes the listed queue only, and records who saved it.
    const again = await ctx.call("POST", "/rest/monitoring/updateTresholds", {
      token,
      json: { queues: [{ queue: "pushWaiting", maximum: 3, alert: 3 }] },
    });
    assert.deepEqual(summary(again.body)[0], ["pushWaiting", 2, 3, 3, "amber", false, true]);
    assert.deepEqual(summary(again.body).slice(1), expected.slice(1));
  },
);

// ---- delivery ----

isolatedTest("[rest/monitoring] delivery: per type, per route, destinations", async (ctx) => {
  const now = nowish();
  const team = await ctx.f.team();
  const tgid = await ctx.f.tgid({ teamId: team.id, label: "Fleet North" });
  const tcp = await makeRoute(ctx.db, "tcp", tgid.id, { ipPortTxPrimary: "203.0.113.1:7000" });
  const ftp = await makeRoute(ctx.db, "ftp", tgid.id, {
    ftpPrimary: "ftp.example.com:21/a",
    ftpPrimaryUp: -1,
    ftpSecondary: "ftp2.example.com:21/a",
    ftpSecondaryUp: 0,
  });
  const smtp = await makeRoute(ctx.db, "smtp", tgid.id, { emailMaster: "ops@example.com" });
  // No traffic: not among the routes; its primary is down, its unset secondary not counted.
  const ws = await makeRoute(ctx.db, "ws", tgid.id, {
    wsPrimary: "https://down.example.com/in",
    wsPrimaryUp: 0,
    wsSecondary: null,
    wsSecondaryUp: 0,
  });
  const T = tgid.id;
  await push(ctx, [
    [now - 30 * MINUTE, 4, 0, 0, tcp.id, T], // delivered: last hour and day
    [now - 10 * MINUTE, 1, 0, 0, tcp.id, T], // waiting: last hour and day
    [now - 3 * HOUR, 3, 0, 0, tcp.id, T], // failed: last day only
    [now - 2 * DAY, 0, 0, 0, tcp.id, T], // waiting: in `waiting` only
    [now - 25 * HOUR, 4, 0, 0, tcp.id, T], // delivered, too old: nowhere
    [now - 20 * MINUTE, 5, 3, 3, ftp.id, T],
    [now - 5 * HOUR, 6, 3, 3, ftp.id, T],
    [now - 3 * HOUR, 8, 3, 3, ftp.id, T],
    [now - 2 * HOUR, 4, 1, 1, smtp.id, T],
    [now - 50 * MINUTE, 2, 2, null, null, null], // DB delivery, no route
    [now - HOUR, 4, 6, null, null, null], // exactly an hour old: last day only
    [now + MINUTE, 4, 6, null, null, null], // after now: in no window
  ]);

  const d = await readDelivery(ctx.db, new Date(now));
  assert.equal(d.measuredAt, iso(now));
  const c = (delivered: number, failed: number, waiting: number) => ({
    delivered,
    failed,
    waiting,
  });
  const figures = (
    lastHour: ReturnType<typeof c>,
    lastDay: ReturnType<typeof c>,
    waiting: number,
    oldest: number | null,
    delivered: number | null,
  ) => ({
    lastHour,
    lastDay,
    waiting,
    oldestWaitingAt: oldest === null ? null : iso(oldest),
    lastDeliveredAt: delivered === null ? null : iso(delivered),
  });
  const tcpFigures = figures(c(1, 0, 1), c(1, 1, 1), 2, now - 2 * DAY, now - 30 * MINUTE);
  const ftpFigures = figures(c(0, 1, 0), c(0, 2, 1), 1, now - 3 * HOUR, null);
  const smtpFigures = figures(c(0, 0, 0), c(1, 0, 0), 0, null, now - 2 * HOUR);
  const none = figures(c(0, 0, 0), c(0, 0, 0), 0, null, null);
  assert.deepEqual(d.types, [
    { deliveryType: 0, label: "TCP", ...tcpFigures },
    { deliveryType: 1, label: "SMTP", ...smtpFigures },
    {
      deliveryType: 2,
      label: "DB",
      ...figures(c(0, 0, 1), c(0, 0, 1), 1, now - 50 * MINUTE, null),
    },
    { deliveryType: 3, label: "FTP", ...ftpFigures },
    { deliveryType: 4, label: "WS", ...none },
    { deliveryType: 5, label: "ACK", ...none },
    { deliveryType: 6, label: "SMS", ...figures(c(0, 0, 0), c(1, 0, 0), 0, null, now - HOUR) },
  ]);
  const route = { tgid: T, tgidLabel: "Fleet North" };
  assert.deepEqual(d.routes, [
    {
      routeType: "tcp",
      routeId: tcp.id,
      deliveryType: 0,
      ...route,
      destination: "203.0.113.1:7000",
      up: 1,
      ...tcpFigures,
    },
    {
      routeType: "ftp",
      routeId: ftp.id,
      deliveryType: 3,
      ...route,
      destination: "ftp.example.com:21/a",
      up: -1,
      ...ftpFigures,
    },
    {
      routeType: "smtp",
      routeId: smtp.id,
      deliveryType: 1,
      ...route,
      destination: "ops@example.com",
      up: 1,
      ...smtpFigures,
    },
  ]);
  assert.deepEqual(d.destinations, {
    locked: 1,
    down: 2,
    items: [
      {
        routeType: "ftp",
        routeId: ftp.id,
        tgid: T,
        which: "primary",
        destination: "ftp.example.com:21/a",
        state: "locked",
      },
      {
        routeType: "ftp",
        routeId: ftp.id,
        tgid: T,
        which: "secondary",
        destination: "ftp2.example.com:21/a",
        state: "down",
      },
      {
        routeType: "ws",
        routeId: ws.id,
        tgid: T,
        which: "primary",
        destination: "https://down.example.com/in",
        state: "down",
      },
    ],
  });

  // Through the API (now): the same routes and totals.
  const { token } = await admin(ctx);
  const r = await ctx.call("GET", "/rest/monitoring/delivery", { token });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.routes.map((x: { routeId: number }) => x.routeId), [
    tcp.id,
    ftp.id,
    smtp.id,
  ]);
  assert.equal(r.body.types[0].waiting, 2);
  assert.equal(r.body.destinations.down, 2);
});

// ---- services ----

isolatedTest(
  "[rest/monitoring] services: adapter states, process states, backlogs",
  async (ctx) => {
    const now = nowish();
    const beat = (service: string, lastBeatAt: number) =>
      ctx.db.insert(serviceHeartbeats).values({
        service,
        implementation: "simulated",
        instance: "host-a:42",
        startedAt: new Date(now - HOUR),
        lastBeatAt: new Date(lastBeatAt),
        lastWorkAt: new Date(now - 2 * MINUTE),
        processed: 17,
        lastError: "station unreachable",
        lastErrorAt: new Date(now - 30 * MINUTE),
      });
    await beat("les", now - 30 * SECOND);

    // Backlogs: the station drives 2 commands and 1 message; 4 push messages wait.
    const company = await ctx.f.company();
    const list = await ctx.f.commandList({ companyId: company.id, statuses: [1, 2, 7] });
    await ctx.db.update(commands).set({ nextStepAt: new Date(now + MINUTE) })
      .where(and(eq(commands.listId, list.id), inArray(commands.itemId, [1, 2])));
    await stationMessage(ctx, new Date(now + MINUTE));
    await stationMessage(ctx, null);

    const [teamA, teamB, teamC] = [
      await ctx.f.team({ name: "Team Alpha" }),
      await ctx.f.team(),
      await ctx.f.team({ name: "Team Gamma" }),
    ];
    const tgidA = await ctx.f.tgid({ teamId: teamA.id });
    const tgidB = await ctx.f.tgid({ teamId: teamB.id }); // no process of its own
    await push(ctx, [
      [now - HOUR, 0, 0, null, null, tgidA.id],
      [now - 3 * DAY, 8, 0, null, null, tgidA.id],
      [now - HOUR, 4, 0, null, null, tgidA.id], // delivered: no backlog
      [now - HOUR, 1, 0, null, null, tgidB.id],
      [now - HOUR, 2, 0, null, null, null],
    ]);
    const pa = await ctx.f.pushProcess({ hostname: "alpha", teamId: teamA.id, protocol: "TCP" });
    const p0 = await ctx.f.pushProcess({ hostname: "beta", teamId: null, protocol: null });
    const pc = await ctx.f.pushProcess({ hostname: "gamma", teamId: teamC.id, mode: "F" });
    const pn = await ctx.f.pushProcess({ hostname: "gamma", teamId: teamC.id, mode: "W" });
    const events = (rows: [number | null, number, string, string][]) =>
      ctx.db.insert(pushEvents).values(rows.map(([processId, t, level, message]) => ({
        processId,
        hostname: "h",
        timestamp: new Date(t),
        level,
        message,
      })));
    await events([
      [pa.id, now - 30 * HOUR, "ERROR", "old failure"],
      [pa.id, now - 2 * HOUR, "ERROR", "connection refused"],
      [pa.id, now - 15 * MINUTE, "INFO", "delivered 3"],
      [pa.id, now + MINUTE, "INFO", "after now"],
      [p0.id, now - 3 * HOUR, "WARN", "slow destination"],
      [p0.id, now - 3 * HOUR - SECOND, "ERROR", "timeout"],
      [pc.id, now - 24 * HOUR - SECOND, "INFO", "started"],
      [null, now - MINUTE, "INFO", "no process"],
    ]);

    const s = await readServices(ctx.db, new Date(now));
    assert.equal(s.measuredAt, iso(now));
    const les = {
      service: "les",
      label: "Land earth station adapter",
      implementation: "simulated",
      state: "running",
      instance: "host-a:42",
      startedAt: iso(now - HOUR),
      lastBeatAt: iso(now - 30 * SECOND),
      lastWorkAt: iso(now - 2 * MINUTE),
      processed: 17,
      lastError: "station unreachable",
      lastErrorAt: iso(now - 30 * MINUTE),
      backlog: 3,
      backlogLabel: "commands and messages the station has not finished",
    };
    const delivery = {
      service: "delivery",
      label: "Delivery engine",
      implementation: null,
      state: "stopped",
      instance: null,
      startedAt: null,
      lastBeatAt: null,
      lastWorkAt: null,
      processed: 0,
      lastError: null,
      lastErrorAt: null,
      backlog: 4,
      backlogLabel: "push messages waiting for delivery",
    };
    assert.deepEqual(s.adapters, [les, delivery]);
    // A millisecond past 30 s: stalled.
    const later = await readServices(ctx.db, new Date(now + 1));
    assert.deepEqual(later.adapters.map((a) => a.state), ["stalled", "stopped"]);

    const process = (p: typeof pa) => ({
      id: p.id,
      hostname: p.hostname,
      mode: p.mode,
      protocol: p.protocol,
      port: p.port,
    });
    assert.deepEqual(s.processes, [
      {
        ...process(pa),
        team: { id: teamA.id, name: "Team Alpha" },
        state: "running",
        lastActivityAt: iso(now - 15 * MINUTE),
        lastLevel: "INFO",
        lastMessage: "delivered 3",
        eventsLastHour: 1,
        errorsLastDay: 1,
        backlog: 2,
      },
      {
        ...process(p0),
        team: null,
        state: "idle",
        lastActivityAt: iso(now - 3 * HOUR),
        lastLevel: "WARN",
        lastMessage: "slow destination",
        eventsLastHour: 0,
        errorsLastDay: 1,
        backlog: 2,
      },
      {
        ...process(pc),
        team: { id: teamC.id, name: "Team Gamma" },
        state: "silent",
        lastActivityAt: iso(now - 24 * HOUR - SECOND),
        lastLevel: "INFO",
        lastMessage: "started",
        eventsLastHour: 0,
        errorsLastDay: 0,
        backlog: 0,
      },
      {
        ...process(pn),
        team: { id: teamC.id, name: "Team Gamma" },
        state: "silent",
        lastActivityAt: null,
        lastLevel: null,
        lastMessage: null,
        eventsLastHour: 0,
        errorsLastDay: 0,
        backlog: 0,
      },
    ]);

    const { token } = await admin(ctx);
    const r = await ctx.call("GET", "/rest/monitoring/services", { token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.processes.map((p: { id: number }) => p.id), [
      pa.id,
      p0.id,
      pc.id,
      pn.id,
    ]);
    assert.deepEqual(r.body.adapters.map((a: { backlog: number }) => a.backlog), [3, 4]);
  },
);

// ---- heartbeats ----

/** Runs `fn` with console.error captured; answers what it logged. */
async function capturingErrors(fn: () => Promise<void>): Promise<unknown[]> {
  const logged: unknown[] = [];
  const originalError = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    await fn();
  } finally {
    console.error = originalError;
  }
  return logged;
}

/**
 * A beat throttle on a clock the test sets, its writes recorded as [moved, error, at];
 * `failNext()` makes the next write fail. `at(ms, moved, error?)` ticks at `ms` and waits
 * for the write.
 */
function throttleOnTestClock() {
  let t = 0;
  const writes: [number, unknown, number][] = [];
  let failNext = false;
  const tick = beatThrottle((moved, error, now) => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error("database gone"));
    }
    writes.push([moved, error, now.getTime()]);
    return Promise.resolve();
  }, { clock: () => new Date(t) });
  const at = async (ms: number, moved: number, error?: unknown) => {
    t = ms;
    tick(moved, error);
    await tick.flush();
  };
  return { writes, at, failNext: () => failNext = true };
}

Deno.test("[monitoring] the beat throttle writes work and failures at once, quiet ticks every 5 s", async () => {
  const { writes, at, failNext } = throttleOnTestClock();
  const boom = new Error("boom");
  const logged = await capturingErrors(async () => {
    await at(0, 0); // the first tick beats
    await at(1_000, 0); // quiet
    await at(2_000, 3); // work: at once
    await at(3_000, 0);
    await at(6_999, 0); // 4.999 s after the last beat: quiet
    await at(7_000, 0); // 5 s: beats
    await at(8_000, 0, boom); // a failure: at once
    failNext();
    await at(9_000, 2); // the write fails: logged, its 2 kept
    await at(10_000, 0); // …and written with the next tick
    await at(11_000, 1);
  });
  assert.deepEqual(writes, [
    [0, undefined, 0],
    [3, undefined, 2_000],
    [0, undefined, 7_000],
    [0, boom, 8_000],
    [2, undefined, 10_000],
    [1, undefined, 11_000],
  ]);
  assert.equal(logged.length, 1);
});

Deno.test("[monitoring] the beat throttle keeps a failed write's error for the next beat", async () => {
  const { writes, at, failNext } = throttleOnTestClock();
  const boom = new Error("boom");
  const later = new Error("later");
  await capturingErrors(async () => {
    await at(0, 0);
    failNext();
    await at(1_000, 1, boom); // the write fails: its count and error are kept…
    await at(1_500, 0); // …and go with the next tick, quiet as it is
    await at(2_000, 0); // written: nothing left to carry
    failNext();
    await at(8_000, 2, boom); // fails again…
    await at(9_000, 0, later); // …the newer error wins, the counts add up
  });
  assert.deepEqual(writes, [
    [0, undefined, 0],
    [1, boom, 1_500],
    [2, later, 9_000],
  ]);
});

Deno.test("[monitoring] a hanging beat write never holds up the clock", async () => {
  let t = 0;
  const writes: [number, unknown, number][] = [];
  let release = () => {};
  const tick = beatThrottle((moved, error, now) => {
    writes.push([moved, error, now.getTime()]);
    // The first write hangs until released; the others answer at once.
    if (writes.length > 1) return Promise.resolve();
    return new Promise<void>((resolve) => release = resolve);
  }, { clock: () => new Date(t) });
  const boom = new Error("boom");
  // Each tick answers at once, without waiting for the write under way.
  const at = async (ms: number, moved: number, error?: unknown) => {
    t = ms;
    assert.equal(tick(moved, error), undefined);
    await Promise.resolve();
  };
  await at(0, 1);
  await at(1_000, 2); // the first write still hangs: carried
  await at(2_000, 0, boom);
  await at(8_000, 3);
  assert.deepEqual(writes, [[1, undefined, 0]]);
  release();
  await tick.flush();
  await at(9_000, 0); // the next tick writes everything carried
  await tick.flush();
  assert.deepEqual(writes, [[1, undefined, 0], [5, boom, 9_000]]);
  // A clock whose beat hangs still ticks on.
  let ticks = 0;
  const station = {
    advance: () => Promise.resolve(++ticks),
  };
  const stuck = beatThrottle(() => new Promise<void>(() => {}));
  const stop = startStationClock(station, 1, stuck);
  try {
    const deadline = Date.now() + 5_000;
    while (ticks < 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  } finally {
    stop();
  }
  assert.ok(ticks >= 5, `ticked ${ticks} times`);
});

dbTest("[monitoring] recordBeat: work, errors, and a new instance starting afresh", async (ctx) => {
  const service = `test-${crypto.randomUUID()}`;
  const started = new Date(nowish() - HOUR);
  const row = async () =>
    (await ctx.db.select().from(serviceHeartbeats).where(eq(serviceHeartbeats.service, service)))[
      0
    ];
  const at = (minutes: number) => new Date(started.getTime() + minutes * MINUTE);
  const base = { implementation: "simulated", instance: "h:1", startedAt: started };
  await recordBeat(ctx.db, service, { ...base, moved: 0, now: at(1) });
  assert.deepEqual(await row(), {
    service,
    implementation: "simulated",
    instance: "h:1",
    startedAt: started,
    lastBeatAt: at(1),
    lastWorkAt: null,
    processed: 0,
    lastError: null,
    lastErrorAt: null,
  });
  await recordBeat(ctx.db, service, { ...base, moved: 3, now: at(2) });
  await recordBeat(ctx.db, service, { ...base, moved: 0, error: new Error("boom"), now: at(3) });
  await recordBeat(ctx.db, service, { ...base, moved: 2, now: at(4) });
  await recordBeat(ctx.db, service, { ...base, moved: 0, now: at(5) });
  assert.deepEqual(await row(), {
    service,
    implementation: "simulated",
    instance: "h:1",
    startedAt: started,
    lastBeatAt: at(5),
    lastWorkAt: at(4),
    processed: 5,
    lastError: "boom",
    lastErrorAt: at(3),
  });
  // A restart: processed and the last work start afresh; the last error stays on record.
  await recordBeat(ctx.db, service, { ...base, startedAt: at(6), moved: 0, now: at(6) });
  assert.deepEqual(await row(), {
    service,
    implementation: "simulated",
    instance: "h:1",
    startedAt: at(6),
    lastBeatAt: at(6),
    lastWorkAt: null,
    processed: 0,
    lastError: "boom",
    lastErrorAt: at(3),
  });
  await recordBeat(ctx.db, service, {
    ...base,
    instance: "h:2",
    startedAt: at(6),
    moved: 4,
    now: at(7),
  });
  const other = await row();
  assert.equal(other.instance, "h:2");
  assert.equal(other.processed, 4);
  assert.deepEqual(other.lastWorkAt, at(7));
});

isolatedTest("[monitoring] the LES clock beats for service 'les'", async (ctx) => {
  const originalError = console.error;
  console.error = () => {};
  let ticks = 0;
  const station = {
    advance: () => {
      ticks++;
      if (ticks === 3) return Promise.reject(new Error("station unreachable"));
      return Promise.resolve(ticks === 1 ? 2 : 0);
    },
  };
  const beat = serviceHeartbeat(ctx.db, "les", "simulated");
  const stop = startStationClock(station, 5, beat);
  // Beats are written without holding up the clock: wait for the failure's to land.
  const errorRecorded = async () => (await readServices(ctx.db)).adapters[0].lastError !== null;
  try {
    const deadline = Date.now() + 10_000;
    while ((ticks < 5 || !await errorRecorded()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    stop();
    await beat.flush();
    console.error = originalError;
  }
  assert.ok(ticks >= 5, `ticked ${ticks} times`);
  const s = await readServices(ctx.db);
  const les = s.adapters[0];
  assert.equal(les.state, "running");
  assert.equal(les.implementation, "simulated");
  assert.equal(les.instance, currentInstance());
  assert.equal(les.processed, 2);
  assert.equal(les.lastError, "station unreachable");
  assert.ok(les.lastWorkAt && les.lastErrorAt && les.lastWorkAt <= les.lastErrorAt);
  assert.ok(Date.now() - Date.parse(les.lastBeatAt!) < 10_000);
});

// ---- access ----

dbTest("[rest/monitoring] a client gets 403 on every monitoring call", async (ctx) => {
  const { token } = await session(ctx, 100);
  const calls: [string, string, unknown?][] = [
    ["GET", "/rest/monitoring/tresholds"],
    ["POST", "/rest/monitoring/updateTresholds", {
      queues: [{ queue: "pushWaiting", maximum: 10, alert: 5 }],
    }],
    ["GET", "/rest/monitoring/delivery"],
    ["GET", "/rest/monitoring/services"],
    ["GET", "/rest/monitoring/statistics?type=push"],
  ];
  for (const [method, path, json] of calls) {
    const r = await ctx.call(method, path, { token, json });
    assert.equal(r.status, 403, `${method} ${path}`);
    assert.deepEqual(r.body, { code: 403, message: "Administrator permission required" });
  }
});
