/**
 * `deno task migrate`: brings the configured database (DATABASE_URL, or embedded PGlite in
 * DATA_DIR) to the current schema and reference data, and seeds the demo when SEED asks — what
 * a server does before it serves, on its own: Deno Deploy's `predeploy` command, or a release
 * step before rolling out several instances (docs/deploy.md). Servers still check at start
 * (a no-op when current).
 */
import { ConfigError, parseConfigWithoutSessions } from "../server/config.ts";
import { prepareDatabase } from "../server/start.ts";

try {
  const config = parseConfigWithoutSessions(Deno.env.toObject());
  const t0 = performance.now();
  const { database, seeded } = await prepareDatabase(config);
  await database.close();
  console.log(
    `Database ready in ${(performance.now() - t0).toFixed(0)} ms: ${
      database.kind === "pglite" ? `embedded PGlite in ${config.DATA_DIR}` : "PostgreSQL"
    }, schema current${seeded ? ", demo data seeded" : ""}`,
  );
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  Deno.exit(1);
}
