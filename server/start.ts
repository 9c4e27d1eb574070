import { join, resolve } from "node:path";
import type { Config } from "./config.ts";
import { type Database, isEmpty, openPglite, openPostgres } from "../db/client.ts";
import { ensureReferenceData } from "../db/seed/reference.ts";
import { DEMO_ACCOUNTS, seedDemo } from "../db/seed/demo/mod.ts";
import { hashPassword } from "./auth/password.ts";
import { sessionKeys } from "./auth/token.ts";
import { createApp } from "./app.ts";
import { assetsWithSource } from "./assets/mod.ts";
import { startJobs } from "./jobs/run.ts";
import { demoSinksWanted, describeSinks, mailDir, withDemoSinks } from "./demo/sinks.ts";
import { startDemo } from "./demo/keep_routes_on_sinks.ts";

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

/**
 * Opens the database and makes it ready to serve: the schema (migrations, under a lock several
 * instances may wait on), the reference data, and the demo data when SEED asks. `deno task
 * migrate` (Deno Deploy's predeploy command) runs just this.
 */
export async function prepareDatabase(config: Config) {
  const database = await openDatabase(config);
  await database.migrate();
  await ensureReferenceData(database.db, VERSION);
  const seeded = await seedIfWanted(database, config);
  return { database, seeded };
}

export async function startPortal(config: Config & { SESSION_SECRET: string }) {
  const t0 = performance.now();
  const { database, seeded } = await prepareDatabase(config);
  // The demo's loopback receivers, which the demo routes point at (embedded mode by default).
  const demoSinks = demoSinksWanted(config) ? await startDemo(database.db, config) : null;
  // What this process delivers with (and checks route destinations against): with the demo's
  // receivers, 127.0.0.1 allowed and their SMTP relay.
  const running = demoSinks ? withDemoSinks(config, demoSinks.ports) : config;
  // The browser bundle before the first visitor: read from dist/ (`deno task build`), or built
  // here when this process may spawn esbuild; a server that can do neither stops now, saying so.
  const bundle = await assetsWithSource();
  const app = createApp({
    config: running,
    database,
    keys: sessionKeys(config.SESSION_SECRET),
    version: VERSION,
    startedAt: new Date(),
  });
  // Other instances' session changes reach this one's cache at once (a failure here only means
  // they do within SESSION_RECHECK_SECONDS; streams try again when a tab asks).
  await app.events.listen().catch((e) =>
    console.error("events: cannot listen to the database:", e instanceof Error ? e.message : e)
  );
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
        `API reference: http://localhost:${port}/docs — browser bundle: ${bundle.source}`,
      ];
      if (demoSinks) {
        lines.push(describeSinks(demoSinks, config.DEMO_SINK_PORT));
        if (!config.SMTP_RELAY) {
          lines.push(
            "E-mails (new users' set-password links too) go to the demo's SMTP relay, which " +
              `keeps them in ${resolve(mailDir(config.DATA_DIR))}/<recipient>/`,
          );
        }
      }
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
  const jobs = config.JOBS === "on"
    ? startJobs(database.db, config, {
      implementation: "built-in",
      delivery: config.DELIVERY_WORKER === "on",
      deliveryConfig: running,
      prune: true,
      fold: true,
      listen: database.listen,
      // With the demo's receivers, fresh position reports to watch go from Stored to Delivered.
      feedSeconds: demoSinks ? config.DEMO_FEED_SECONDS : 0,
    })
    : null;
  const stop = async () => {
    await jobs?.stop();
    await demoSinks?.close();
    await app.events.close();
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
