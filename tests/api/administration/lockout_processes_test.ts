/**
 * The lockout across server processes: two main.ts processes on one PostgreSQL database receive
 * 50 wrong passwords at once for one user, in case variants of its id, half each. At most
 * LOGIN_MAX_FAILURES (5 by default) are evaluated; the rest, and then the right password on
 * either process, are refused with one message until the window has passed.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { startPortal } from "../../../bench/mixed.ts";
import { TEST_PG_URL } from "../../fixtures/db.ts";
import { ownDatabase } from "../../fixtures/delivery.ts";
import { Factories, TEST_PASSWORD } from "../../fixtures/factories.ts";

const LIMIT = 5;

/** A login's status and message (a fresh connection each, as separate clients would). */
async function login(base: string, username: string, password: string) {
  const res = await fetch(`${base}/rest/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json();
  return { status: res.status, message: String(body.message) };
}

Deno.test({
  name: "[auth/lockout] two server processes, 50 parallel wrong passwords: at most the limit",
  ignore: !TEST_PG_URL,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const own = await ownDatabase("postgres");
    const portals: Awaited<ReturnType<typeof startPortal>>[] = [];
    try {
      // A queue for all 50 at once: this test is about the lockout, not the password pool.
      const env = { DATABASE_URL: own.url!, SESSION_SECRET: "l".repeat(40), PASSWORD_QUEUE: "100" };
      // One after the other: the first migrates (the second would wait on its lock anyway).
      portals.push(await startPortal(env), await startPortal(env));
      const user = await new Factories(own.database.db).user();
      const variant = (i: number) =>
        [...user.id].map((ch, j) => ((i >> (j % 6)) & 1) ? ch.toUpperCase() : ch).join("");
      const base = (i: number) => portals[i % 2].base;

      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(base(i), variant(i), "wrong-password")),
      );
      const statuses = answers.map((a) => a.status);
      const locked = answers.filter((a) => a.status === 429);
      await t.step("at most the limit is evaluated; the rest get one message", () => {
        assert.equal(statuses.filter((s) => s === 401).length, LIMIT, statuses.join(","));
        assert.equal(locked.length, 50 - LIMIT, statuses.join(","));
        assert.equal(new Set(locked.map((a) => a.message)).size, 1);
      });
      await t.step("the right password is refused on both until the window passes", async () => {
        for (const i of [0, 1]) {
          const r = await login(base(i), variant(i + 3), TEST_PASSWORD);
          assert.deepEqual(r, { status: 429, message: locked[0].message });
        }
        // The failures aged past the default 15-minute window: the lock is over.
        await own.database.db.execute(sql`update login_attempts
          set attempted_at = now() - interval '15 minutes 1 second'
          where username = ${user.id.toLowerCase()}`);
        assert.equal((await login(base(1), user.id, TEST_PASSWORD)).status, 200);
      });
    } finally {
      for (const p of portals) await p.proc.stop();
      await own.close();
    }
  },
});
