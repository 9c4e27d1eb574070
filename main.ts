/**
 * Starts the portal: reads the configuration once, opens the database (embedded PGlite in DATA_DIR,
 * or PostgreSQL with DATABASE_URL), migrates, seeds on first start, and serves.
 */
import "./server/production_mode.ts";
import { ConfigError, embeddedSessionSecret, parseConfig } from "./server/config.ts";
import { startPortal } from "./server/start.ts";
import { type CronTarget, registerCronJobs } from "./server/jobs/cron.ts";

// Deno Deploy finds crons by evaluating this module's top level, before the server starts: they
// are registered here whatever JOBS says, and run only when it says `cron` (server/jobs/cron.ts).
const portal = Promise.withResolvers<CronTarget>();
const hasCron = registerCronJobs(portal.promise);

try {
  const config = parseConfig(Deno.env.toObject());
  if (config.JOBS === "cron" && !hasCron) {
    throw new ConfigError([
      "JOBS: `cron` needs Deno.cron (Deno Deploy, or `deno run --unstable-cron` locally); " +
      "use `on`, or `off` with `deno task worker`",
    ]);
  }
  const secret = config.SESSION_SECRET ?? await embeddedSessionSecret(config.DATA_DIR);
  const { database } = await startPortal({ ...config, SESSION_SECRET: secret });
  portal.resolve({ db: database.db, config });
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(1);
  }
  throw e;
}
