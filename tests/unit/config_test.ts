import assert from "node:assert/strict";
import {
  ConfigError,
  DEFAULT_DEMO_PASSWORD,
  embeddedSessionSecret,
  parseConfig,
} from "../../server/config.ts";

const problems = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  assert.fail(`expected a ConfigError for ${JSON.stringify(env)}`);
};

Deno.test("[config] defaults with no configuration", () => {
  const c = parseConfig({});
  assert.equal(c.PORT, 8000);
  assert.equal(c.DATA_DIR, "./data");
  assert.equal(c.DATABASE_URL, undefined);
  assert.equal(c.SESSION_SECRET, null);
  assert.equal(c.SEED, "auto");
  assert.equal(c.DEMO_PASSWORD, DEFAULT_DEMO_PASSWORD);
  assert.equal(c.demoPasswordIsDefault, true);
  assert.equal(c.PASSWORD_ITERATIONS, 600_000);
});

Deno.test("[config] a bad value stops with a message naming the variable", async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "eighty" }, /^PORT: /],
    [{ PORT: "70000" }, /^PORT: /],
    [{ SEED: "sometimes" }, /^SEED: /],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must be a postgres/],
    [{ SESSION_SECRET: "short" }, /^SESSION_SECRET: must be at least 32/],
    [{ PASSWORD_ITERATIONS: "1000" }, /^PASSWORD_ITERATIONS: /],
    [{ TRUST_PROXY: "maybe" }, /^TRUST_PROXY: /],
    [{ DATABASE_URL: "postgres://h/db" }, /^SESSION_SECRET: required when DATABASE_URL/],
    [
      { DATABASE_URL: "postgres://h/db", SESSION_SECRET: "x".repeat(32), SEED: "demo" },
      /^DEMO_PASSWORD: required/,
    ],
  ];
  for (const [env, expected] of cases) {
    await t.step(JSON.stringify(env), () => {
      const p = problems(env);
      assert.equal(p.length, 1, p.join("; "));
      assert.match(p[0], expected);
    });
  }
  await t.step("empty strings count as unset", () => {
    assert.equal(parseConfig({ PORT: "", DATABASE_URL: "" }).PORT, 8000);
  });
});

Deno.test("[config] main exits 1 with the message on bad configuration", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname],
    env: { PORT: "not-a-port", DATA_DIR: await Deno.makeTempDir(), DATABASE_URL: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.match(stderr, /Invalid configuration:\n {2}- PORT: /);
  assert.doesNotMatch(stderr, /at .*\.ts:\d+/, "no stack trace");
});

Deno.test("[config] embedded mode generates the session secret once and keeps it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const first = await embeddedSessionSecret(`${dir}/data`);
    assert.ok(first.length >= 32);
    assert.equal(await embeddedSessionSecret(`${dir}/data`), first);
    assert.equal((await Deno.stat(`${dir}/data/session-secret`)).mode! & 0o777, 0o600);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
