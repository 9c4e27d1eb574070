import assert from "node:assert/strict";
import { asc, eq, inArray } from "drizzle-orm";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import type { Ctx } from "../../fixtures/app.ts";
import { pushEvents, pushTraffic } from "../../../db/schema/mod.ts";

const retransmit = (ctx: Ctx, token: string, ids: unknown) =>
  ctx.call("POST", "/rest/push/retransmitTraffic", { token, json: { ids } });

async function adminToken(ctx: Ctx) {
  const admin = await ctx.f.user({ rights: 1 });
  const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
  return { admin, token };
}

const rowsOf = (ctx: Ctx, ids: number[]) =>
  ctx.db.select().from(pushTraffic).where(inArray(pushTraffic.id, ids))
    .orderBy(asc(pushTraffic.id));

dbTest(
  "[rest/push] retransmitTraffic schedules each message again, keeps its attempts and logs who",
  async (ctx) => {
    const { admin, token } = await adminToken(ctx);
    const rows = await ctx.f.pushTraffic({ count: 4, overrides: { status: 3 } });
    await ctx.db.update(pushTraffic).set({ deliveryAttempts: 5 })
      .where(eq(pushTraffic.id, rows[1].id));
    const [a, b, c] = rows.map((r) => r.id);
    // c was part-way through its retry schedule and held by a worker.
    await ctx.db.update(pushTraffic).set({ retryStep: 5, claimToken: "worker-x" })
      .where(eq(pushTraffic.id, c));
    const before = Date.now();

    // Joined by ';', in any order, a duplicate counted once.
    const r = await retransmit(ctx, token, `${c};${a};${c}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, { retransmitted: 2, ids: [a, c] });

    const after = await rowsOf(ctx, [a, b, c]);
    assert.deepEqual(after.map((x) => x.status), [8, 3, 8]);
    // Attempts (and the rest of the row) kept.
    assert.deepEqual(
      after.map((x) => x.deliveryAttempts),
      [rows[0].deliveryAttempts, 5, rows[2].deliveryAttempts],
    );
    assert.equal(after[0].errorLabel, rows[0].errorLabel);
    // Back in the delivery queue: due now, a fresh retry schedule, the worker's claim gone.
    for (const x of [after[0], after[2]]) {
      assert.ok(x.nextAttemptAt, "due");
      assert.ok(Math.abs(x.nextAttemptAt.getTime() - Date.now()) < 60_000, "due now");
      assert.equal(x.retryStep, 0);
      assert.equal(x.claimToken, null);
    }
    assert.equal(after[1].nextAttemptAt, null, "not retransmitted: not queued");

    const events = await ctx.db.select().from(pushEvents)
      .where(inArray(pushEvents.tgidId, [rows[0].tgidId!])).orderBy(asc(pushEvents.id));
    assert.equal(events.length, 2);
    assert.deepEqual(events.map((e) => e.message), [
      `Retransmit requested by ${admin.id} (push traffic ${a})`,
      `Retransmit requested by ${admin.id} (push traffic ${c})`,
    ]);
    for (const e of events) {
      assert.ok(e.timestamp.getTime() >= before - 5_000, "recorded when");
      assert.equal(e.level, "INFO");
    }

    // One id alone is fine too, and retransmitting again is allowed.
    const again = await retransmit(ctx, token, String(a));
    assert.deepEqual(again.body, { retransmitted: 1, ids: [a] });
  },
);

dbTest(
  "[rest/push] retransmitTraffic is all or nothing: an unknown id changes nothing",
  async (ctx) => {
    const { token } = await adminToken(ctx);
    const rows = await ctx.f.pushTraffic({ count: 2, overrides: { status: 5 } });
    const [a, b] = rows.map((r) => r.id);
    const eventsBefore = (await ctx.db.select().from(pushEvents)).length;

    const r = await retransmit(ctx, token, `${a};${b};${b + 1000}`);
    assert.equal(r.status, 404);
    assert.equal(r.body.message, "Push traffic not found");

    assert.deepEqual((await rowsOf(ctx, [a, b])).map((x) => x.status), [5, 5]);
    assert.equal((await ctx.db.select().from(pushEvents)).length, eventsBefore);
  },
);

dbTest("[rest/push] retransmitTraffic refuses bad ids with a clear message", async (ctx) => {
  const { token } = await adminToken(ctx);
  const cases: [unknown, string][] = [
    ["", "Ids is required"],
    [undefined, "Ids is required"],
    [12, "Ids is required"],
    ["12,15", "Ids must be push traffic ids separated by ';'"],
    ["12;", "Ids must be push traffic ids separated by ';'"],
    [";12", "Ids must be push traffic ids separated by ';'"],
    ["12;;15", "Ids must be push traffic ids separated by ';'"],
    ["12; 15", "Ids must be push traffic ids separated by ';'"],
    ["-3", "Ids must be push traffic ids separated by ';'"],
    ["1.5", "Ids must be push traffic ids separated by ';'"],
    ["0", "Push traffic id 0 is not a valid id"],
    ["12;99999999999", "Push traffic id 99999999999 is not a valid id"],
    ["2147483648", "Push traffic id 2147483648 is not a valid id"],
    [
      Array.from({ length: 2001 }, (_, i) => i + 1).join(";"),
      "At most 2000 push traffic messages can be retransmitted at once",
    ],
  ];
  for (const [ids, message] of cases) {
    const r = await retransmit(ctx, token, ids);
    assert.equal(r.status, 400, JSON.stringify(ids));
    assert.ok(r.body.message.includes(message), `${JSON.stringify(ids)}: ${r.body.message}`);
  }
  // 2000 distinct ids pass validation (then 404: they do not exist), duplicates beyond are fine.
  const many = Array.from({ length: 2000 }, (_, i) => i + 1_000_000);
  const r = await retransmit(ctx, token, [...many, ...many.slice(0, 10)].join(";"));
  assert.equal(r.status, 404);
  const extra = await ctx.call("POST", "/rest/push/retransmitTraffic", {
    token,
    json: { ids: "1", force: true },
  });
  assert.equal(extra.status, 400);
});

dbTest(
  "[rest/push] retransmitTraffic: clients get 403, admins reach every company's",
  async (ctx) => {
    const client = await ctx.f.user({ rights: 100 });
    const mine = await ctx.f.pushTraffic({
      tgidId: (await ctx.f.tgid({ teamId: client.teamId })).id,
    });
    const theirs = await ctx.f.pushTraffic({ overrides: { status: 0 } });
    const c = await signIn(ctx, client.id, TEST_PASSWORD);

    const refused = await retransmit(ctx, c.token, String(mine[0].id));
    assert.equal(refused.status, 403);
    assert.equal((await rowsOf(ctx, [mine[0].id]))[0].status, mine[0].status);
    const anonymous = await ctx.call("POST", "/rest/push/retransmitTraffic", {
      json: { ids: String(mine[0].id) },
    });
    assert.equal(anonymous.status, 401);

    // An administrator's team may be in any company: every company's rows are reachable.
    const { token } = await adminToken(ctx);
    const r = await retransmit(ctx, token, `${mine[0].id};${theirs[0].id}`);
    assert.equal(r.status, 200);
    assert.deepEqual((await rowsOf(ctx, [mine[0].id, theirs[0].id])).map((x) => x.status), [8, 8]);
  },
);

dbTest(
  "[rest/push] getMultiPushTraffic lists a row's items, a client its company's only",
  async (ctx) => {
    const client = await ctx.f.user({ rights: 100 });
    const tgid = await ctx.f.tgid({ teamId: client.teamId });
    const [parent] = await ctx.f.pushTraffic({ tgidId: tgid.id });
    const items = await ctx.f.pushTraffic({
      tgidId: tgid.id,
      count: 3,
      overrides: { parentId: parent.id },
    });
    const [lonely] = await ctx.f.pushTraffic({ tgidId: tgid.id });
    const [theirs] = await ctx.f.pushTraffic();
    const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
    const get = (id: unknown) =>
      ctx.call("GET", `/rest/push/getMultiPushTraffic?id=${id}`, { token });

    const r = await get(parent.id);
    assert.equal(r.status, 200);
    assert.equal(r.body.pushTrafficId, parent.id);
    // Oldest first (the factory stores them a minute apart, newest first).
    assert.deepEqual(
      r.body.multiPushTraffic.map((i: { pushTrafficId: number }) => i.pushTrafficId),
      items.map((i) => i.id).reverse(),
    );
    assert.equal(r.body.multiPushTraffic[0].status, items[2].status);
    assert.deepEqual((await get(lonely.id)).body.multiPushTraffic, []);
    const hidden = await get(theirs.id);
    assert.equal(hidden.status, 404);
    assert.equal(hidden.body.message, "Push traffic not found");
    assert.equal((await get("x")).status, 400);

    // An item on another company's tgid is neither listed nor counted for the client.
    const [foreign] = await ctx.f.pushTraffic({ overrides: { parentId: parent.id } });
    const listed = (await get(parent.id)).body.multiPushTraffic
      .map((i: { pushTrafficId: number }) => i.pushTrafficId);
    assert.ok(!listed.includes(foreign.id));
    const countFor = async (t: string) =>
      (await ctx.call("POST", "/rest/push/find", {
        token: t,
        json: { type: "pushTraffic", filter: { pushTrafficId: parent.id } },
      })).body.results[0].multiPush;
    assert.equal(await countFor(token), 3);
    const { token: admin } = await adminToken(ctx);
    assert.equal(await countFor(admin), 4, "an administrator counts every item");
  },
);
