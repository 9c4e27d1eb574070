import { join } from "node:path";
import type { Config } from "./config.ts";
import { type Database, isEmpty, openPglite, openPostgres } from "../db/client.ts";
import { ensureReferenceData } from "../db/seed/reference.ts";
import { DEMO_ACCOUNTS, seedDemo } from "../db/seed/demo.ts";
import { hashPassword } from "./auth/password.ts";
import { sessionKeys } from "./auth/token.ts";
import { createApp } from "./app.ts";
import { startLesClock } from "./les/clock.ts";
import { configuredLes } from "./les/simulated.ts";
import { startInboundFeed } from "./les/inbound_feed.ts";
import { schedulePruning } from "./services/sessions/housekeeping.ts";
import { serviceHeartbeat } from "./services/monitoring/heartbeats.ts";
import { scheduleFolding } from "./services/monitoring/rollup.ts";
import { assets } from "./pages/assets.ts";
import { demoSinksWanted, startDemoSinks, withDemoSinks } from "./demo/sinks.ts";
import { engineOptions, startDeliveryEngine } from "./services/delivery/engine.ts";

export const VERSION = "0.1.0";

/** Opens the configured database and brings it to the current schema and reference data. */
export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres(config.DATABASE_URL, { max: config.DATABASE_POOL_SIZE });
  }
  await Deno.mkdir(config.DATA_DIR, { recursive: true });
  return await openPglite({ dataDir: join(config.DATA_DIR, "pglite") });
}

/** Seeds the demo data when SEED asks for it: `auto` seeds an empty embedded database only. */
export async function seedIfWanted(database: Database, config: Config): Promise<boolean> {
  const wanted = config.SEED === "demo" ||
    (config.SEED === "auto" && database.kind === "pglite" && await isEmpty(database.db));
  if (!wanted) return false;
  const passwordHash = await hashPassword(config.DEMO_PASSWORD, config.PASSWORD_ITERATIONS);
  const summary = await seedDemo(database.db, { passwordHash, sinkPort: config.DEMO_SINK_PORT });
  return !summary.skipped;
}

export async function startPortal(config: Config & { SESSION_SECRET: string }) {
  const t0 = performance.now();
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db, VERSION);
  const seeded = await seedIfWanted(database, config);
  // The demo's loopback receivers, which the demo routes point at (embedded mode by default).
  const demoSinks = demoSinksWanted(config)
    ? await startDemoSinks({ portBase: config.DEMO_SINK_PORT, dataDir: config.DATA_DIR })
    : null;
  const app = createApp({
    config,
    database,
    keys: sessionKeys(config.SESSION_SECRET),
    version: VERSION,
    startedAt: new Date(),
  });
  const server = Deno.serve({
    port: config.PORT,
    hostname: config.HOST,
    onListen: ({ port }) => {
      const ms = (performance.now() - t0).toFixed(0);
      const where = database.kind === "pglite"
        ? `embedded PGlite in ${config.DATA_DIR}`
        : "PostgreSQL (DATABASE_URL)";
      const lines = [
        `Portal ready in ${ms} ms on http://localhost:${port}/ — ${where}${
          seeded ? ", demo data seeded" : ""
        }`,
        `API reference: http://localhost:${port}/docs`,
      ];
      if (seeded || config.SEED !== "none") {
        const pw = config.demoPasswordIsDefault
          ? `"${config.DEMO_PASSWORD}"`
          : "the DEMO_PASSWORD you set";
        lines.push(`Demo accounts (password ${pw}): ${DEMO_ACCOUNTS.map((a) => a.id).join(", ")}`);
      }
      const nodeEnv = Deno.env.get("NODE_ENV");
      if (nodeEnv !== "production") {
        lines.push(
          `NODE_ENV is ${
            JSON.stringify(nodeEnv ?? "")
          }: React renders with its development build, ` +
            "about twice as slowly as with NODE_ENV=production (the default)",
        );
      }
      console.log(lines.join("\n")); // one write, so log readers see the block whole
    },
  }, app.fetch);
  const stopPruning = schedulePruning(database.db, config.LOGIN_LOCK_MINUTES);
  // The traffic triggers append count changes; every minute they are summed into the hourly
  // rollup the statistics read (which count the changes not folded yet too).
  const stopFolding = scheduleFolding(database.db);
  // The land earth station moves commands and messages on by itself, every second (its state is
  // the database's rows, so this adapter and the app's play one schedule). Its ticks beat for
  // service 'les' (at most every 5 s while idle), which /monitoring/control/services shows.
  const lesBeat = serviceHeartbeat(database.db, "les", "simulated");
  const stopLes = startLesClock(configuredLes(database.db, config), 1000, lesBeat);
  // The delivery engine takes due push traffic to the customers' destinations (unless
  // DELIVERY_WORKER=off leaves it to `deno task worker`); it beats for service 'delivery'.
  const deliveryBeat = serviceHeartbeat(database.db, "delivery", "built-in");
  const delivery = config.DELIVERY_WORKER === "on"
    ? startDeliveryEngine(
      engineOptions(database.db, demoSinks ? withDemoSinks(config) : config, {
        onTick: deliveryBeat,
      }),
    )
    : null;
  // With the demo's receivers, the simulated LES receives a position report every
  // DEMO_FEED_SECONDS: fresh messages to watch go from Stored to Delivered.
  const stopFeed = demoSinks ? startInboundFeed(database.db, config.DEMO_FEED_SECONDS) : () => {};
  // Build the browser bundle now (about 0.3 s) rather than on the first visitor's page.
  assets().catch((e) => console.error("building the browser bundle failed:", e));
  const stop = async () => {
    stopPruning();
    stopLes();
    stopFeed();
    await delivery?.stop();
    await demoSinks?.close();
    // The fold and the beat under way finish before the database closes.
    await Promise.all([stopFolding(), lesBeat.flush(), deliveryBeat.flush()]);
    await server.shutdown();
    await database.close();
    Deno.exit(0);
  };
  try {
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
  } catch {
    // Platforms without signals (Deno Deploy) stop the process themselves.
  }
  return { server, database, app };
}
