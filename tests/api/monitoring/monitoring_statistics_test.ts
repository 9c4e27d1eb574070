/**
 * GET /rest/monitoring/statistics (docs/decisions/0014 "Statistics"): counts per hour or UTC day
 * by status and by delivery type or robot, read from the hourly rollup `traffic_hourly` and the
 * changes statement-level triggers append to `traffic_hourly_delta` (migration 0007) — that
 * rollup itself against the traffic, its fold, and writers that never deadlock on it.
 *
 * The database is shared with other tests that write traffic now: each test here writes its
 * traffic into a window of its own, years back (a random base day plus 45 days per window), and
 * asks for exactly that window.
 */
import assert from "node:assert/strict";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { postgresDb, TEST_PG_URL } from "../../fixtures/db.ts";
import { admin, assertAdminOnly, session } from "../../fixtures/companies_teams.ts";
import { executeRows } from "../../../db/client.ts";
import { commands, pushTraffic, robotTraffic, stationMessages } from "../../../db/schema/mod.ts";
import { MONITORING_MESSAGES } from "../../../openapi/schemas/monitoring.ts";
import { readStatistics } from "../../../server/services/monitoring/statistics.ts";
import { foldTrafficDeltas } from "../../../server/services/monitoring/rollup.ts";
import type { DeliveryType, PushStatus } from "../../../openapi/enums.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** A UTC midnight in 2009 (no other test writes traffic that old); windows follow it. */
const BASE = Date.UTC(2009, 0, 1) + Math.floor(Math.random() * 365) * DAY;
let windows = 0;
/** The start (a UTC midnight) of a 45-day window no other test uses. */
const windowStart = () => BASE + windows++ * 45 * DAY;

const iso = (t: number) => new Date(t).toISOString();
const day = (t: number) => iso(t).slice(0, 10);
const hours = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => iso(from + i * HOUR));
const days = (from: number, n: number) => Array.from({ length: n }, (_, i) => iso(from + i * DAY));

function stats(ctx: Ctx, token: string, query: Record<string, string>) {
  return ctx.call("GET", `/rest/monitoring/statistics?${new URLSearchParams(query)}`, { token });
}

/** Push traffic rows, in one statement: [stored at, status, delivery type]. */
function push(ctx: Pick<Ctx, "db">, rows: [number, number, number][]) {
  return ctx.db.insert(pushTraffic).values(rows.map(([t, status, deliveryType]) => ({
    lesCStoredTime: new Date(t),
    status: status as PushStatus,
    deliveryType: deliveryType as DeliveryType,
    protocol: 0 as const,
  }))).returning({ id: pushTraffic.id });
}

/** Robot traffic rows, in one statement: [received at, status, robot]. */
function robot(ctx: Ctx, rows: [number, number, string][]) {
  return ctx.db.insert(robotTraffic).values(rows.map(([t, status, robot]) => ({
    type: 0,
    robot,
    receivedTime: new Date(t),
    status,
  }))).returning({ id: robotTraffic.realId });
}

const ROLLUP = {
  /** The rollup as the statistics read it: the folded counts plus the deltas not folded yet. */
  both: sql`(select series, hour, status, dimension, count from traffic_hourly
    union all select series, hour, status, dimension, delta from traffic_hourly_delta)`,
  folded: sql`traffic_hourly`,
  deltas: sql`(select series, hour, status, dimension, delta as count from traffic_hourly_delta)`,
};

/** The rollup's nonzero counts of `series` in [from, to): "hour|status|dimension" → count. */
async function rollup(
  ctx: Ctx,
  series: string,
  from: number,
  to: number,
  of: keyof typeof ROLLUP = "both",
) {
  const rows = await executeRows<{ hour: string; status: number; dimension: string; n: number }>(
    ctx.db,
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as hour, status, dimension,
          sum(count)::int as n
        from ${ROLLUP[of]} r
        where series = ${series} and hour >= ${iso(from)}::timestamptz
          and hour < ${iso(to)}::timestamptz
        group by 1, 2, 3 having sum(count) <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.hour}|${r.status}|${r.dimension}`, Number(r.n)]));
}

/** How many delta rows of `series` in [from, to) wait to be folded. */
async function deltaRows(ctx: Ctx, series: string, from: number, to: number) {
  const [row] = await executeRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from traffic_hourly_delta where series = ${series}
        and hour >= ${iso(from)}::timestamptz and hour < ${iso(to)}::timestamptz`,
  );
  return Number(row.n);
}

