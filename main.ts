/**
 * Starts the portal: reads the configuration once, opens the database (embedded PGlite in DATA_DIR,
 * or PostgreSQL with DATABASE_URL), migrates, seeds on first start, and serves.
 */
import "./server/production_mode.ts";
import { ConfigError, embeddedSessionSecret, parseConfig } from "./server/config.ts";
import { startPortal } from "./server/start.ts";

try {
  const config = parseConfig(Deno.env.toObject());
  const secret = config.SESSION_SECRET ?? await embeddedSessionSecret(config.DATA_DIR);
  await startPortal({ ...config, SESSION_SECRET: secret });
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    Deno.exit(1);
  }
  throw e;
}
