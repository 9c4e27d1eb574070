/**
 * Where the background work runs (server/jobs/, docs/deploy.md): JOBS=cron registers two crons
 * at the entry module's top level whose handlers do nothing unless the configuration says cron;
 * a cron window folds the traffic deltas, moves due LES rows on and beats as "cron". Deno
 * Deploy defaults to cron windows; a runtime without Deno.cron refuses JOBS=cron at start.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { executeRows } from "../../../db/client.ts";
import { parseConfig } from "../../../server/config.ts";
import {
  CRON_NAMES,
  type CronFn,
  type CronTarget,
  registerCronJobs,
  runWindow,
} from "../../../server/jobs/cron.ts";
import { freshPglite } from "../../fixtures/db.ts";
import { TEST_SECRET } from "../../fixtures/app.ts";
import { Factories } from "../../fixtures/factories.ts";
import { Proc } from "../../../bench/servers.ts";

const configOf = (env: Record<string, string>) =>
  parseConfig({ SESSION_SECRET: TEST_SECRET, LES_STEP_SECONDS: "1", ...env });

/** A command the station should move on now (In Progress, its step due a second ago). */
async function dueCommand(f: Factories) {
  const company = await f.company("Cron window");
  const list = await f.commandList({ companyId: company.id, statuses: [1] });
  await f.db.execute(sql`update commands set next_step_at = now() - interval '1 second'
    where list_id = ${list.id}`);
  return list.id;
}

const statusOf = async (f: Factories, listId: number) =>
  (await executeRows<{ status: number }>(
    f.db,
    sql`select status from commands where list_id = ${listId}`,
  ))[0].status;

const count = async (f: Factories, table: string) =>
  (await executeRows<{ n: number }>(f.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]
    .n;

Deno.test("[jobs] JOBS: on by default, cron on Deno Deploy, as given otherwise", () => {
  assert.equal(configOf({}).JOBS, "on");
  assert.equal(configOf({ DENO_DEPLOY: "true" }).JOBS, "cron");
  assert.equal(configOf({ DENO_DEPLOY: "true", JOBS: "off" }).JOBS, "off");
  assert.throws(() => configOf({ JOBS: "sometimes" }), /JOBS/);
});

Deno.test({
  name: "[jobs] the crons: registered whatever JOBS says, working only when it says cron",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const database = await freshPglite();
    try {
      const f = new Factories(database.db);
      const registered = new Map<string, { schedule: string; run: () => Promise<void> }>();
      const cron: CronFn = (name, schedule, run) => registered.set(name, { schedule, run });
      const target = Promise.withResolvers<CronTarget>();
      assert.equal(registerCronJobs(target.promise, { cron, windowMs: 1500 }), true);
      assert.deepEqual(
        [...registered].map(([name, c]) => [name, c.schedule]),
        [[CRON_NAMES.window, "* * * * *"], [CRON_NAMES.prune, "17 * * * *"]],
      );
      const listId = await dueCommand(f);

      await t.step("JOBS=on: the window does nothing (the server's timers work)", async () => {
        target.resolve({ db: database.db, config: configOf({}) });
        await registered.get(CRON_NAMES.window)!.run();
        assert.equal(await statusOf(f, listId), 1);
        assert.equal(await count(f, "service_heartbeats"), 0);
      });

      await t.step("JOBS=cron: a window folds, moves the station on and beats", async () => {
        assert.ok(await count(f, "traffic_hourly_delta") > 0, "the command's insert left deltas");
        await runWindow({ db: database.db, config: configOf({ JOBS: "cron" }) }, 1500);
        assert.equal(await count(f, "traffic_hourly_delta"), 0);
        assert.notEqual(await statusOf(f, listId), 1);
        const beats = await executeRows<{ service: string; implementation: string }>(
          database.db,
          sql`select service, implementation from service_heartbeats order by service`,
        );
        assert.deepEqual(
          beats.map((b) => `${b.service}/${b.implementation}`),
          ["delivery/cron", "les/simulated"],
        );
      });
    } finally {
      await database.close();
    }
  },
});

Deno.test({
  name: "[jobs] JOBS=cron where the runtime has no Deno.cron: the server refuses to start",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dataDir = await Deno.makeTempDir();
    try {
      const proc = new Proc(["run", "-A", "main.ts"], {
        JOBS: "cron",
        DATABASE_URL: "", // embedded, whatever the test run was given
        DATA_DIR: dataDir,
        PORT: "0",
      });
      const status = await proc.exited;
      assert.equal(status.code, 1);
      assert.match(proc.tail.join("\n"), /JOBS: `cron` needs Deno\.cron/);
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