/** The same, counted from the traffic table itself. */
async function counted(
  ctx: Ctx,
  table: string,
  time: string,
  dim: string,
  from: number,
  to: number,
) {
  const rows = await executeRows<{ hour: string; status: number; dimension: string; n: number }>(
    ctx.db,
    sql.raw(`select to_char(date_trunc('hour', ${time}, 'UTC') at time zone 'UTC',
          'YYYY-MM-DD"T"HH24') as hour, status, ${dim} as dimension, count(*)::int as n
        from ${table}
        where ${time} >= '${iso(from)}' and ${time} < '${iso(to)}'
        group by 1, 2, 3`),
  );
  return Object.fromEntries(rows.map((r) => [`${r.hour}|${r.status}|${r.dimension}`, Number(r.n)]));
}

dbTest("[rest/monitoring] statistics: push per hour by status and delivery type", async (ctx) => {
  const { token } = await admin(ctx);
  const w = windowStart();
  await push(ctx, [
    [w - MINUTE, 4, 1], // before the range
    [w + 10 * MINUTE, 0, 0],
    [w + 50 * MINUTE, 4, 1],
    [w + 2 * HOUR + 5 * MINUTE, 4, 1],
    [w + 2 * HOUR + 6 * MINUTE, 4, 1],
    [w + 2 * HOUR + 59 * MINUTE, 3, 6],
    [w + 4 * HOUR + 40 * MINUTE, 8, 2], // after the end asked, within its hour
    [w + 5 * HOUR, 4, 1], // after the range rounded up
  ]);
  const r = await stats(ctx, token, {
    type: "push",
    start: iso(w + 30 * MINUTE),
    end: iso(w + 4 * HOUR + 30 * MINUTE),
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body, {
    type: "push",
    start: iso(w),
    end: iso(w + 5 * HOUR),
    bucket: "hour",
    times: hours(w, 5),
    total: 6,
    byStatus: [
      { key: "0", label: "Stored", values: [1, 0, 0, 0, 0], total: 1 },
      { key: "3", label: "Delivering error", values: [0, 0, 1, 0, 0], total: 1 },
      { key: "4", label: "Delivered", values: [1, 0, 2, 0, 0], total: 3 },
      { key: "8", label: "Delivery Scheduled", values: [0, 0, 0, 0, 1], total: 1 },
    ],
    byDimension: {
      name: "deliveryType",
      label: "Delivery type",
      series: [
        { key: "0", label: "TCP", values: [1, 0, 0, 0, 0], total: 1 },
        { key: "1", label: "SMTP", values: [1, 0, 2, 0, 0], total: 3 },
        { key: "2", label: "DB", values: [0, 0, 0, 0, 1], total: 1 },
        { key: "6", label: "SMS", values: [0, 0, 1, 0, 0], total: 1 },
      ],
    },
  });

  // 72 hours are still counted per hour; a millisecond more per day.
  const h72 = await stats(ctx, token, { type: "push", start: iso(w), end: iso(w + 72 * HOUR) });
  assert.equal(h72.body.bucket, "hour");
  assert.deepEqual(h72.body.times, hours(w, 72));
  assert.equal(h72.body.total, 7);
  assert.deepEqual(h72.body.byStatus[2].values.slice(0, 6), [1, 0, 2, 0, 0, 1]);
  const longer = await stats(ctx, token, {
    type: "push",
    start: iso(w),
    end: iso(w + 72 * HOUR + 1),
  });
  assert.equal(longer.body.bucket, "day");
  assert.deepEqual(longer.body.times, days(w, 4));
  assert.equal(longer.body.end, iso(w + 4 * DAY));
  assert.deepEqual(longer.body.byStatus.map((s: { values: number[] }) => s.values), [
    [1, 0, 0, 0],
    [1, 0, 0, 0],
    [4, 0, 0, 0],
    [1, 0, 0, 0],
  ]);
});

dbTest("[rest/monitoring] statistics: robot per UTC day, zero-filled, by robot", async (ctx) => {
  const { token } = await admin(ctx);
  const w = windowStart();
  await robot(ctx, [
    [w - 1, 2, "EGC"], // the day before
    [w, 2, "EGC"],
    [w + 23 * HOUR, 2, "EGC"],
    [w + 12 * HOUR, 3, "DNID"],
    [w + 2 * DAY + HOUR, 2, "EGC"],
    [w + 2 * DAY + 2 * HOUR, 42, "EPADR"], // a status the portal does not know
    [w + 4 * DAY - 1, 5, "CAPSAT"],
    [w + 4 * DAY, 2, "EGC"], // the day after
  ]);
  // Days: the end day is counted to its end.
  const r = await stats(ctx, token, { type: "robot", start: day(w), end: day(w + 3 * DAY) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body, {
    type: "robot",
    start: iso(w),
    end: iso(w + 4 * DAY),
    bucket: "day",
    times: days(w, 4),
    total: 6,
    byStatus: [
      { key: "2", label: "Successful", values: [2, 0, 1, 0], total: 3 },
      { key: "3", label: "Failed", values: [1, 0, 0, 0], total: 1 },
      { key: "5", label: "WS Error", values: [0, 0, 0, 1], total: 1 },
      { key: "42", label: "Status 42", values: [0, 0, 1, 0], total: 1 },
    ],
    byDimension: {
      name: "robot",
      label: "Robot",
      series: [
        { key: "CAPSAT", label: "CAPSAT", values: [0, 0, 0, 1], total: 1 },
        { key: "DNID", label: "DNID", values: [1, 0, 0, 0], total: 1 },
        { key: "EGC", label: "EGC", values: [2, 0, 1, 0], total: 3 },
        { key: "EPADR", label: "EPADR", values: [0, 0, 1, 0], total: 1 },
      ],
    },
  });

  // Rounded out to whole days; a range without traffic has its times and no series.
  const partial = await stats(ctx, token, {
    type: "robot",
    start: iso(w + 2 * DAY + 30 * MINUTE),
    end: iso(w + 6 * DAY + 1),
  });
  assert.deepEqual(
    [partial.body.bucket, partial.body.start, partial.body.end, partial.body.times.length],
    ["day", iso(w + 2 * DAY), iso(w + 7 * DAY), 5],
  );
  assert.deepEqual(
    partial.body.byStatus.map((s: { key: string; values: number[] }) => [s.key, s.values]),
    [["2", [1, 0, 1, 0, 0]], ["5", [0, 1, 0, 0, 0]], ["42", [1, 0, 0, 0, 0]]],
  );
  const empty = await stats(ctx, token, {
    type: "robot",
    start: day(w + 10 * DAY),
    end: day(w + 19 * DAY),
  });
  assert.deepEqual(empty.body, {
    type: "robot",
    start: iso(w + 10 * DAY),
    end: iso(w + 20 * DAY),
    bucket: "day",
    times: days(w + 10 * DAY, 10),
    total: 0,
    byStatus: [],
    byDimension: { name: "robot", label: "Robot", series: [] },
  });
});

dbTest(
  "[rest/monitoring] statistics: the triggers follow updates, deletes and bulk inserts",
  async (ctx) => {
    const { token } = await admin(ctx);
    const w = windowStart();
    const range = { type: "push", start: iso(w), end: iso(w + 3 * HOUR) };
    const byStatus = async () => {
      const r = await stats(ctx, token, range);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return Object.fromEntries(
        r.body.byStatus.map((s: { key: string; values: number[] }) => [s.key, s.values]),
      );
    };
    const rows = await push(ctx, [
      [w + MINUTE, 0, 1],
      [w + 2 * MINUTE, 0, 1],
      [w + 3 * MINUTE, 0, 1],
      [w + HOUR + MINUTE, 1, 3],
    ]);
    const ids = rows.map((r) => r.id);
    assert.deepEqual(await byStatus(), { 0: [3, 0, 0], 1: [0, 1, 0] });

    // A status change moves the count from one status to the other.
    await ctx.db.update(pushTraffic).set({ status: 4 }).where(
      inArray(pushTraffic.id, ids.slice(0, 2)),
    );
    assert.deepEqual(await byStatus(), { 0: [1, 0, 0], 1: [0, 1, 0], 4: [2, 0, 0] });

    // What the chart does not count (attempts) changes nothing, not even a delta row.
    const before = await rollup(ctx, "push", w, w + 3 * HOUR);
    const deltasBefore = await deltaRows(ctx, "push", w, w + 3 * HOUR);
    await ctx.db.update(pushTraffic).set({ deliveryAttempts: 3, errorLabel: "retry" })
      .where(inArray(pushTraffic.id, ids));
    assert.deepEqual(await rollup(ctx, "push", w, w + 3 * HOUR), before);
    assert.equal(await deltaRows(ctx, "push", w, w + 3 * HOUR), deltasBefore);

    // A new stored time moves it to its hour; a delete takes it away.
    await ctx.db.update(pushTraffic).set({ lesCStoredTime: new Date(w + 2 * HOUR) })
      .where(eq(pushTraffic.id, ids[3]));
    assert.deepEqual(await byStatus(), { 0: [1, 0, 0], 1: [0, 0, 1], 4: [2, 0, 0] });
    await ctx.db.delete(pushTraffic).where(eq(pushTraffic.id, ids[0]));
    assert.deepEqual(await byStatus(), { 0: [1, 0, 0], 1: [0, 0, 1], 4: [1, 0, 0] });

    // 600 rows in one statement: all counted, by delivery type too.
    await push(
      ctx,
      Array.from({ length: 600 }, (_, i) => [w + HOUR + (i % 60) * MINUTE, 5, i % 2 ? 4 : 0]),
    );
    const bulk = await stats(ctx, token, range);
    assert.equal(bulk.body.total, 603);
    assert.deepEqual(bulk.body.byStatus.find((s: { key: string }) => s.key === "5"), {
      key: "5",
      label: "Destinator error",
      values: [0, 600, 0],
      total: 600,
    });
    assert.deepEqual(
      bulk.body.byDimension.series.map((s: { key: string; values: number[] }) => [s.key, s.values]),
      [["0", [0, 300, 0]], ["1", [2, 0, 0]], ["3", [0, 0, 1]], ["4", [0, 300, 0]]],
    );
  },
);

dbTest("[rest/monitoring] statistics: station messages and commands by creation", async (ctx) => {
  const { token } = await admin(ctx);
  const w = windowStart();
  const company = await ctx.f.company();
  const list = await ctx.f.commandList({ companyId: company.id, statuses: [] });
  const message = (t: number, status: number) => ({
    les: 21,
    recipient: "ops@ships.example",
    size: 10,
    status,
    createdAt: new Date(t),
  });
  const sent = await ctx.db.insert(stationMessages).values([
    message(w + 5 * MINUTE, 0),
    message(w + 6 * MINUTE, 12),
    message(w + DAY + HOUR, 12),
    message(w + DAY + 2 * HOUR, 100),
  ]).returning({ refNum: stationMessages.refNum });
  await ctx.db.insert(commands).values([5, 6, 5].map((status, i) => ({
    listId: list.id,
    groupId: 1,
    itemId: i + 1,
    command: "sendMessage",
    status,
    createdAt: new Date(w + 3 * DAY + i * HOUR),
  })));
  const range = { start: day(w), end: day(w + 3 * DAY) };

  const messages = await stats(ctx, token, { type: "message", ...range });
  assert.equal(messages.status, 200, JSON.stringify(messages.body));
  assert.deepEqual(messages.body, {
    type: "message",
    start: iso(w),
    end: iso(w + 4 * DAY),
    bucket: "day",
    times: days(w, 4),
    total: 4,
    byStatus: [
      { key: "0", label: "forward in progress", values: [1, 0, 0, 0], total: 1 },
      { key: "12", label: "delivered", values: [1, 1, 0, 0], total: 2 },
      { key: "100", label: "missing call data", values: [0, 1, 0, 0], total: 1 },
    ],
    byDimension: null,
  });
  // The station delivers the first one.
  await ctx.db.update(stationMessages).set({ status: 12 })
    .where(eq(stationMessages.refNum, sent[0].refNum));
  const after = await stats(ctx, token, { type: "message", ...range });
  assert.deepEqual(
    after.body.byStatus.map((s: { key: string; total: number }) => [s.key, s.total]),
    [
      ["12", 3],
      ["100", 1],
    ],
  );

  const sentCommands = await stats(ctx, token, { type: "command", ...range });
  assert.deepEqual(
    [sentCommands.body.total, sentCommands.body.byDimension, sentCommands.body.byStatus],
    [3, null, [
      { key: "5", label: "Delivered", values: [0, 0, 0, 2], total: 2 },
      { key: "6", label: "Failed", values: [0, 0, 0, 1], total: 1 },
    ]],
  );
});

dbTest(
  "[monitoring] the rollup equals the traffic counted directly, before and after a fold",
  async (ctx) => {
    const w = windowStart();
    const end = w + 2 * DAY;
    const at = (i: number) => w + ((i * 7919) % (2 * DAY / MINUTE)) * MINUTE;
    const pushed = await push(
      ctx,
      Array.from({ length: 300 }, (_, i) => [at(i), i % 9, i % 7]),
    );
    const robots = ["EGC", "DNID", "CAPSAT", "EPADR"];
    const received = await robot(
      ctx,
      Array.from({ length: 200 }, (_, i) => [at(i * 3), i % 6, robots[i % 4]]),
    );
    const pushIds = pushed.map((r) => r.id);
    const robotIds = received.map((r) => r.id);
    // Status, delivery type, time and robot changes; deletes; an update that moves rows out.
    await ctx.db.update(pushTraffic).set({ status: 4 })
      .where(inArray(pushTraffic.id, pushIds.filter((_, i) => i % 3 === 0)));
    await ctx.db.update(pushTraffic).set({ deliveryType: 2, lesCStoredTime: new Date(w + HOUR) })
      .where(inArray(pushTraffic.id, pushIds.filter((_, i) => i % 5 === 1)));
    await ctx.db.update(pushTraffic).set({
      lesCStoredTime: sql`${pushTraffic.lesCStoredTime} + interval '1 day'`,
    })
      .where(inArray(pushTraffic.id, pushIds.filter((_, i) => i % 11 === 2)));
    await ctx.db.delete(pushTraffic).where(
      inArray(pushTraffic.id, pushIds.filter((_, i) => i % 4 === 3)),
    );
    await ctx.db.update(robotTraffic).set({ robot: "EGC", status: 3 })
      .where(inArray(robotTraffic.realId, robotIds.filter((_, i) => i % 3 === 1)));
    await ctx.db.delete(robotTraffic)
      .where(
        and(
          inArray(robotTraffic.realId, robotIds),
          gte(robotTraffic.receivedTime, new Date(w + DAY)),
          lt(robotTraffic.receivedTime, new Date(w + DAY + 6 * HOUR)),
        ),
      );

    const span = [w, end + DAY] as const;
    const direct = await counted(
      ctx,
      "push_traffic",
      "les_c_stored_time",
      "delivery_type::text",
      ...span,
    );
    assert.equal(Object.values(direct).reduce((a, b) => a + b, 0), 225);
    assert.deepEqual(await rollup(ctx, "push", ...span), direct);
    assert.deepEqual(
      await rollup(ctx, "robot", ...span),
      await counted(ctx, "robot_traffic", "received_time", "robot", ...span),
    );

    // And the statistics add them up: per day by status, as counted.
    const { byStatus, total } = await readStatistics(ctx.db, {
      type: "push",
      start: new Date(w),
      end: new Date(end + DAY),
    });
    assert.equal(total, 225);
    const perStatus: Record<string, number> = {};
    for (const [k, n] of Object.entries(direct)) {
      const status = k.split("|")[1];
      perStatus[status] = (perStatus[status] ?? 0) + n;
    }
    assert.deepEqual(Object.fromEntries(byStatus.map((s) => [s.key, s.total])), perStatus);

    // The fold moves the deltas into traffic_hourly: the same figures, read from it alone.
    const range = { start: new Date(w), end: new Date(end + DAY) };
    const read = () =>
      Promise.all([
        readStatistics(ctx.db, { type: "push", ...range }),
        readStatistics(ctx.db, { type: "robot", ...range }),
      ]);
    const unfolded = await read();
    assert.ok(await deltaRows(ctx, "push", ...span) > 0);
    assert.ok(await foldTrafficDeltas(ctx.db) > 0);
    assert.deepEqual(await read(), unfolded);
    assert.equal(await deltaRows(ctx, "push", ...span), 0);
    assert.equal(await deltaRows(ctx, "robot", ...span), 0);
    assert.deepEqual(await rollup(ctx, "push", ...span, "folded"), direct);
    assert.deepEqual(
      await rollup(ctx, "robot", ...span, "folded"),
      await counted(ctx, "robot_traffic", "received_time", "robot", ...span),
    );
    // Later changes append deltas again, which the next fold adds to the folded counts.
    await ctx.db.delete(pushTraffic).where(inArray(pushTraffic.id, pushIds.slice(0, 30)));
    const afterDelete = await counted(
      ctx,
      "push_traffic",
      "les_c_stored_time",
      "delivery_type::text",
      ...span,
    );
    assert.deepEqual(await rollup(ctx, "push", ...span), afterDelete);
    assert.ok(await deltaRows(ctx, "push", ...span) > 0);
    await foldTrafficDeltas(ctx.db);
    assert.deepEqual(await rollup(ctx, "push", ...span, "folded"), afterDelete);
  },
);

Deno.test({
  name: "[monitoring] writers of different hours in opposite order do not deadlock [postgres]",
  ignore: !TEST_PG_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const database = await postgresDb(3);
    const ctx = { db: database.db };
    try {
      const w = windowStart();
      const [h1a, h1b, h2a, h2b] = (await push(ctx, [
        [w + 10 * MINUTE, 0, 1],
        [w + 20 * MINUTE, 0, 1],
        [w + HOUR + 10 * MINUTE, 0, 1],
        [w + HOUR + 20 * MINUTE, 0, 1],
      ])).map((r) => r.id);
      const deliver = (tx: Pick<typeof database.db, "update">, id: number) =>
        tx.update(pushTraffic).set({ status: 4 }).where(eq(pushTraffic.id, id));
      // A delivers a row of hour 1 then one of hour 2; B one of hour 2 then one of hour 1. Each
      // holds its first statement's changes when it makes its second (e.g. cancelPendingCommands
      // against advanceMessages): counts upserted in place deadlock here; appended deltas do not.
      const aFirst = Promise.withResolvers<void>();
      const bFirst = Promise.withResolvers<void>();
      const a = database.db.transaction(async (tx) => {
        await deliver(tx, h1a);
        aFirst.resolve();
        await bFirst.promise;
        await deliver(tx, h2a);
      });
      const b = database.db.transaction(async (tx) => {
        await deliver(tx, h2b);
        bFirst.resolve();
        await aFirst.promise;
        await deliver(tx, h1b);
      });
      const settled = await Promise.allSettled([a, b]);
      assert.deepEqual(settled.map((r) => r.status === "rejected" ? String(r.reason) : "ok"), [
        "ok",
        "ok",
      ]);
      const s = await readStatistics(database.db, {
        type: "push",
        start: new Date(w),
        end: new Date(w + 2 * HOUR),
      });
      assert.deepEqual(s.byStatus.map((x) => [x.key, x.values]), [["4", [2, 2]]]);
    } finally {
      await database.close();
    }
  },
});

dbTest("[rest/monitoring] statistics: defaults to the 30 days up to now", async (ctx) => {
  const { token } = await admin(ctx);
  const before = Date.now();
  const r = await stats(ctx, token, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const now = Date.now();
  assert.equal(r.body.type, "message");
  assert.equal(r.body.bucket, "day");
  // Rounded out to whole days: 31 of them (30 when now is exactly a midnight).
  const start = Math.floor((before - 30 * DAY) / DAY) * DAY;
  const end = Math.ceil(now / DAY) * DAY;
  assert.equal(r.body.start, iso(start));
  assert.equal(r.body.end, iso(end));
  assert.deepEqual(r.body.times, days(start, (end - start) / DAY));
  assert.equal(r.body.times.length, now % DAY === 0 ? 30 : 31);
  for (const s of r.body.byStatus) assert.equal(s.values.length, r.body.times.length);

  // With a fixed now: each bound alone, the other defaulted.
  const at = new Date(Date.UTC(2011, 5, 15, 10, 20));
  const fixed = await readStatistics(ctx.db, { type: "command" }, at);
  assert.deepEqual(
    [fixed.start, fixed.end, fixed.bucket, fixed.times.length, fixed.times[0], fixed.times[30]],
    [
      "2011-05-16T00:00:00.000Z",
      "2011-06-16T00:00:00.000Z",
      "day",
      31,
      "2011-05-16T00:00:00.000Z",
      "2011-06-15T00:00:00.000Z",
    ],
  );
  const endOnly = await readStatistics(ctx.db, {
    type: "robot",
    end: new Date(Date.UTC(2011, 0, 31)),
  }, at);
  assert.deepEqual([endOnly.start, endOnly.end], [
    "2011-01-01T00:00:00.000Z",
    "2011-01-31T00:00:00.000Z",
  ]);
  const startOnly = await readStatistics(
    ctx.db,
    { type: "push", start: new Date(Date.UTC(2011, 5, 13, 10, 50)) },
    at,
  );
  assert.deepEqual(
    [startOnly.bucket, startOnly.start, startOnly.end, startOnly.times.length],
    ["hour", "2011-06-13T10:00:00.000Z", "2011-06-15T11:00:00.000Z", 49],
  );
});

dbTest("[rest/monitoring] statistics: refuses bad ranges, types and dates", async (ctx) => {
  const { token } = await admin(ctx);
  const refused = async (query: Record<string, string>, message?: string) => {
    const r = await stats(ctx, token, query);
    assert.equal(r.status, 400, `${JSON.stringify(query)}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.code, 400);
    assert.equal(typeof r.body.message, "string");
    if (message) assert.equal(r.body.message, message);
  };
  const { rangeOrder, rangeTooLong } = MONITORING_MESSAGES;
  await refused({ start: "2011-03-02", end: "2011-03-01T12:00:00Z" }, rangeOrder);
  await refused({ start: "2011-03-02T00:00:00Z", end: "2011-03-02T00:00:00Z" }, rangeOrder);
  await refused({ start: "2010-01-01", end: "2011-02-05" }, rangeTooLong);
  await refused({ type: "fax" }, "Type is not in a valid format");
  await refused({ start: "2011-02-30" }, "Start is not in a valid format");
  await refused({ end: "yesterday" }, "End is not in a valid format");
  await refused({ start: "1969-12-31" }, "Start is not in a valid format");
  await refused({ type: "" });
  await refused({ start: "" });
  await refused({ end: "2011-01-01T10:00:00" }, "End is not in a valid format"); // no offset
  // One bound invalid, the other valid: the bound's own message (the range is not checked).
  await refused(
    { start: "2020-01-01T24:00:00Z", end: "2020-01-03" },
    "Start is not in a valid format",
  );
  await refused(
    { start: "2020-01-01T00:00:00 14:00", end: "2020-01-03" }, // "+" sent unencoded
    "Start is not in a valid format",
  );
  await refused(
    { start: "2020-01-01", end: "2020-01-03T25:00:00Z" },
    "End is not in a valid format",
  );
  // A bound alone, checked once the other is defaulted.
  await refused({ start: iso(Date.now() + DAY) }, rangeOrder);
  await refused({ start: "2011-01-01" }, rangeTooLong);

  // Exactly 400 days is allowed (401 days once the end day is counted to its end is not).
  const longest = await stats(ctx, token, { type: "push", start: "2010-01-01", end: "2011-02-04" });
  assert.equal(longest.status, 200, JSON.stringify(longest.body));
  assert.equal(longest.body.times.length, 400);
  await refused({ start: "2010-01-01", end: "2011-02-05" }, rangeTooLong);
  // The last day a bound may name.
  const last = await stats(ctx, token, { start: "9999-12-01", end: "9999-12-31" });
  assert.equal(last.status, 200, JSON.stringify(last.body));
  assert.equal(last.body.times.length, 31);
  // Its end rounds up to year 10000, which has no ISO date-time: reported as the last instant.
  assert.equal(last.body.start, "9999-12-01T00:00:00.000Z");
  assert.equal(last.body.end, "9999-12-31T23:59:59.999Z");
  assert.equal(last.body.times[30], "9999-12-31T00:00:00.000Z");
  const lastHours = await stats(ctx, token, { start: "9999-12-31T22:30:00Z", end: "9999-12-31" });
  assert.equal(lastHours.status, 200, JSON.stringify(lastHours.body));
  assert.equal(lastHours.body.bucket, "hour");
  assert.equal(lastHours.body.end, "9999-12-31T23:59:59.999Z");
  assert.deepEqual(lastHours.body.times, ["9999-12-31T22:00:00.000Z", "9999-12-31T23:00:00.000Z"]);
});

dbTest("[rest/monitoring] statistics: administrators only", async (ctx) => {
  const client = await session(ctx, 100);
  await assertAdminOnly(ctx, client.token, [
    ["GET", "/rest/monitoring/statistics"],
    ["GET", "/rest/monitoring/statistics?type=push&start=2011-01-01&end=2011-01-02"],
  ]);
});
