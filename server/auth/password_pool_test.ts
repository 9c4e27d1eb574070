import assert from "node:assert/strict";
import { PasswordPool } from "./password_pool.ts";
import { ApiError } from "../errors.ts";
import { hashPassword, verifyPassword } from "./password.ts";

/** Derivations that wait until the test lets them finish, counting how many run at once. */
function heldWork() {
  const held: (() => void)[] = [];
  const seen = { running: 0, most: 0, done: 0 };
  const derive = async <T>(value: T): Promise<T> => {
    seen.running++;
    seen.most = Math.max(seen.most, seen.running);
    await new Promise<void>((go) => held.push(go));
    seen.running--;
    seen.done++;
    return value;
  };
  return {
    seen,
    work: {
      hash: (password: string) => derive(`hashed:${password}`),
      verify: (password: string, stored: string | null | undefined) =>
        derive(stored === `hashed:${password}`),
    },
    /** Lets the oldest waiting derivation finish. */
    finishOne: async () => {
      await waitFor(() => held.length > 0);
      held.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

async function waitFor(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(condition(), "the condition never held");
}

Deno.test("[auth/password-pool] at most `threads` derive at once, the rest wait their turn in order", async () => {
  const { seen, work, finishOne } = heldWork();
  const pool = new PasswordPool(100_000, 2, 10, work);
  const answers = Array.from({ length: 5 }, (_, i) => pool.with((slot) => slot.hash(`p${i}`)));
  await waitFor(() => seen.running === 2);
  for (let i = 0; i < 5; i++) await finishOne();
  assert.deepEqual(await Promise.all(answers), [
    "hashed:p0",
    "hashed:p1",
    "hashed:p2",
    "hashed:p3",
    "hashed:p4",
  ]);
  assert.equal(seen.most, 2);
  assert.equal(pool.reserved, 0, "every place is given back");
});

Deno.test("[auth/password-pool] past the queue a request is refused at once: 503 with Retry-After", async (t) => {
  const { work, finishOne } = heldWork();
  const pool = new PasswordPool(100_000, 1, 2, work);
  const taken = [0, 1, 2].map(() => pool.with((slot) => slot.verify("a", "hashed:a")));
  await t.step("the fourth is refused while one derives and two wait", () => {
    assert.throws(() => pool.reserve(), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 503);
      assert.match(e.message, /^Too many sign-ins at once: please try again in \d+ seconds?$/);
      const retryAfter = Number(e.headers["Retry-After"]);
      assert.ok(retryAfter >= 1, `Retry-After ${retryAfter}`);
      assert.equal(e.body().retryAfter, retryAfter);
      return true;
    });
  });
  await t.step("a place freed is a place taken again", async () => {
    await finishOne();
    assert.deepEqual(await taken[0], true);
    const next = pool.with((slot) => slot.verify("b", "hashed:a"));
    assert.throws(() => pool.reserve());
    for (let i = 0; i < 3; i++) await finishOne();
    assert.deepEqual(await Promise.all([...taken.slice(1), next]), [true, true, false]);
    assert.equal(pool.reserved, 0);
  });
});

Deno.test("[auth/password-pool] a failing request gives its place back", async () => {
  const pool = new PasswordPool(100_000, 1, 0, {
    hash: () => Promise.reject(new Error("derivation failed")),
    verify: verifyPassword,
  });
  await assert.rejects(pool.with((slot) => slot.hash("x")), /derivation failed/);
  await assert.rejects(pool.with(() => Promise.reject(new ApiError(429, "locked"))), /locked/);
  assert.equal(pool.reserved, 0);
  const slot = pool.reserve();
  slot.release();
  slot.release(); // twice is once
  assert.equal(pool.reserved, 0);
});

Deno.test("[auth/password-pool] with the real derivations, what it hashes verifies", async () => {
  const pool = new PasswordPool(100_000, 1, 4, { hash: hashPassword, verify: verifyPassword });
  const hash = await pool.with((slot) => slot.hash("correct horse"));
  assert.match(hash, /^pbkdf2-sha256\$100000\$/);
  assert.equal(await pool.with((slot) => slot.verify("correct horse", hash)), true);
  assert.equal(await pool.with((slot) => slot.verify("wrong", hash)), false);
});
