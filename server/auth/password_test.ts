import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "./password.ts";

Deno.test("[auth/password] hashes verify, wrong passwords and foreign formats do not", async (t) => {
  const hash = await hashPassword("correct horse", 100_000);
  await t.step("format carries algorithm, iterations and a random salt", async () => {
    assert.match(hash, /^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    assert.notEqual(hash, await hashPassword("correct horse", 100_000));
  });
  await t.step("the right password verifies", async () => {
    assert.equal(await verifyPassword("correct horse", hash, 1000), true);
  });
  await t.step("a wrong password, a missing hash and a foreign format fail", async () => {
    assert.equal(await verifyPassword("correct horsf", hash, 1000), false);
    assert.equal(await verifyPassword("correct horse", null, 1000), false);
    assert.equal(await verifyPassword("correct horse", "$2b$10$abc", 1000), false);
    assert.equal(await verifyPassword("x", hash.replace("100000", "0"), 1000), false);
  });
});

Deno.test("[auth/password] PBKDF2 runs off the main thread: timers keep firing while it hashes", async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const started = performance.now();
  await Promise.all([hashPassword("a", 600_000), hashPassword("b", 600_000)]);
  const elapsed = performance.now() - started;
  clearInterval(timer);
  // If hashing blocked the event loop, no interval callback could run until it finished.
  assert.ok(
    ticks >= Math.floor(elapsed / 5 / 4),
    `only ${ticks} ticks in ${elapsed.toFixed(0)} ms`,
  );
});
