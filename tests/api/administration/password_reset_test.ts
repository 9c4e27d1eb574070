/** Reset password and the set-password link (docs/decisions/0008). */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { passwordResets, users } from "../../../db/schema/mod.ts";
import { RESET_PAGE_PATH, USER_MESSAGES } from "../../../openapi/schemas/users/users.ts";
import { tokenHash } from "../../../server/services/users/password_reset.ts";
import { FLASH_COOKIE } from "../../../server/pages/flash.ts";

const NEW_PASSWORD = "A-new-password-42";

async function admin(ctx: Ctx) {
  const a = await ctx.f.user({ rights: 1 });
  return { user: a, ...(await signIn(ctx, a.id, TEST_PASSWORD)) };
}

const tokenOf = (resetUrl: string) =>
  new URL(resetUrl, "http://localhost").searchParams.get("token")!;

const setPassword = (ctx: Ctx, json: unknown, headers: Record<string, string> = {}) =>
  ctx.call("POST", "/rest/users/setPassword", { json, headers });

const login = (ctx: Ctx, username: string, password: string) =>
  ctx.call("POST", "/rest/users/login", { json: { username, password } });

dbTest(
  "[rest/users] resetPassword: the old password stops working, sessions end, a link",
  async (ctx) => {
    const a = await admin(ctx);
    const user = await ctx.f.user();
    const session = await signIn(ctx, user.id, TEST_PASSWORD);

    const r = await ctx.call("POST", "/rest/users/resetPassword", {
      token: a.token,
      // The dialog's reason box takes several lines: they are kept, the ends trimmed.
      json: { id: user.id.toUpperCase(), reason: "  Forgot it\r\nagain, after the holidays \n" },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.match(r.body.resetUrl, new RegExp(`^${RESET_PAGE_PATH}\\?token=[\\w-]{43}$`));
    const hours = (Date.parse(r.body.expiresAt) - Date.now()) / 3600_000;
    assert.ok(hours > 23.9 && hours <= 24, `expires in ${hours} h`);

    assert.equal((await login(ctx, user.id, TEST_PASSWORD)).status, 401, "old password refused");
    const current = await ctx.call("GET", "/rest/users/current", { token: session.token });
    assert.equal(current.status, 401, "the user's sessions were revoked");
    const read = await ctx.call("GET", `/rest/users/getUser?user=${user.id}`, { token: a.token });
    assert.equal(read.body.hasPassword, false);

    // Only the token's SHA-256 is stored: no column holds the token in clear.
    const token = tokenOf(r.body.resetUrl);
    const rows = await ctx.db.select().from(passwordResets)
      .where(eq(passwordResets.userKey, user.key));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].tokenHash, await tokenHash(token));
    assert.notEqual(rows[0].tokenHash, token);
    assert.equal(rows[0].reason, "Forgot it\r\nagain, after the holidays");
    assert.equal(rows[0].createdByKey, a.user.key);
    assert.equal(rows[0].usedAt, null);
    const dump = JSON.stringify(
      await ctx.db.execute(sql`select * from password_resets where user_key = ${user.key}`),
    );
    assert.ok(!dump.includes(token), "the token appears nowhere in the row");
  },
);

dbTest("[rest/users] resetPassword: reason required, 404 for an unknown user", async (ctx) => {
  const a = await admin(ctx);
  const user = await ctx.f.user();
  const cases: [unknown, number, string][] = [
    [{ id: user.id }, 400, USER_MESSAGES.reasonRequired],
    [{ id: user.id, reason: "   " }, 400, USER_MESSAGES.reasonRequired],
    [{ id: user.id, reason: " \n\t " }, 400, USER_MESSAGES.reasonRequired],
    [{ id: user.id, reason: "x".repeat(501) }, 400, "The reason must have at most 500 characters"],
    [{ id: user.id, reason: "a\u001bb" }, 400, "The reason must not contain control characters"],
    [{ id: "nobody@nowhere.example", reason: "x" }, 404, USER_MESSAGES.userNotFound],
  ];
  for (const [json, status, message] of cases) {
    const r = await ctx.call("POST", "/rest/users/resetPassword", { token: a.token, json });
    assert.equal(r.status, status, JSON.stringify(json));
    assert.equal(r.body.message, message);
  }
  // Nothing changed for the user.
  await signIn(ctx, user.id, TEST_PASSWORD);
});

