/**
 * A crowd signing in: the password pool (server/auth/password_pool.ts) takes one password at a
 * time with one more waiting here (PASSWORD_THREADS 1, PASSWORD_QUEUE 1), so most of a burst is
 * refused at once with 503 and Retry-After; what it refuses is not counted by the lockout, and
 * the other calls go on being answered meanwhile.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { call, dbTest, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { loginAttempts } from "../../../db/schema/mod.ts";

const POOL = { PASSWORD_THREADS: "1", PASSWORD_QUEUE: "1", LOGIN_MAX_FAILURES: "5" };
const BURST = 12;

dbTest(
  "[auth/sign-in-crowd] past the password pool's queue sign-in answers 503 with Retry-After, uncounted",
  async (ctx, t) => {
    const app = testApp(ctx.database, POOL);
    const user = await ctx.f.user();
    const login = (password: string) =>
      call(app, "POST", "/rest/users/login", { json: { username: user.id, password } });
    const attempts = async () =>
      (await ctx.db.select().from(loginAttempts).where(eq(loginAttempts.username, user.id)))
        .length;

    await t.step("a burst of right passwords: each signed in or refused with 503", async () => {
      const answers = await Promise.all(Array.from({ length: BURST }, () => login(TEST_PASSWORD)));
      const statuses = answers.map((a) => a.status);
      assert.ok(statuses.every((s) => s === 200 || s === 503), statuses.join(","));
      const refused = answers.filter((a) => a.status === 503);
      assert.ok(refused.length > 0 && refused.length < BURST, statuses.join(","));
      for (const r of refused) {
        assert.equal(r.body.code, 503);
        assert.match(
          r.body.message,
          /^Too many sign-ins at once: please try again in \d+ seconds?$/,
        );
        assert.equal(r.res.headers.get("retry-after"), String(r.body.retryAfter));
        assert.ok(r.body.retryAfter >= 1);
      }
      // Only the attempts whose password was checked are recorded.
      assert.equal(await attempts(), BURST - refused.length);
    });

    await t.step("a burst of wrong passwords: refusals are not failed logins", async () => {
      const before = await attempts();
      const answers = await Promise.all(Array.from({ length: BURST }, () => login("wrong")));
      const statuses = answers.map((a) => a.status);
      // (A machine slow enough to let five through would see the lock: 429, also unrecorded.)
      assert.ok(statuses.every((s) => [401, 429, 503].includes(s)), statuses.join(","));
      assert.ok(statuses.includes(503), statuses.join(","));
      const failed = statuses.filter((s) => s === 401).length;
      assert.equal(await attempts() - before, failed);
      // The lock comes after exactly five failures in all, as without the pool.
      for (let i = failed; i < 5; i++) assert.equal((await login("wrong")).status, 401);
      assert.equal((await login(TEST_PASSWORD)).status, 429);
    });
  },
);

dbTest(
  "[auth/sign-in-crowd] while the pool is full the rest of the portal answers at once",
  async (ctx) => {
    const app = testApp(ctx.database, { ...POOL, PASSWORD_ITERATIONS: "3000000" });
    const admin = await ctx.f.user({ rights: 1 });
    // A session first (one sign-in at a time: no refusal; its hash has the factories' rounds).
    const signedIn = await call(app, "POST", "/rest/users/login", {
      json: { username: admin.id, password: TEST_PASSWORD },
    });
    assert.equal(signedIn.status, 200);
    // Two unknown users take the thread and the queue place for a while: their answer waits for
    // a derivation at the work factor (3,000,000 rounds), as a real user's would…
    let slowEnded = 0;
    const slow = [1, 2].map(async () => {
      const r = await call(app, "POST", "/rest/users/login", {
        json: { username: `nobody-${crypto.randomUUID()}`, password: "wrong" },
      });
      slowEnded = performance.now();
      return r.status;
    });
    await new Promise((r) => setTimeout(r, 30));
    // …a third is refused at once, and a read is answered before they end.
    const third = await call(app, "POST", "/rest/users/login", {
      json: { username: admin.id, password: TEST_PASSWORD },
    });
    const read = await call(app, "GET", "/rest/users/current", {
      token: signedIn.body.token as string,
    });
    const answered = performance.now();
    assert.equal(third.status, 503);
    assert.equal(read.status, 200);
    assert.deepEqual(await Promise.all(slow), [401, 401]);
    assert.ok(slowEnded > answered, "the refusal and the read waited for the sign-ins");
  },
);
