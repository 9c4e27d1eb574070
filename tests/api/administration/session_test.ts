import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { call, dbTest, signIn, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { loginAttempts, sessions } from "../../../db/schema/mod.ts";

dbTest(
  "[rest/users] login with the right password answers the user and a session",
  async (ctx, t) => {
    const user = await ctx.f.user({ rights: 1 });
    const r = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id.toUpperCase(), password: TEST_PASSWORD },
    });
    await t.step("200 with id, team rights, admin flag and a bearer token", () => {
      assert.equal(r.status, 200);
      assert.equal(r.body.id, user.id);
      assert.equal(r.body.team.rights, 1);
      assert.equal(r.body.team.id, user.teamId);
      assert.equal(r.body.admin, true);
      assert.match(r.body.token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
      assert.equal(r.body.passwordHash, undefined);
    });
    await t.step(
      "an HttpOnly SameSite=Strict browser-session cookie (no Max-Age without remember)",
      () => {
        const cookie = r.res.headers.get("set-cookie") ?? "";
        assert.match(cookie, /^portal_session=[^;]+/);
        assert.match(cookie, /HttpOnly/);
        assert.match(cookie, /SameSite=Strict/);
        assert.doesNotMatch(cookie, /Max-Age|Expires/i);
      },
    );
    await t.step("the cookie and the bearer token both identify the user", async () => {
      const cookie = (r.res.headers.get("set-cookie") ?? "").split(";")[0];
      const byCookie = await ctx.call("GET", "/rest/users/current", { cookie });
      const byToken = await ctx.call("GET", "/rest/users/current", { token: r.body.token });
      assert.equal(byCookie.status, 200);
      assert.equal(byCookie.body.id, user.id);
      assert.deepEqual(byToken.body, byCookie.body);
    });
  },
);

dbTest("[rest/users] remember keeps the cookie for REMEMBER_DAYS", async (ctx) => {
  const user = await ctx.f.user();
  const { setCookie, body } = await signIn(ctx, user.id, TEST_PASSWORD, true);
  const maxAge = Number(setCookie.match(/Max-Age=(\d+)/)?.[1]);
  assert.equal(maxAge, 30 * 86400);
  const days = (Date.parse(body.expiresAt) - Date.now()) / 86400_000;
  assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
  const [row] = await ctx.db.select().from(sessions).where(eq(sessions.userKey, user.key));
  assert.equal(row.remember, true);
});

dbTest(
  "[rest/users] a wrong password or unknown user answers 401 and starts no session",
  async (ctx) => {
    const user = await ctx.f.user();
    for (
      const json of [{ username: user.id, password: "wrong" }, {
        username: "nobody@x.test",
        password: "x",
      }]
    ) {
      const r = await ctx.call("POST", "/rest/users/login", { json });
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { code: 401, message: "Invalid username or password" });
      assert.equal(r.res.headers.get("set-cookie"), null);
    }
    assert.equal(
      (await ctx.db.select().from(sessions).where(eq(sessions.userKey, user.key))).length,
      0,
    );
  },
);

dbTest("[rest/users] empty login answers 'Error empty login'", async (ctx) => {
  const cases = [
    { username: "", password: "x" },
    { username: "   ", password: "x" },
    { username: "a@b.test", password: "" },
    { username: "a@b.test" },
    {},
  ];
  for (const json of cases) {
    const r = await ctx.call("POST", "/rest/users/login", { json });
    assert.equal(r.status, 400, JSON.stringify(json));
    assert.equal(r.body.code, 400);
    assert.equal(r.body.message, "Error empty login");
    assert.ok(Array.isArray(r.body.fields) && r.body.fields.length > 0);
  }
  const attempts = await ctx.db.select().from(loginAttempts).where(
    eq(loginAttempts.username, "a@b.test"),
  );
  assert.equal(attempts.length, 0, "an empty login is not an attempt");
});

dbTest("[rest/users] a deactivated user cannot sign in", async (ctx) => {
  const user = await ctx.f.user({ active: false });
  const r = await ctx.call("POST", "/rest/users/login", {
    json: { username: user.id, password: TEST_PASSWORD },
  });
  assert.equal(r.status, 403);
  assert.match(r.body.message, /deactivated/);
});

dbTest("[rest/users] logout ends the session for cookie and token alike", async (ctx) => {
  const user = await ctx.f.user();
  const { token, cookie } = await signIn(ctx, user.id, TEST_PASSWORD);
  const out = await ctx.call("POST", "/rest/users/logout", { cookie, json: {} });
  assert.equal(out.status, 200);
  assert.deepEqual(out.body, { success: true });
  assert.match(out.res.headers.get("set-cookie") ?? "", /portal_session=;.*Max-Age=0/);
  assert.equal((await ctx.call("GET", "/rest/users/current", { cookie })).status, 401);
  assert.equal((await ctx.call("GET", "/rest/users/current", { token })).status, 401);
});

dbTest(
  "[auth/sessions] deactivation, a password reset or logout end a session at once on the instance that handled it",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { token: adminToken } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const ended: Record<string, (id: string) => Promise<number>> = {
      deactivation: async (id) =>
        (await ctx.call("POST", "/rest/users/changeStatus", {
          token: adminToken,
          json: { userId: id, active: false },
        })).status,
      "password reset": async (id) =>
        (await ctx.call("POST", "/rest/users/resetPassword", {
          token: adminToken,
          json: { id, reason: "test" },
        })).status,
    };
    for (const [what, end] of Object.entries(ended)) {
      const user = await ctx.f.user();
      const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
      // Resolved (and remembered by this instance) before the change.
      assert.equal((await ctx.call("GET", "/rest/users/current", { token })).status, 200);
      assert.equal(await end(user.id), 200, what);
      assert.equal(
        (await ctx.call("GET", "/rest/users/current", { token })).status,
        401,
        `${what} ends the session at once`,
      );
    }
  },
);

dbTest(
  "[auth/sessions] another instance sees a deactivation within SESSION_RECHECK_SECONDS",
  async (ctx) => {
    const other = testApp(ctx.database, { SESSION_RECHECK_SECONDS: "1" });
    const user = await ctx.f.user();
    const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
    const current = async () => (await call(other, "GET", "/rest/users/current", { token })).status;
    assert.equal(await current(), 200);
    // Changed by another instance (here: straight in the database).
    const { users } = await import("../../../db/schema/mod.ts");
    await ctx.db.update(users).set({ active: false }).where(eq(users.key, user.key));
    const changedAt = Date.now();
    let status = await current();
    while (status === 200 && Date.now() - changedAt < 3000) {
      await new Promise((r) => setTimeout(r, 100));
      status = await current();
    }
    assert.equal(status, 401);
    const seconds = (Date.now() - changedAt) / 1000;
    assert.ok(seconds <= 1.5, `ended after ${seconds} s`);
  },
);

dbTest(
  "[auth/sessions] a team's new rights apply at once to its signed-in users on the instance that changed them",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { token: adminToken } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const client = await ctx.f.user({ rights: 100 });
    const { token } = await signIn(ctx, client.id, TEST_PASSWORD);
    const companies = () => ctx.call("GET", "/rest/companies/all", { token });
    assert.equal((await companies()).status, 403);
    const r = await ctx.call("POST", "/rest/teams/update", {
      token: adminToken,
      json: {
        team: {
          id: client.teamId,
          name: `Promoted ${client.teamId}`,
          company: client.companyId,
          rights: 11,
        },
      },
    });
    assert.equal(r.status, 200);
    assert.equal((await companies()).status, 200, "an administrator now, without signing in again");
  },
);