dbTest(
  "[rest/users] setPassword: the link sets a password once, without a session",
  async (ctx) => {
    const a = await admin(ctx);
    const user = await ctx.f.user();
    const r = await ctx.call("POST", "/rest/users/resetPassword", {
      token: a.token,
      json: { id: user.id, reason: "locked out" },
    });
    const token = tokenOf(r.body.resetUrl);

    const short = await setPassword(ctx, { token, password: "short" });
    assert.equal(short.status, 400);
    assert.equal(short.body.message, "The password must have at least 10 characters");
    const long = await setPassword(ctx, { token, password: "x".repeat(201) });
    assert.equal(long.body.message, "The password must have at most 200 characters");

    const ok = await setPassword(ctx, { token, password: NEW_PASSWORD });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body, { success: true });
    // The login page the browser goes to next says the password is set.
    assert.match(ok.res.headers.get("set-cookie") ?? "", new RegExp(`^${FLASH_COOKIE}=`));
    await signIn(ctx, user.id, NEW_PASSWORD);
    assert.equal((await login(ctx, user.id, TEST_PASSWORD)).status, 401);

    const again = await setPassword(ctx, { token, password: "Yet-another-pw-1" });
    assert.equal(again.status, 400, "a link works once");
    assert.equal(again.body.message, USER_MESSAGES.linkInvalid);
    await signIn(ctx, user.id, NEW_PASSWORD);

    const [row] = await ctx.db.select().from(users).where(eq(users.key, user.key));
    assert.ok(row.passwordHash?.startsWith("pbkdf2-sha256$"));
    assert.ok(!row.passwordHash!.includes(NEW_PASSWORD));
  },
);

dbTest(
  "[rest/users] setPassword: unknown, expired and replaced links answer the same 400",
  async (ctx) => {
    const a = await admin(ctx);
    const user = await ctx.f.user();
    const reset = async () =>
      tokenOf(
        (await ctx.call("POST", "/rest/users/resetPassword", {
          token: a.token,
          json: { id: user.id, reason: "r" },
        })).body.resetUrl,
      );

    const unknown = await setPassword(ctx, { token: "A".repeat(43), password: NEW_PASSWORD });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, USER_MESSAGES.linkInvalid);
    const empty = await setPassword(ctx, { token: "", password: NEW_PASSWORD });
    assert.equal(empty.body.message, USER_MESSAGES.linkInvalid);

    const expired = await reset();
    await ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, await tokenHash(expired)));
    const late = await setPassword(ctx, { token: expired, password: NEW_PASSWORD });
    assert.equal(late.status, 400);
    assert.equal(late.body.message, USER_MESSAGES.linkInvalid);

    const first = await reset();
    const second = await reset();
    const replaced = await setPassword(ctx, { token: first, password: NEW_PASSWORD });
    assert.equal(replaced.status, 400, "a newer link invalidates the older unused one");
    assert.equal(replaced.body.message, USER_MESSAGES.linkInvalid);
    assert.equal((await setPassword(ctx, { token: second, password: NEW_PASSWORD })).status, 200);
    await signIn(ctx, user.id, NEW_PASSWORD);
  },
);

dbTest(
  "[rest/users] setPassword: the CSRF guard lets the reset page's own call through",
  async (ctx) => {
    const a = await admin(ctx);
    const user = await ctx.f.user();
    const other = await ctx.f.user();
    const r = await ctx.call("POST", "/rest/users/resetPassword", {
      token: a.token,
      json: { id: user.id, reason: "r" },
    });
    const token = tokenOf(r.body.resetUrl);
    // A browser with someone's session cookie still in it: a cross-site post is refused…
    const cookie = (await signIn(ctx, other.id, TEST_PASSWORD)).cookie;
    const cross = await ctx.call("POST", "/rest/users/setPassword", {
      json: { token, password: NEW_PASSWORD },
      cookie,
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    assert.equal(cross.status, 403);
    // …the page's own same-origin call passes, with or without the cookie.
    const same = await ctx.call("POST", "/rest/users/setPassword", {
      json: { token, password: NEW_PASSWORD },
      cookie,
      headers: { "sec-fetch-site": "same-origin", origin: "http://localhost" },
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    await signIn(ctx, user.id, NEW_PASSWORD);
  },
);

const text = (body: unknown) => new TextDecoder().decode(body as Uint8Array);

dbTest(
  "[pages] /login/reset shows the form for a working link, a notice otherwise",
  async (ctx) => {
    const a = await admin(ctx);
    const user = await ctx.f.user();
    const r = await ctx.call("POST", "/rest/users/resetPassword", {
      token: a.token,
      json: { id: user.id, reason: "r" },
    });
    const page = await ctx.call("GET", r.body.resetUrl);
    assert.equal(page.status, 200);
    const html = text(page.body);
    assert.match(html, /New password/);
    assert.match(html, /Confirm the new password/);
    assert.doesNotMatch(html, new RegExp(USER_MESSAGES.linkInvalid.slice(0, 30)));

    // Someone signed in on this browser (the administrator who made the link, say) sees the
    // page too instead of being sent on to the portal.
    const signedInPage = await ctx.call("GET", r.body.resetUrl, { cookie: a.cookie });
    assert.equal(signedInPage.status, 200);
    assert.match(text(signedInPage.body), /Confirm the new password/);

    for (const path of [`${RESET_PAGE_PATH}?token=nope`, RESET_PAGE_PATH]) {
      const bad = await ctx.call("GET", path);
      assert.equal(bad.status, 200);
      assert.match(text(bad.body), /This password link is invalid/);
      assert.doesNotMatch(text(bad.body), /Confirm the new password/);
    }
  },
);
