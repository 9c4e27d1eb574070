/**
 * The portal as deployed where processes may not spawn or write (issue 19, docs/deploy.md): the
 * server and the worker run with `--allow-net --allow-env --allow-read --allow-sys --deny-write
 * --deny-run` on a fresh PostgreSQL database, and are driven over HTTP — sign in, every page of
 * the route map, every asset those pages reference, a read and a write per resource. Any write
 * or subprocess anywhere (start, migrations, seeding, pages, /rest, uploads, sessions, the jobs)
 * is denied by Deno, and the test fails on the 500 or the denial it prints.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { type Database, executeRows, openPostgres } from "../../db/client.ts";
import { scratchDatabase } from "../../db/scratch.ts";
import { freePort, ROOT, sleep } from "../../bench/servers.ts";
import { TEST_PG_URL } from "../fixtures/db.ts";
import { TEST_SECRET } from "../fixtures/app.ts";
import { Factories } from "../fixtures/factories.ts";
import { send, tokenFor } from "../authz/operations.ts";
import { openTab } from "../fixtures/event_stream.ts";
import { loadProbes, makeTenant } from "../authz/tenant.ts";
import { OPERATIONS } from "../authz/operations.ts";
import {
  assertNothingDenied,
  callResources,
  loadAssets,
  lockedDown,
  overHttp,
  signIn,
  visitPages,
} from "./locked_down.ts";

const DEMO_PASSWORD = "deploy-demo-password";

/** `deno task build` (dist/, which a server under --deny-run can only read). */
async function buildBundle() {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "build.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.ok(out.success, `deno task build failed:\n${text}`);
}

/** A test on a fresh PostgreSQL database of its own (made, and dropped after), dist/ built. */
function deployTest(
  name: string,
  fn: (t: Deno.TestContext, url: string, database: Database) => Promise<void>,
) {
  Deno.test({
    name: `[deploy] ${name}`,
    ignore: !TEST_PG_URL,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      await buildBundle();
      const scratch = await scratchDatabase(TEST_PG_URL!, "portal_deploy");
      const database = await openPostgres(scratch.url, { max: 2 });
      try {
        await fn(t, scratch.url, database);
      } finally {
        await database.close();
        await scratch.drop();
      }
    },
  });
}

deployTest(
  "the server under --deny-write --deny-run on a fresh PostgreSQL database",
  async (t, url, database) => {
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await lockedDown("main.ts", {
      DATABASE_URL: url,
      SESSION_SECRET: TEST_SECRET,
      DEMO_PASSWORD,
      SEED: "demo",
      PORT: String(port),
      HOST: "127.0.0.1",
    }, /Portal ready/);
    try {
      await t.step("it migrated, seeded and serves the bundle of dist/", () => {
        const out = server.tail.join("\n");
        assert.match(out, /PostgreSQL \(DATABASE_URL\), demo data seeded/);
        assert.match(out, /browser bundle: dist\b/);
      });

      const cookie = await signIn(base, "super@demo.test", DEMO_PASSWORD);
      const visits = await visitPages(base, cookie);
      await t.step(`every page of the route map answers (${visits.length} pages)`, () => {
        const wrong = visits.filter((v) =>
          v.status !== (v.path === "/error/404" ? 404 : 200) || v.finalPath === "/login" &&
            v.path !== "/login"
        );
        assert.deepEqual(wrong, [], "pages that did not answer as signed-in pages should");
        assert.ok(
          visits.every((v) => v.assets.length >= 2),
          "each page names its script and style",
        );
      });

      await t.step(
        "every asset the pages reference loads, gzipped and cached for good",
        async () => {
          const loads = await loadAssets(base, [...new Set(visits.flatMap((v) => v.assets))]);
          const wrong = loads.filter((l) =>
            l.status !== 200 || !/immutable/.test(l.cacheControl) ||
            (/javascript|css/.test(l.type) && l.encoding !== "gzip")
          );
          assert.deepEqual(wrong, []);
          // The runtime with its island chunks, and the stylesheet.
          assert.ok(loads.filter((l) => l.url.endsWith(".js")).length > 20, `${loads.length}`);
          assert.ok(loads.some((l) => l.url.endsWith(".css")));
        },
      );

      await t.step("a read and a write of every resource of the contract succeed", async () => {
        const calls = await callResources(base, new Factories(database.db));
        const failed = calls.filter((c) => c.status < 200 || c.status >= 300);
        assert.deepEqual(failed, [], "calls that failed");
        const resources = new Set(calls.map((c) => c.resource));
        const tags = new Set(OPERATIONS.map((op) => (op.spec.tags as string[])[0]));
        assert.deepEqual([...tags].filter((tag) => !resources.has(tag)), []);
        assert.ok(calls.filter((c) => c.kind === "write").length >= 20, JSON.stringify(calls));
      });

      await t.step("a tab's event stream hears a change another process commits", async () => {
        const token = cookie.match(/portal_session=([^;]+)/)![1];
        const tab = await openTab(overHttp(base), token);
        try {
          assert.equal(tab.status, 200);
          const item = await new Factories(database.db).news({ public: true });
          await tab.waitFor((e) =>
            e.type === "news.published" && e.data.ids!.includes(`${item.id}`)
          );
        } finally {
          await tab.close();
        }
      });

      await t.step("nothing asked for a write or a subprocess, and it stops cleanly", async () => {
        assertNothingDenied(server, "the server");
        assert.doesNotMatch(server.tail.join("\n"), /\[error\]/);
        assert.equal((await server.stop()).code, 0);
      });
    } finally {
      await server.stop();
    }
  },
);

