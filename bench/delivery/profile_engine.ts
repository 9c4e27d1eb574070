/**
 * Where a delivery's time goes (issue 41, decision 0015): one `worker.ts` on a scratch PostgreSQL
 * database delivers N messages (queued at once) to a loopback TCP sink; prints the rate and the
 * CPU a message cost the worker and PostgreSQL (its processes' /proc times), and, when the
 * server has pg_stat_statements loaded (shared_preload_libraries; `track = all` shows the
 * triggers' statements too), the statements by their time. With `--prof`, the worker runs under
 * V8's sampling profiler and Node's tick processor prints where its thread went.
 *
 * `DATABASE_URL=… ./deno run -A bench/delivery/profile_engine.ts [messages] [--warm=N] [--prof]
 * [--bare] [--workers=N]` (`--warm`: N messages delivered first, unmeasured: a worker whose hot
 * code V8 compiled; `--bare`: bare_engine.ts, the issue's writes without the engine, in its place;
 * `--workers`: that many processes side by side, their CPU added up); the
 * DELIVERY_* variables of its environment go to the worker (DELIVERY_CONCURRENCY=256, say), and
 * PROFILE_SQL runs on the scratch database before the burst, to try a change and see what it
 * buys (`drop index push_traffic_protocol_idx`, `alter table … disable trigger …`).
 */
import { sql } from "drizzle-orm";
import { scratchDatabase } from "../../db/scratch.ts";
import { executeRows, openPostgres } from "../../db/client.ts";
import { ensureReferenceData } from "../../db/seed/reference.ts";
import { tcpRoutes } from "../../db/schema/mod.ts";
import { Factories } from "../../tests/fixtures/factories.ts";
import { startTcpSink } from "../../server/delivery/sinks/mod.ts";
import { deliverAll } from "./frames.ts";
import { cpuMeter } from "./cpu.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL is not set: the profile runs on PostgreSQL");
const messages = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 20000);
const profile = Deno.args.includes("--prof");
/** `--bare`: bare_engine.ts (the writes alone, no engine) in place of worker.ts. */
const bare = Deno.args.includes("--bare");
/** `--workers=N`: N worker processes side by side (their CPU added up); 1 by default. */
const workers = Number(Deno.args.find((a) => a.startsWith("--workers="))?.slice(10) ?? 1);
/** `--warm=N`: N messages delivered (and not measured) before the burst: a worker that ran a while. */
const warm = Number(Deno.args.find((a) => a.startsWith("--warm="))?.slice(7) ?? 0);
const scratch = await scratchDatabase(databaseUrl, "portal_profile_engine");
const database = openPostgres(scratch.url, { max: 2 });
const server = openPostgres(databaseUrl, { max: 1 });
const sink = await startTcpSink();
if (profile && workers > 1) throw new Error("--prof profiles one worker: leave out --workers");
const log = `${await Deno.makeTempDir({ prefix: "profile-engine-" })}/v8.log`;
try {
  await database.migrate();
  await ensureReferenceData(database.db, "bench");
  const trial = Deno.env.get("PROFILE_SQL");
  if (trial) await database.db.execute(sql.raw(trial));
  const tgid = await new Factories(database.db).tgid();
  const [route] = await database.db.insert(tcpRoutes).values({
    tgidId: tgid.id,
    ipPortTxPrimary: `127.0.0.1:${sink.port}`,
  }).returning();
  const start = () =>
    new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        ...(profile ? [`--v8-flags=--prof,--no-logfile-per-isolate,--logfile=${log}`] : []),
        ...(bare
          ? [new URL("./bare_engine.ts", import.meta.url).pathname, scratch.url, String(sink.port)]
          : ["worker.ts"]),
      ],
      env: {
        // The engine's settings (DELIVERY_CONCURRENCY, …) as this process has them.
        ...Object.fromEntries(
          Object.entries(Deno.env.toObject()).filter(([k]) => k.startsWith("DELIVERY_")),
        ),
        DATABASE_URL: scratch.url,
        DELIVERY_ALLOW: "127.0.0.1/32",
        DELIVERY_PUBLIC: "deny",
        DEMO_SINKS: "off",
        NODE_ENV: "production",
      },
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
  /** A worker started, once it said it is ready. */
  const ready = async () => {
    const child = start();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    while (!/ready/i.test(said)) {
      const { value, done } = await reader.read();
      // A worker that exits first (a bad DELIVERY_* value) said why on stderr.
      if (done) throw new Error("the worker exited before it was ready");
      said += value;
    }
    (async () => {
      while (!(await reader.read()).done);
    })().catch(() => {});
    return child;
  };
  const children = await Promise.all(Array.from({ length: workers }, ready));
  await new Promise((r) => setTimeout(r, 1000)); // its first, empty, polls are over
  const deliver = (n: number, inserted?: () => void) =>
    deliverAll(database.db, sink, tgid.id, route.id, n, inserted);
  if (warm) {
    await deliver(warm);
    sink.received.length = 0;
  }

  const statements = await executeRows(server.db, sql`select pg_stat_statements_reset()`)
    .then(() => true, () => false);
  const meter = cpuMeter(children.map((c) => c.pid));
  const t0 = performance.now();
  const { insertMs } = await deliver(messages, meter.inserted);
  const ms = performance.now() - t0;
  const cpu = meter.perMessage(messages);
  const [worker, postgres] = [cpu.worker.toFixed(0), cpu.postgres.toFixed(0)];
  const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
  console.log(
    `${messages} messages in ${ms.toFixed(0)} ms (the insert ${insertMs.toFixed(0)} ms): ` +
      `${(messages / ms * 1000).toFixed(0)} msg/s; ` +
      `CPU a message: worker ${worker} µs, PostgreSQL ${postgres} µs; ` +
      `the machine ${percent(cpu.idle)} idle (${percent(cpu.idleSplit!.insert)} while ` +
      `inserting, ${percent(cpu.idleSplit!.after)} after)`,
  );
  if (statements) {
    const top = await executeRows<{ calls: number; ms: number; rows: number; query: string }>(
      server.db,
      sql`
      select sum(calls)::int as calls, round(sum(total_exec_time)::numeric, 1)::float8 as ms,
        sum(rows)::int as rows, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 80) as query
      from pg_stat_statements
      where dbid = (select oid from pg_database where datname = ${scratch.name})
      group by 4 order by 2 desc limit 15`,
    );
    console.log("\nPostgreSQL's statements by their time (a trigger's inside its statement's):");
    for (const r of top) {
      console.log(
        `${String(r.ms).padStart(9)} ms ${String(r.calls).padStart(7)} calls ` +
          `${String(r.rows).padStart(7)} rows  ${r.query}`,
      );
    }
  } else {
    console.log("(pg_stat_statements is not loaded on this server: no statement times)");
  }
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => c.status));
  if (profile) {
    // The tick processor ships with Node (this machine's; the bench runs nowhere else).
    const processed = await new Deno.Command("node", { args: ["--prof-process", log] }).output();
    const text = new TextDecoder().decode(processed.stdout);
    console.log(`\n${text.slice(0, text.indexOf("[Bottom up")).trim()}`);
    console.log(`\nthe whole profile: node --prof-process ${log}`);
  }
} finally {
  await sink.close();
  await database.close();
  await server.close();
  await scratch.drop();
}
