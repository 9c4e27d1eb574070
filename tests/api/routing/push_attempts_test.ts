import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { pushAttempts, pushTraffic } from "../../../db/schema/mod.ts";
import { MAX_ATTEMPTS_SHOWN } from "../../../openapi/schemas/push/push_attempt_messages.ts";

const attempt = (
  pushTrafficId: number,
  at: string,
  extra: Partial<typeof pushAttempts.$inferInsert>,
) => ({
  pushTrafficId,
  at: new Date(at),
  round: 1,
  target: "primary",
  destination: "127.0.0.1:5000",
  outcome: "failed",
  error: null,
  durationMs: 0,
  instance: "test",
  ...extra,
});

dbTest(
  "[rest/push] getDeliveryAttempts answers the row's status, next attempt and attempts newest first",
  async (ctx) => {
    const client = await ctx.f.user({ rights: 100 });
    const tgid = await ctx.f.tgid({ teamId: client.teamId });
    const [row] = await ctx.f.pushTraffic({ tgidId: tgid.id });
    const [quiet] = await ctx.f.pushTraffic({ tgidId: tgid.id });
    const [theirs] = await ctx.f.pushTraffic();
    await ctx.db.update(pushTraffic).set({
      status: 8,
      nextAttemptAt: new Date("2026-11-23T10:05:05.000Z"),
      deliveryAttempts: 2,
      pushDeliveryAttempts: 1,
    }).where(eq(pushTraffic.id, row.id));
    await ctx.db.insert(pushAttempts).values([
      attempt(row.id, "2026-11-23T10:05:00.000Z", {
        target: "backup",
        destination: "127.0.0.1:5001",
        error: "connect ECONNREFUSED 127.0.0.1:5001",
        durationMs: 3,
      }),
      attempt(row.id, "2026-11-23T10:04:59.500Z", {
        error: "timeout after 10000 ms",
        durationMs: 10_000,
      }),
      // Another message's attempt is not listed.
      attempt(theirs.id, "2026-11-23T10:06:00.000Z", {}),
    ]);
    const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
    const get = (id: unknown) =>
      ctx.call("GET", `/rest/push/getDeliveryAttempts?id=${id}`, { token });

    const r = await get(row.id);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body, {
      pushTrafficId: row.id,
      status: 8,
      nextAttemptAt: "2026-11-23T10:05:05.000Z",
      deliveryAttempts: 2,
      pushDeliveryAttempts: 1,
      attempts: [
        {
          at: "2026-11-23T10:05:00.000Z",
          round: 1,
          target: "backup",
          destination: "127.0.0.1:5001",
          outcome: "failed",
          error: "connect ECONNREFUSED 127.0.0.1:5001",
          durationMs: 3,
        },
        {
          at: "2026-11-23T10:04:59.500Z",
          round: 1,
          target: "primary",
          destination: "127.0.0.1:5000",
          outcome: "failed",
          error: "timeout after 10000 ms",
          durationMs: 10_000,
        },
      ],
    });

    // A message never tried: no attempts, nothing scheduled.
    const none = await get(quiet.id);
    assert.equal(none.status, 200);
    assert.equal(none.body.nextAttemptAt, null);
    assert.deepEqual(none.body.attempts, []);

    // Another company's row looks like an unknown one.
    for (const id of [theirs.id, 2_000_000_000]) {
      const hidden = await get(id);
      assert.equal(hidden.status, 404);
      assert.equal(hidden.body.message, "Push traffic not found");
    }
    assert.equal((await get("x")).status, 400);
    assert.equal(
      (await ctx.call("GET", `/rest/push/getDeliveryAttempts?id=${row.id}`)).status,
      401,
    );

    // An administrator reaches every company's rows.
    const admin = await ctx.f.user({ rights: 1 });
    const { token: adminToken } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const their = await ctx.call("GET", `/rest/push/getDeliveryAttempts?id=${theirs.id}`, {
      token: adminToken,
    });
    assert.equal(their.status, 200);
    assert.equal(their.body.attempts.length, 1);
  },
);

dbTest(
  "[rest/push] getDeliveryAttempts answers at most 200 attempts, the most recent",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const [row] = await ctx.f.pushTraffic();
    const start = Date.parse("2026-11-23T00:00:00.000Z");
    await ctx.db.insert(pushAttempts).values(
      Array.from(
        { length: MAX_ATTEMPTS_SHOWN + 5 },
        (_, i) => attempt(row.id, new Date(start + i * 1000).toISOString(), { round: i + 1 }),
      ),
    );
    const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const r = await ctx.call("GET", `/rest/push/getDeliveryAttempts?id=${row.id}`, { token });
    assert.equal(r.status, 200);
    const rounds = r.body.attempts.map((a: { round: number }) => a.round);
    assert.equal(rounds.length, MAX_ATTEMPTS_SHOWN);
    assert.equal(rounds[0], MAX_ATTEMPTS_SHOWN + 5);
    assert.equal(rounds.at(-1), 6);
  },
);
