import assert from "node:assert/strict";
import { eq, inArray } from "drizzle-orm";
import { dbTest } from "../../fixtures/app.ts";
import { loginAttempts, passwordResets, sessions } from "../../../db/schema/mod.ts";
import { pruneAuthState } from "../../../server/services/users/session/housekeeping.ts";

const DAY = 86_400_000;

dbTest(
  "[auth/housekeeping] old sessions and login attempts are pruned, live ones kept",
  async (ctx) => {
    const user = await ctx.f.user();
    const now = Date.now();
    const ids = {
      live: crypto.randomUUID(),
      expiredYesterday: crypto.randomUUID(),
      expiredLongAgo: crypto.randomUUID(),
      revokedLongAgo: crypto.randomUUID(),
    };
    await ctx.db.insert(sessions).values([
      { id: ids.live, userKey: user.key, remember: false, expiresAt: new Date(now + DAY) },
      {
        id: ids.expiredYesterday,
        userKey: user.key,
        remember: false,
        expiresAt: new Date(now - DAY),
      },
      {
        id: ids.expiredLongAgo,
        userKey: user.key,
        remember: true,
        expiresAt: new Date(now - 8 * DAY),
      },
      {
        id: ids.revokedLongAgo,
        userKey: user.key,
        remember: true,
        expiresAt: new Date(now + DAY),
        revokedAt: new Date(now - 8 * DAY),
      },
    ]);
    const username = `${user.id}-attempts`;
    await ctx.db.insert(loginAttempts).values([
      { username, ip: "x", succeeded: false, attemptedAt: new Date(now - 60_000) },
      { username, ip: "x", succeeded: false, attemptedAt: new Date(now - 2 * DAY) },
    ]);

    await pruneAuthState(ctx.db, 15, new Date(now));

    const left = await ctx.db.select({ id: sessions.id }).from(sessions)
      .where(inArray(sessions.id, Object.values(ids)));
    assert.deepEqual(left.map((r) => r.id).sort(), [ids.live, ids.expiredYesterday].sort());
    const attempts = await ctx.db.select().from(loginAttempts).where(
      eq(loginAttempts.username, username),
    );
    assert.equal(attempts.length, 1);
    assert.ok(attempts[0].attemptedAt.getTime() > now - DAY);
  },
);

dbTest(
  "[auth/housekeeping] set-password links go a week after they expire, not before",
  async (ctx) => {
    const user = await ctx.f.user();
    const now = Date.now();
    const expiries = {
      live: now + DAY,
      expiredYesterday: now - DAY,
      expiredLongAgo: now - 8 * DAY,
    };
    const rows = await ctx.db.insert(passwordResets).values(
      Object.values(expiries).map((t) => ({
        userKey: user.key,
        tokenHash: crypto.randomUUID(),
        reason: "test",
        expiresAt: new Date(t),
      })),
    ).returning({ id: passwordResets.id, expiresAt: passwordResets.expiresAt });

    await pruneAuthState(ctx.db, 15, new Date(now));

    const left = await ctx.db.select({ expiresAt: passwordResets.expiresAt }).from(passwordResets)
      .where(inArray(passwordResets.id, rows.map((r) => r.id)));
    assert.deepEqual(
      left.map((r) => r.expiresAt.getTime()).sort(),
      [expiries.expiredYesterday, expiries.live].sort(),
    );
  },
);
