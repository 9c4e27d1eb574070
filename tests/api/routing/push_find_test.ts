import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import type { Ctx } from "../../fixtures/app.ts";
import { pushTraffic, tgids, tgidTeams } from "../../../db/schema/mod.ts";
import { COUNT_CAP, type DeliveryType, type PushStatus } from "../../../openapi/enums.ts";
import { PAGE_WINDOW_MESSAGE } from "../../../openapi/schemas/find.ts";
import { sql } from "drizzle-orm";

/** A tgid of `teamId` with `n` push traffic rows, one minute apart, statuses cycling 0..8. */
async function trafficFor(ctx: Ctx, teamId: number, n: number) {
  const [tgid] = await ctx.db.insert(tgids).values({ teamId, label: "T" }).returning();
  const base = Date.parse("2026-01-01T00:00:00Z");
  const rows = await ctx.db.insert(pushTraffic).values(
    Array.from({ length: n }, (_, i) => ({
      tgidId: tgid.id,
      dnid: 7000 + i,
      les: 21,
      lesCStoredTime: new Date(base + i * 60_000),
      status: (i % 9) as PushStatus,
      deliveryType: (i % 2) as DeliveryType,
      protocol: 0 as const,
      errorLabel: i === 0 ? "50%_off\\" : null,
    })),
  ).returning({ id: pushTraffic.id });
  return { tgid, ids: rows.map((r) => r.id) };
}

const find = (ctx: Ctx, token: string, body: Record<string, unknown>) =>
  ctx.call("POST", "/rest/push/find", { token, json: { type: "pushTraffic", ...body } });

dbTest("[rest/push] find pages, sorts and filters push traffic", async (ctx) => {
  const user = await ctx.f.user({ rights: 100 });
  const { ids } = await trafficFor(ctx, user.teamId, 12);
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);

  const first = await find(ctx, token, { count: 5 });
  assert.equal(first.status, 200);
  assert.equal(first.body.total, 12);
  assert.equal(first.body.filtered, 12);
  // Default order: stored time, newest first.
  assert.deepEqual(
    first.body.results.map((r: { pushTrafficId: number }) => r.pushTrafficId),
    [
      ...ids,
    ].reverse().slice(0, 5),
  );

  const third = await find(ctx, token, {
    count: 5,
    page: 3,
    sorting: { field: "lesCStoredTime", direction: "asc" },
  });
  assert.deepEqual(
    third.body.results.map((r: { pushTrafficId: number }) => r.pushTrafficId),
    ids.slice(10),
  );

  const delivered = await find(ctx, token, { filter: { status: "4" } });
  assert.equal(delivered.body.filtered, 1);
  assert.equal(delivered.body.total, 12);
  assert.equal(delivered.body.results[0].status, 4);

  // LIKE wildcards in the text are taken literally.
  const label = await find(ctx, token, { filter: { errorLabel: "50%_OFF\\" } });
  assert.equal(label.body.filtered, 1);
  const wildcard = await find(ctx, token, { filter: { errorLabel: "%" } });
  assert.equal(wildcard.body.filtered, 1);
});

dbTest("[rest/push] a client sees only traffic of its company's tgids", async (ctx) => {
  const mine = await ctx.f.user({ rights: 100 });
  const other = await ctx.f.user({ rights: 100 });
  await trafficFor(ctx, mine.teamId, 2);
  const theirs = await trafficFor(ctx, other.teamId, 3);
  const { token } = await signIn(ctx, mine.id, TEST_PASSWORD);

  const r = await find(ctx, token, { count: 100 });
  assert.equal(r.body.total, 2);
  const leaked = await find(ctx, token, { filter: { tgid: theirs.tgid.id } });
  assert.equal(leaked.body.filtered, 0);

  // Shared with one of my teams: now visible.
  await ctx.db.insert(tgidTeams).values({ tgidId: theirs.tgid.id, teamId: mine.teamId });
  const shared = await find(ctx, token, { filter: { tgid: String(theirs.tgid.id) } });
  assert.equal(shared.body.filtered, 3);

  // An administrator sees every company's.
  const admin = await ctx.f.user({ rights: 1 });
  const a = await signIn(ctx, admin.id, TEST_PASSWORD);
  const all = await find(ctx, a.token, { filter: { tgid: theirs.tgid.id } });
  assert.equal(all.body.filtered, 3);
});

