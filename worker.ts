/**
 * `deno task worker`: the delivery engine on its own, for scale-out (docs/decisions/
 * 0015-delivery-engine.md). It needs PostgreSQL (DATABASE_URL): the servers and any number of
 * workers share the queue there. It migrates like the server, beats for service `delivery`, and
 * stops on SIGINT or SIGTERM after the deliveries under way.
 */
import { ConfigError, parseConfig } from "./server/config.ts";
import { openDatabase } from "./server/start.ts";
import { serviceHeartbeat } from "./server/services/monitoring/heartbeats.ts";
import { engineOptions, startDeliveryEngine } from "./server/services/delivery/engine.ts";

const env = Deno.env.toObject();
if (!env.DATABASE_URL) {
  console.error(
    "The delivery worker needs DATABASE_URL (PostgreSQL): embedded PGlite belongs to the one " +
      "server process that opened it, whose built-in engine delivers (DELIVERY_WORKER=on).",
  );
  Deno.exit(1);
}

let config;
try {
  // The worker serves no sessions: SESSION_SECRET, required of servers with DATABASE_URL, is
  // not needed here.
  config = parseConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || "x".repeat(32) });
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  Deno.exit(1);
}

const database = await openDatabase(config);
await database.migrate();
const beat = serviceHeartbeat(database.db, "delivery", "worker");
const options = engineOptions(database.db, config, { onTick: beat });
const engine = startDeliveryEngine(options);
console.log(
  `Delivery worker ${options.instance} ready: PostgreSQL (DATABASE_URL), ` +
    `${options.concurrency} at once, ${options.perDestination} per destination, ` +
    `lease ${options.leaseSeconds} s, public destinations ${
      options.policy.allowPublic ? "allowed" : "denied"
    }`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await engine.stop();
  await beat.flush();
  await database.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
