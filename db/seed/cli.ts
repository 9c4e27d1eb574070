/** `deno task seed`: migrates the configured database and seeds the demo data (if not seeded yet). */
import { ConfigError, parseConfig } from "../../server/config.ts";
import { openDatabase, seedIfWanted, VERSION } from "../../server/start.ts";
import { ensureReferenceData } from "./reference.ts";

try {
  // Seeding signs nobody in: a session secret is not needed, whatever DATABASE_URL says.
  const config = parseConfig({
    SESSION_SECRET: "-".repeat(32),
    ...Deno.env.toObject(),
    SEED: "demo",
  });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await ensureReferenceData(database.db, VERSION);
    const t0 = performance.now();
    const seeded = await seedIfWanted(database, config);
    console.log(
      seeded
        ? `Demo data seeded in ${(performance.now() - t0).toFixed(0)} ms`
        : "Demo data already present: nothing seeded",
    );
  } finally {
    await database.close();
  }
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  Deno.exit(1);
}
