/**
 * Child server: the real app (createApp through the test fixture) over a PGlite restored from
 * the test snapshot, or over PostgreSQL with BENCH_DATABASE_URL, with one user whose password is hashed at the production work factor.
 */
import "../server/production_mode.ts";
import { eq } from "drizzle-orm";
import { freshPglite } from "../tests/fixtures/db.ts";
import { Factories, TEST_PASSWORD } from "../tests/fixtures/factories.ts";
import { testApp } from "../tests/fixtures/app.ts";
import { users } from "../db/schema/mod.ts";
import { hashPassword } from "../server/auth/password.ts";
import { OWASP_PBKDF2_ITERATIONS } from "../server/config.ts";
import { serveForBench } from "./child.ts";
import { openPostgres } from "../db/client.ts";
import { ensureReferenceData } from "../db/seed/reference.ts";

// BENCH_DATABASE_URL: a scratch PostgreSQL database made by the bench; otherwise embedded PGlite.
const pgUrl = Deno.env.get("BENCH_DATABASE_URL");
const database = pgUrl ? openPostgres(pgUrl) : await freshPglite();
try {
  if (pgUrl) {
    await database.migrate();
    await ensureReferenceData(database.db, "bench");
  }
  const user = await new Factories(database.db).user();
  const passwordHash = await hashPassword(TEST_PASSWORD, OWASP_PBKDF2_ITERATIONS);
  await database.db.update(users).set({ passwordHash }).where(eq(users.key, user.key));
  const app = testApp(database, {
    PASSWORD_ITERATIONS: String(OWASP_PBKDF2_ITERATIONS),
    LOGIN_MAX_FAILURES: "1000",
    LOGIN_MAX_FAILURES_PER_IP: "100000",
  });
  serveForBench(
    app.fetch,
    { username: user.id, iterations: OWASP_PBKDF2_ITERATIONS },
    () => database.close(),
  );
} catch (e) {
  await database.close();
  throw e;
}
