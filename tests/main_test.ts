/** The real process, as an operator runs it: `deno run -A main.ts` with environment variables. */
import assert from "node:assert/strict";
import { TEST_PG_URL } from "./fixtures/db.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** Only what Deno itself needs: the portal's variables come from each test, never the runner. */
const baseEnv = () =>
  Object.fromEntries(
    ["PATH", "HOME", "DENO_DIR", "DENO_TLS_CA_STORE", "TMPDIR"].flatMap((k) => {
      const v = Deno.env.get(k);
      return v === undefined ? [] : [[k, v]];
    }),
  );

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Starts main.ts, waits for its "ready" line, returns its output so far and a stopper. */
async function start(env: Record<string, string>) {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    clearEnv: true,
    env: { ...baseEnv(), ...env, PORT: String(port), HOST: "127.0.0.1", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  const deadline = Date.now() + 90_000;
  while (!out.includes("Portal ready") && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already exited */ }
    reader.releaseLock();
    await child.stdout.cancel().catch(() => {});
    const stderr = await new Response(child.stderr).text();
    const status = await child.status;
    return { status, stderr };
  };
  return { port, out, stop };
}

async function login(port: number, username: string, password: string) {
  const res = await fetch(`http://127.0.0.1:${port}/rest/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, body: await res.json() };
}

Deno.test({
  name:
    "[main] first embedded start migrates, seeds and prints the accounts; a restart keeps the data",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir();
    const env = { DATA_DIR: `${dir}/data`, DEMO_PASSWORD: "bench-demo-pass-1" };
    try {
      const first = await start(env);
      if (!first.out.includes("Portal ready")) {
        assert.fail(`did not start: ${(await first.stop()).stderr}`);
      }
      try {
        await t.step("prints the URL, the database and the demo accounts", () => {
          assert.match(
            first.out,
            new RegExp(`Portal ready in \\d+ ms on http://localhost:${first.port}/`),
          );
          assert.match(first.out, /embedded PGlite in .*\/data, demo data seeded/);
          for (const id of ["super@demo.test", "admin@demo.test", "client2@demo.test"]) {
            assert.ok(first.out.includes(id));
          }
          assert.doesNotMatch(
            first.out,
            /development build/,
            "React runs its production build unless NODE_ENV says otherwise",
          );
          assert.doesNotMatch(
            first.out,
            /bench-demo-pass-1/,
            "a password that was set is never printed",
          );
        });
        await t.step(
          "a demo account signs in; the secret was generated into DATA_DIR",
          async () => {
            const r = await login(first.port, "admin@demo.test", "bench-demo-pass-1");
            assert.equal(r.status, 200);
            assert.equal(r.body.team.rights, 1);
            assert.ok((await Deno.stat(`${dir}/data/session-secret`)).isFile);
          },
        );
      } finally {
        const { status } = await first.stop();
        assert.equal(status.code, 0, "SIGTERM shuts down cleanly");
      }
      const again = await start({ ...env, NODE_ENV: "development" });
      try {
        await t.step(
          "the restart seeds nothing and keeps accounts and sessions' secret",
          async () => {
            assert.match(again.out, /Portal ready/);
            assert.match(
              again.out,
              /NODE_ENV is "development": React renders with its development/,
            );
            assert.doesNotMatch(again.out, /demo data seeded/);
            assert.equal(
              (await login(again.port, "client@demo.test", "bench-demo-pass-1")).status,
              200,
            );
          },
        );
      } finally {
        await again.stop();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "[main] with DATABASE_URL it uses PostgreSQL and writes nothing to local disk",
  ignore: !TEST_PG_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const dir = await Deno.makeTempDir();
    const server = await start({
      DATABASE_URL: TEST_PG_URL!,
      SESSION_SECRET: "s".repeat(40),
      DATA_DIR: `${dir}/never`,
    });
    try {
      assert.match(server.out, /PostgreSQL \(DATABASE_URL\)/);
      const health = await fetch(`http://127.0.0.1:${server.port}/health`).then((r) => r.json());
      assert.equal(health.database, "postgres");
    } finally {
      await server.stop();
    }
    assert.deepEqual([...Deno.readDirSync(dir)], [], "nothing was created");
    await Deno.remove(dir, { recursive: true });
  },
});

Deno.test("[main] with DATABASE_URL and no SESSION_SECRET it refuses to start", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    clearEnv: true,
    env: { ...baseEnv(), DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 1);
  assert.match(
    new TextDecoder().decode(out.stderr),
    /SESSION_SECRET: required when DATABASE_URL is set/,
  );
});

Deno.test({
  name: "[seed] `deno task seed` seeds PostgreSQL once, and only with an explicit DEMO_PASSWORD",
  ignore: !TEST_PG_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { isolatedPostgres } = await import("./fixtures/db.ts");
    const { database, url, drop } = await isolatedPostgres();
    await database.close();
    const seed = (env: Record<string, string>) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", new URL("../db/seed/cli.ts", import.meta.url).pathname],
        clearEnv: true,
        env: { ...baseEnv(), NO_COLOR: "1", ...env },
        stdout: "piped",
        stderr: "piped",
      }).output();
    try {
      const refused = await seed({ DATABASE_URL: url });
      assert.equal(refused.code, 1);
      assert.match(new TextDecoder().decode(refused.stderr), /DEMO_PASSWORD: required/);
      const first = await seed({ DATABASE_URL: url, DEMO_PASSWORD: "seed-pass-123" });
      assert.equal(first.code, 0, new TextDecoder().decode(first.stderr));
      assert.match(new TextDecoder().decode(first.stdout), /Demo data seeded in \d+ ms/);
      const second = await seed({ DATABASE_URL: url, DEMO_PASSWORD: "seed-pass-123" });
      assert.match(new TextDecoder().decode(second.stdout), /already present: nothing seeded/);
    } finally {
      await drop();
    }
  },
});