deployTest(
  "JOBS=off: requests need no background work; a locked-down worker does it",
  async (t, url, database) => {
    const env = { DATABASE_URL: url, SESSION_SECRET: TEST_SECRET, LES_STEP_SECONDS: "1" };
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const procs = [];
    try {
      // Deno Deploy's predeploy command: the schema before any instance serves.
      const migrate = await lockedDown("db/migrate.ts", { ...env, SEED: "none" }, /Database ready/);
      procs.push(migrate);
      assert.equal((await migrate.exited).code, 0);

      const server = await lockedDown("main.ts", {
        ...env,
        JOBS: "off",
        SEED: "none",
        PORT: String(port),
        HOST: "127.0.0.1",
      }, /Portal ready/);
      procs.push(server);

      const f = new Factories(database.db);
      const tenant = await makeTenant(f);
      const probes = await loadProbes();
      const op = OPERATIONS.find((o) => o.id === "pollSend")!;
      const answer = await send(
        overHttp(base),
        op,
        await probes.pollSend(tenant, { f, db: database.db }),
        await tokenFor(database.db, tenant.user),
      );
      assert.equal(answer.status, 200, answer.body);
      const latest = async () =>
        (await executeRows<{ status: number }>(
          database.db,
          sql`select status from commands order by list_id desc, item_id desc limit 1`,
        ))[0].status;
      const beats = () =>
        executeRows<{ service: string; implementation: string }>(
          database.db,
          sql`select service, implementation from service_heartbeats order by service`,
        );
      const sent = await latest();

      await t.step("with no worker, the command waits and no job beats", async () => {
        await sleep(2500);
        assert.equal(await latest(), sent);
        assert.deepEqual([...await beats()], []);
      });

      await t.step("a worker locked down the same way moves it on", async () => {
        const worker = await lockedDown("worker.ts", env, /Worker ready/);
        procs.push(worker);
        const beating = async () =>
          (await beats()).map((b) => `${b.service}/${b.implementation}`).join(",");
        // The tick moves the command, then writes its beat.
        const until = Date.now() + 30_000;
        while (
          (await latest() === sent || await beating() !== "delivery/worker,les/simulated") &&
          Date.now() < until
        ) await sleep(250);
        assert.notEqual(await latest(), sent, "the command did not move within 30 s");
        assert.equal(await beating(), "delivery/worker,les/simulated");
        assert.equal((await worker.stop()).code, 0);
        assertNothingDenied(worker, "the worker");
      });
      assertNothingDenied(server, "the server");
    } finally {
      for (const p of procs) await p.stop();
    }
  },
);