dbTest("[rest/push] find refuses bad input with a clear message", async (ctx) => {
  const user = await ctx.f.user({ rights: 100 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const cases: [Record<string, unknown>, string][] = [
    [{ filter: { tgid: "x" } }, "TGID must be a whole number"],
    [{ filter: { status: 99 } }, "Push status must be one of 0 Stored, 1 In progress"],
    [{ count: 0 }, "count must be at least 1"],
    [{ count: 2001 }, "count must be at most 2000"],
    [{ page: 0 }, "page must be at least 1"],
    [{ sorting: { field: "password", direction: "asc" } }, "Sort by one of"],
    [{ filter: { nope: 1 } }, ""],
  ];
  for (const [body, message] of cases) {
    const r = await find(ctx, token, body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.ok(r.body.message.includes(message), `${JSON.stringify(body)}: ${r.body.message}`);
  }
  const wrongType = await ctx.call("POST", "/rest/push/find", { token, json: { type: "robot" } });
  assert.equal(wrongType.status, 400);
  const anonymous = await ctx.call("POST", "/rest/push/find", { json: { type: "pushTraffic" } });
  assert.equal(anonymous.status, 401);
});

dbTest(
  "[rest/push] counts stop at COUNT_CAP and say so; a page must start within them",
  async (ctx, t) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const [tgid] = await ctx.db.insert(tgids).values({ teamId: admin.teamId, label: "Busy" })
      .returning();
    // COUNT_CAP + 5 rows in one statement; three of them failed (status 2).
    await ctx.db.execute(sql`insert into push_traffic
      (tgid_id, dnid, les, les_c_stored_time, status, delivery_type, protocol)
      select ${tgid.id}, 1, 21, now() - make_interval(secs => i),
        case when i <= 3 then 2 else 1 end, 0, 0
      from generate_series(1, ${COUNT_CAP + 5}) as i`);
    const mine = { tgid: tgid.id };

    await t.step("unfiltered: both counts capped", async () => {
      const r = await find(ctx, token, { filter: mine, page: 3, count: 10 });
      assert.equal(r.status, 200);
      assert.equal(r.body.results.length, 10);
      assert.equal(r.body.filtered, COUNT_CAP);
      assert.equal(r.body.filteredCapped, true);
    });
    await t.step("a narrow filter counts exactly", async () => {
      const r = await find(ctx, token, { filter: { ...mine, status: 2 } });
      assert.equal(r.status, 200);
      assert.equal(r.body.filtered, 3);
      assert.equal(r.body.filteredCapped, false);
      assert.equal(r.body.totalCapped, true);
      assert.equal(r.body.total, COUNT_CAP);
    });
    await t.step("the last page within the cap answers; the next is refused", async () => {
      const last = await find(ctx, token, { filter: mine, page: COUNT_CAP / 10, count: 10 });
      assert.equal(last.status, 200);
      assert.equal(last.body.results.length, 10);
      const beyond = await find(ctx, token, { filter: mine, page: COUNT_CAP / 10 + 1, count: 10 });
      assert.equal(beyond.status, 400);
      assert.deepEqual(beyond.body.fields, [{ path: "page", message: PAGE_WINDOW_MESSAGE }]);
      assert.match(beyond.body.message, /^Only the first 10,000 rows can be paged/);
    });
  },
);

dbTest(
  "[rest/push] a client's newest-first pages, drawn per tgid, match one ordered list",
  async (ctx, t) => {
    const user = await ctx.f.user({ rights: 100 });
    const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
    // Three tgids whose rows interleave in time, some stored at the same instant (ties by id).
    const at = Date.parse("2026-03-01T00:00:00Z");
    const all: { id: number; stored: number; status: number }[] = [];
    for (let k = 0; k < 3; k++) {
      const [tgid] = await ctx.db.insert(tgids).values({ teamId: user.teamId, label: `T${k}` })
        .returning();
      const rows = await ctx.db.insert(pushTraffic).values(
        Array.from({ length: 9 + k }, (_, i) => ({
          tgidId: tgid.id,
          dnid: 1,
          les: 21,
          lesCStoredTime: new Date(at + (i * 3 + k) * 60_000 - (i % 4 === 0 ? k * 60_000 : 0)),
          status: (i % 3) as PushStatus,
          deliveryType: 0 as DeliveryType,
          protocol: 0 as const,
        })),
      ).returning();
      all.push(...rows.map((r) => ({ id: r.id, stored: +r.lesCStoredTime, status: r.status })));
    }
    const newestFirst = (rows: typeof all) =>
      [...rows].sort((a, b) => b.stored - a.stored || b.id - a.id).map((r) => r.id);
    const pages = async (filter: Record<string, unknown>) => {
      const ids: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const r = await find(ctx, token, { filter, count: 5, page });
        assert.equal(r.status, 200);
        ids.push(...r.body.results.map((x: { pushTrafficId: number }) => x.pushTrafficId));
      }
      return ids;
    };
    await t.step("unfiltered", async () => {
      assert.deepEqual(await pages({}), newestFirst(all));
    });
    await t.step("filtered by status", async () => {
      assert.deepEqual(await pages({ status: 1 }), newestFirst(all.filter((r) => r.status === 1)));
    });
  },
);
