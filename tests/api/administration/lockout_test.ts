import assert from "node:assert/strict";
import { call, dbTest, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { type DbKind, freshPglite, postgresDb } from "../../fixtures/db.ts";
import { DB_KINDS } from "../../fixtures/db.ts";
import { sql } from "drizzle-orm";

const LIMITS = {
  LOGIN_MAX_FAILURES: "3",
  LOGIN_LOCK_MINUTES: "15",
  LOGIN_MAX_FAILURES_PER_IP: "1000",
};

dbTest(
  "[auth/lockout] repeated failures lock the username with the limit and when to retry",
  async (ctx, t) => {
    const app = testApp(ctx.database, LIMITS);
    const user = await ctx.f.user();
    const attempt = (password: string) =>
      call(app, "POST", "/rest/users/login", { json: { username: user.id, password } });
    for (let i = 0; i < 3; i++) assert.equal((await attempt("wrong")).status, 401);
    const locked = await attempt(TEST_PASSWORD);
    await t.step(
      "the right password is refused while locked, with 429, limit and retry time",
      () => {
        assert.equal(locked.status, 429);
        assert.equal(locked.body.code, 429);
        assert.equal(locked.body.limit, 3);
        assert.match(locked.body.message, /at most 3 attempts/);
        const retryIn = Date.parse(locked.body.retryAt) - Date.now();
        assert.ok(retryIn > 14 * 60_000 && retryIn <= 15 * 60_000, `retry in ${retryIn} ms`);
        assert.equal(locked.res.headers.get("retry-after"), String(locked.body.retryAfter));
      },
    );
    await t.step("another username is not affected", async () => {
      const other = await ctx.f.user();
      const r = await call(app, "POST", "/rest/users/login", {
        json: { username: other.id, password: TEST_PASSWORD },
      });
      assert.equal(r.status, 200);
    });
  },
);

dbTest("[auth/lockout] a success resets the username's count", async (ctx) => {
  const app = testApp(ctx.database, LIMITS);
  const user = await ctx.f.user();
  const attempt = (password: string) =>
    call(app, "POST", "/rest/users/login", { json: { username: user.id, password } });
  for (let i = 0; i < 2; i++) assert.equal((await attempt("wrong")).status, 401);
  assert.equal((await attempt(TEST_PASSWORD)).status, 200);
  for (let i = 0; i < 2; i++) assert.equal((await attempt("wrong")).status, 401);
  assert.equal((await attempt(TEST_PASSWORD)).status, 200);
});

dbTest(
  "[auth/lockout] failures from one address lock that address across usernames",
  async (ctx) => {
    const app = testApp(ctx.database, { LOGIN_MAX_FAILURES_PER_IP: "4", TRUST_PROXY: "true" });
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const from = (username: string, password: string, addr = ip) =>
      call(app, "POST", "/rest/users/login", {
        json: { username, password },
        headers: { "x-forwarded-for": addr },
      });
    for (let i = 0; i < 4; i++) assert.equal((await from(`ghost${i}@x.test`, "nope")).status, 401);
    const user = await ctx.f.user();
    const r = await from(user.id, TEST_PASSWORD);
    assert.equal(r.status, 429);
    assert.match(r.body.message, /from this address/);
    assert.equal((await from(user.id, TEST_PASSWORD, `${ip}-other`)).status, 200);
  },
);

/** Two app instances, each with its own database connection, sharing one database. */
async function twoInstances(kind: DbKind) {
  if (kind === "pglite") {
    // PGlite is single-process: both instances share the one handle, state still lives only in it.
    const database = await freshPglite();
    return { dbs: [database, database], close: () => database.close() };
  }
  const [a, b] = [await postgresDb(2), await postgresDb(2)];
  return { dbs: [a, b], close: async () => void await Promise.all([a.close(), b.close()]) };
}

/** Every case variant of a username: they all name one user and count as one. */
const caseVariant = (id: string, i: number) =>
  [...id].map((ch, j) => ((i >> (j % 8)) & 1) ? ch.toUpperCase() : ch).join("");

for (const kind of DB_KINDS) {
  Deno.test({
    name:
      `[auth/lockout] 50 parallel wrong passwords on two instances: at most the limit evaluated [${kind}]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const { dbs, close } = await twoInstances(kind);
      try {
        const apps = dbs.map((d) => testApp(d, LIMITS));
        const { Factories } = await import("../../fixtures/factories.ts");
        const user = await new Factories(dbs[0].db).user();
        const attempt = (i: number, password: string) =>
          call(apps[i % 2], "POST", "/rest/users/login", {
            json: { username: caseVariant(user.id, i), password },
          });
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => attempt(i, "wrong")),
        );
        const statuses = answers.map((r) => r.status);
        const locked = answers.filter((r) => r.status === 429);
        await t.step("at most LOGIN_MAX_FAILURES passwords are evaluated, the rest locked", () => {
          assert.equal(statuses.filter((s) => s === 401).length, 3, statuses.join(","));
          assert.equal(locked.length, 47, statuses.join(","));
          // One message whatever the instance or the spelling of the id.
          assert.equal(new Set(locked.map((r) => r.body.message)).size, 1);
          assert.match(locked[0].body.message, /at most 3 attempts/);
        });
        await t.step(
          "the right password is refused, in any case, until the window passes",
          async () => {
            for (let i = 0; i < 4; i++) {
              const r = await attempt(i, TEST_PASSWORD);
              assert.equal(r.status, 429);
              assert.equal(r.body.message, locked[0].body.message);
            }
            // Age the failures to one second before the window's end: still locked.
            const age = async (seconds: number) =>
              await dbs[0].db.execute(sql`update login_attempts set attempted_at = now() -
              make_interval(secs => ${seconds}) where username = ${user.id.toLowerCase()}`);
            await age(15 * 60 - 1);
            assert.equal((await attempt(1, TEST_PASSWORD)).status, 429);
            await age(15 * 60 + 1);
            assert.equal((await attempt(1, TEST_PASSWORD)).status, 200);
          },
        );
      } finally {
        await close();
      }
    },
  });
}

for (const kind of DB_KINDS) {
  Deno.test({
    name: `[auth/lockout] two app instances sharing one database enforce one limit [${kind}]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const { dbs, close } = await twoInstances(kind);
      try {
        const [one, two] = dbs.map((d) => testApp(d, LIMITS));
        const { Factories } = await import("../../fixtures/factories.ts");
        const user = await new Factories(dbs[0].db).user();
        const attempt = (app: typeof one, password: string) =>
          call(app, "POST", "/rest/users/login", { json: { username: user.id, password } });
        assert.equal((await attempt(one, "wrong")).status, 401);
        assert.equal((await attempt(two, "wrong")).status, 401);
        assert.equal((await attempt(one, "wrong")).status, 401);
        // Three failures spread over both instances: both now refuse, even the right password.
        assert.equal((await attempt(two, TEST_PASSWORD)).status, 429);
        assert.equal((await attempt(one, TEST_PASSWORD)).status, 429);
      } finally {
        await close();
      }
    },
  });
}
