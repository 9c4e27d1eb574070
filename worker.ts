/**
 * `deno task worker`: the portal's background work on its own (server/jobs/run.ts) — the
 * delivery engine, the simulated LES's clock, the traffic fold and the pruning — for servers
 * started with JOBS=off (Deno Deploy without Deno.cron, or servers kept to requests) and for
 * scale-out of delivery (docs/decisions/0015-delivery-engine.md, docs/deploy.md). It needs
 * PostgreSQL (DATABASE_URL), shared with the servers and any number of other workers. It
 * migrates like the server, and stops on SIGINT or SIGTERM after the work under way. It writes
 * nothing locally and runs no subprocess.
 */
import { ConfigError, parseConfigWithoutSessions } from "./server/config.ts";
import { openDatabase } from "./server/start.ts";
import { startJobs } from "./server/jobs/run.ts";
import { allowPublicDestinations, deliveryConcurrency } from "./server/delivery/engine.ts";

const env = Deno.env.toObject();
if (!env.DATABASE_URL) {
  console.error(
    "The worker needs DATABASE_URL (PostgreSQL): embedded PGlite belongs to the one server " +
      "process that opened it, which runs the background work itself (JOBS=on).",
  );
  Deno.exit(1);
}

let config;
try {
  config = parseConfigWithoutSessions(env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  Deno.exit(1);
}

const database = await openDatabase(config);
await database.migrate();
const jobs = startJobs(database.db, config, {
  implementation: "worker",
  delivery: true,
  prune: true,
  fold: true,
  listen: database.listen,
  feedSeconds: 0,
});
console.log(
  `Worker ready: PostgreSQL (DATABASE_URL); delivery ${
    deliveryConcurrency(config, true)
  } at once, ` +
    `${config.DELIVERY_PER_DESTINATION} per destination, lease ${config.DELIVERY_LEASE_SECONDS} s; ` +
    `public destinations ${allowPublicDestinations(config) ? "allowed" : "denied"}; ` +
    "the LES clock, the traffic fold and pruning",
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await jobs.stop();
  await database.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
