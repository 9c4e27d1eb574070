import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/mod.ts";

export { schema };
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens embedded PGlite in `dataDir` (in memory when omitted), or loads a dumped data dir. */
export async function openPglite(
  opts: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database & { pglite: PGlite }> {
  const pglite = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite({ client: pglite, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    pglite,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
  };
}

/** Opens PostgreSQL through postgres.js. */
export function openPostgres(url: string, opts: { max?: number } = {}): Database {
  const client = postgres(url, { max: opts.max ?? 10, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    // Several instances may start at once against one database: migrate on one dedicated
    // connection that holds a session advisory lock meanwhile.
    migrate: async () => {
      const one = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await one`select pg_advisory_lock(7271001)`;
        await migratePostgres(drizzlePostgres({ client: one, casing: "snake_case" }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await one.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** True when the database has no user yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return Number(
    (rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ??
      (rows as unknown as { n: number }[])[0]?.n,
  ) === 0;
}
