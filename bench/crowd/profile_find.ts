/**
 * Where an authenticated find's time goes: main.ts on a scratch PostgreSQL database under V8's
 * sampling profiler (`--prof`), `connections` client users' loops of POST /rest/push/find (a
 * status filter, page 1 of 20 rows) for `seconds`, then Node's tick processor on the log: the
 * functions that held the main thread, heaviest first. With DATABASE_URL:
 * `./deno run -A bench/crowd/profile_find.ts [connections] [seconds] [lines] [mix|writes]` (`mix`:
 * section 6's mix of reads, finds and writes, without its logins, instead of the find alone;
 * `writes`: its writes alone).
 */
import { load } from "../load.ts";
import { prepareWorld, runMix, startBenchPortal, withBenchDatabase } from "../mixed.ts";

const databaseUrl = Deno.env.get("DATABASE_URL");
if (!databaseUrl) throw new Error("DATABASE_URL is not set: the profile runs on PostgreSQL");
const [connections, seconds, lines] = [16, 15, 60].map((d, i) => Number(Deno.args[i] ?? d));
/**
 * `mix`: bench/mixed.ts's mix without logins instead of the find alone; `writes`: its writes
 * alone (bench/audit/audit.ts measures what the audit trail adds to them).
 */
const mix = Deno.args[3] === "mix" || Deno.args[3] === "writes";
const weights = Deno.args[3] === "writes"
  ? { read: 0, find: 0, write: 1, login: 0 }
  : { read: 55, find: 25, write: 18, login: 0 };
const dir = await Deno.makeTempDir({ prefix: "profile-find-" });
const log = `${dir}/v8.log`;

await withBenchDatabase(databaseUrl, async ({ url, admin, seed }) => {
  const portal = await startBenchPortal(url, [
    `--v8-flags=--prof,--no-logfile-per-isolate,--logfile=${log}`,
  ]);
  try {
    const world = await prepareWorld(portal.base, {
      admin: await admin(),
      connections,
      windowMs: seconds * 1000,
      warmupMs: 2000,
      weights: {},
      tenants: 4, // every tenant has a user at 16 connections (4 per user)
      terminalsPerTgid: 10,
      seed,
      progress: () => {},
    });
    await seed(world);
    if (mix) {
      const m = await runMix(
        portal.base,
        world,
        weights,
        2000,
        seconds * 1000,
      );
      console.log(`the mix: ${m.rps.toFixed(0)} rps, ${m.errors} errors`);
      return;
    }
    const find = await load({
      name: "POST /rest/push/find",
      url: `${portal.base}/rest/push/find`,
      workers: connections,
      method: "POST",
      headers: {
        authorization: `Bearer ${world.connections[0].token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ type: "pushTraffic", filter: { status: 1 }, page: 1, count: 20 }),
    }, { warmupMs: 2000, windowMs: seconds * 1000 });
    console.log(
      `${find.name}: ${find.rps.toFixed(0)} rps, p50 ${find.p50Ms.toFixed(1)} ms, p99 ` +
        `${find.p99Ms.toFixed(1)} ms, ${find.errors} errors`,
    );
  } finally {
    await portal.proc.stop();
  }
});

// The tick processor ships with Node (this machine's; the bench runs nowhere else).
const processed = await new Deno.Command("node", { args: ["--prof-process", log], stderr: "null" })
  .output();
const text = new TextDecoder().decode(processed.stdout);
const start = text.indexOf("[Bottom up (heavy) profile]");
console.log(text.slice(0, text.indexOf("[Bottom up")).split("\n").slice(0, lines).join("\n"));
console.log(text.slice(start).split("\n").slice(0, lines).join("\n"));
console.log(`\nthe whole profile: node --prof-process ${log}`);
