import assert from "node:assert/strict";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { is, type SQL, sql } from "drizzle-orm";
import { type Database, executeRows, openPglite } from "../../db/client.ts";
import * as schema from "../../db/schema/mod.ts";
import { isolatedPostgres, TEST_PG_URL } from "../fixtures/db.ts";

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableConfig(t));

const rows = <T>(database: Database, query: SQL) => executeRows<T>(database.db, query);

async function checkMigrated(database: Database) {
  await database.migrate();
  await database.migrate(); // idempotent: a restart applies nothing twice
  const present = (await rows<{ t: string }>(
    database,
    sql`select table_name as t from information_schema.tables where table_schema = 'public'`,
  )).map((r) => r.t);
  for (const t of tables) assert.ok(present.includes(t.name), `table ${t.name} exists`);
  const indexes = (await rows<{ i: string }>(
    database,
    sql`select indexname as i from pg_indexes where schemaname = 'public'`,
  )).map((r) => r.i);
  for (const t of tables) {
    for (const index of t.indexes) {
      assert.ok(indexes.includes(index.config.name!), `index ${index.config.name}`);
    }
  }
  const applied = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const journal = JSON.parse(
    await Deno.readTextFile(new URL("../../db/migrations/meta/_journal.json", import.meta.url)),
  );
  assert.equal(Number(applied[0].n), journal.entries.length);
}

Deno.test({
  name: "[db/migrations] apply cleanly and idempotently on embedded PGlite",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const database = await openPglite();
    try {
      await checkMigrated(database);
    } finally {
      await database.close();
    }
  },
});

Deno.test({
  name: "[db/migrations] apply cleanly and idempotently on PostgreSQL",
  ignore: !TEST_PG_URL,
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const { database, drop } = await isolatedPostgres();
    try {
      // Two instances starting at once both migrate; the advisory lock serialises them.
      await Promise.all([database.migrate(), database.migrate()]);
      await checkMigrated(database);
    } finally {
      await drop();
    }
  },
});

Deno.test("[db/migrations] the committed migrations match the schema (drizzle-kit finds nothing to generate)", async () => {
  // drizzle-kit resolves drizzle-orm from the project, so it runs in the project root on a copy.
  const root = new URL("../../", import.meta.url).pathname;
  const rel = `.test-data/kit-${crypto.randomUUID().slice(0, 8)}`;
  const dir = `${root}${rel}`;
  await Deno.mkdir(dir, { recursive: true });
  try {
    await new Deno.Command("cp", { args: ["-r", `${root}db/migrations`, `${dir}/migrations`] })
      .output();
    const config = `${dir}/drizzle.config.ts`;
    await Deno.writeTextFile(
      config,
      `export default { dialect: "postgresql", casing: "snake_case", schema: "./db/schema/mod.ts", out: "./${rel}/migrations" };\n`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "npm:drizzle-kit@0.31.11", "generate", `--config=${config}`],
      cwd: root,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    assert.match(text, /No schema changes, nothing to migrate/, text);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
