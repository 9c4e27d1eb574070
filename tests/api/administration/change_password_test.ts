/**
 * POST /rest/users/changePassword: the current password is checked (under the sign-in lockout),
 * the new one takes effect, and every other session of the user ends while this one goes on.
 */
import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { ACCOUNT_MESSAGES } from "../../../openapi/schemas/users/account.ts";

const NEW_PASSWORD = "Another-Horse-8";

dbTest("[rest/session] changing your password ends your other sessions", async (ctx, t) => {
  const user = await ctx.f.user({ rights: 100 });
  const [mine, other, third] = [
    await signIn(ctx, user.id, TEST_PASSWORD),
    await signIn(ctx, user.id, TEST_PASSWORD, true),
    await signIn(ctx, user.id, TEST_PASSWORD),
  ];
  const change = (json: unknown, token = mine.token) =>
    ctx.call("POST", "/rest/users/changePassword", { token, json });
  const current = (token: string) => ctx.call("GET", "/rest/users/current", { token });

  await t.step("a wrong current password is refused and changes nothing", async () => {
    const r = await change({ currentPassword: "not-it-at-all", newPassword: NEW_PASSWORD });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.fields, [
      { path: "currentPassword", message: ACCOUNT_MESSAGES.currentWrong },
    ]);
    assert.equal((await current(other.token)).status, 200);
  });
  await t.step("the new password follows the password rules and differs", async () => {
    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: "short" });
    assert.equal(short.status, 400);
    assert.equal(short.body.fields[0].path, "newPassword");
    const same = await change({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    assert.equal(same.status, 400);
    assert.equal(same.body.message, ACCOUNT_MESSAGES.sameAsCurrent);
  });
  await t.step("changed: the other sessions end, this one goes on", async () => {
    const r = await change({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { success: true, endedSessions: 2 });
    assert.equal((await current(other.token)).status, 401);
    assert.equal((await current(third.token)).status, 401);
    assert.equal((await current(mine.token)).status, 200);
  });
  await t.step("only the new password signs in", async () => {
    const old = await ctx.call("POST", "/rest/users/login", {
      json: { username: user.id, password: TEST_PASSWORD },
    });
    assert.equal(old.status, 401);
    await signIn(ctx, user.id, NEW_PASSWORD);
  });
});

dbTest("[rest/session] guessing the current password meets the sign-in lockout", async (ctx) => {
  const user = await ctx.f.user({ rights: 100 });
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  const guess = (currentPassword: string) =>
    ctx.call("POST", "/rest/users/changePassword", {
      token,
      json: { currentPassword, newPassword: NEW_PASSWORD },
    });
  // The default limit, 5 failures, as for sign-in.
  for (let i = 0; i < 5; i++) assert.equal((await guess(`guess-number-${i}`)).status, 400);
  const locked = await guess(TEST_PASSWORD);
  assert.equal(locked.status, 429);
  assert.match(locked.body.message, /at most 5 attempts/);
  // Signing in with the same id is locked too: one count per user.
  const login = await ctx.call("POST", "/rest/users/login", {
    json: { username: user.id.toUpperCase(), password: TEST_PASSWORD },
  });
  assert.equal(login.status, 429);
});
