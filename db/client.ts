import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { type SQL, sql } from "drizzle-orm";
import postgres from "postgres";
import { fileURLToPath } from "node:url";
import * as schema from "./schema/mod.ts";

export { schema };
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of the database: what a step of a multi-statement change runs on. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs a named statement with string parameters and answers its rows. */
type PreparedQuery<T> = (...params: string[]) => Promise<T[]>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * A named statement whose plan the database keeps, for the hottest queries (one per request).
   * `text` uses $1, $2… Calling it again with the same name returns the same statement.
   */
  prepare<T>(name: string, text: string): PreparedQuery<T>;
  /**
   * Calls `onPayload` with the payload of every notification on `channel` (SQL `NOTIFY`, or
   * `pg_notify` in a writer's transaction, delivered when it commits) from any connection to the
   * database: this process's or another's. Resolves once listening; the function it resolves to
   * stops. PostgreSQL: one dedicated connection per database object (postgres.js reconnects it
   * and listens again, and calls `onRelisten` then: what was notified meanwhile is lost); PGlite:
   * the one embedded connection.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onRelisten?: () => void,
  ): Promise<() => Promise<void>>;
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
  const orm = drizzlePglite({ client: pglite, schema, casing: "snake_case" });
  const db: Db = orm;
  return {
    db,
    pglite,
    kind: "pglite",
    // PGlite's extended protocol parses and plans on every call (several round trips into
    // wasm); PREPARE once, then EXECUTE in one simple-protocol round trip with a cached plan.
    prepare: memoize(<T>(name: string, text: string): PreparedQuery<T> => {
      let ready: Promise<unknown> | undefined;
      return async (...params) => {
        await (ready ??= pglite.exec(`prepare ${name} as ${text}`));
        const args = params.map((p) => `'${p.replaceAll("'", "''")}'`).join(", ");
        const [result] = await pglite.exec(`execute ${name}(${args})`);
        return result.rows as T[];
      };
    }),
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    migrate: () => migratePglite(orm, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pglite.close(),
  };
}

/** Opens PostgreSQL through postgres.js. */
export function openPostgres(
  url: string,
  opts: { max?: number; prepare?: boolean } = {},
): Database {
  const client = postgres(url, { max: opts.max ?? 10, onnotice: () => {} });
  const db: Db = drizzlePostgres({
    client: opts.prepare === false ? client : preparing(client),
    schema,
    casing: "snake_case",
  });
  return {
    db,
    kind: "postgres",
    // postgres.js keeps a server-side prepared statement per connection for each query text.
    prepare: memoize(<T>(_name: string, text: string): PreparedQuery<T> => async (...params) =>
      await client.unsafe<T[]>(text, params, { prepare: true })
    ),
    listen: async (channel, onPayload, onRelisten) => {
      let listens = 0;
      const { unlisten } = await client.listen(channel, onPayload, () => {
        if (listens++ > 0) onRelisten?.();
      });
      return unlisten;
    },
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

/**
 * postgres.js as drizzle's client, with every statement that has parameters prepared: drizzle
 * sends its queries unnamed, which PostgreSQL parses and plans again on every call (planning was
 * most of a small query's cost, bench/crowd/profile_find.ts). postgres.js names a statement by its text
 * and keeps it per connection. A transaction's and a savepoint's client are wrapped the same way.
 * Statements without parameters go as simple queries, as before (several commands may share one).
 */
export function preparing(sql: postgres.Sql): postgres.Sql {
  type Callback = (inner: postgres.Sql) => unknown;
  const wrapInner = (args: unknown[]) => {
    const fn = args.pop() as Callback;
    return [...args, (inner: postgres.Sql) => fn(preparing(inner))];
  };
  return new Proxy(sql, {
    get(target, prop) {
      if (prop === "unsafe") {
        return (text: string, params?: unknown[], options?: Record<string, unknown>) =>
          // deno-lint-ignore no-explicit-any
          target.unsafe(text, params as any, { ...options, prepare: true });
      }
      if (prop === "begin" || prop === "savepoint") {
        // deno-lint-ignore no-explicit-any
        return (...args: unknown[]) => (target as any)[prop](...wrapInner(args));
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** One statement per name and database, however many apps share the database. */
function memoize(make: <T>(name: string, text: string) => PreparedQuery<T>) {
  const made = new Map<string, PreparedQuery<unknown>>();
  return <T>(name: string, text: string): PreparedQuery<T> => {
    if (!made.has(name)) made.set(name, make(name, text));
    return made.get(name) as PreparedQuery<T>;
  };
}

/**
 * The rows of a raw SQL statement, whichever driver runs it: PGlite answers `{ rows }`,
 * postgres.js a bare array. Works on a database or a transaction.
 */
export async function executeRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = isRowsResult(result) ? result.rows : result;
  // Raw SQL's rows have no static type: the caller names their shape.
  return rows as T[];
}

const isRowsResult = (result: unknown): result is { rows: unknown[] } =>
  typeof result === "object" && result !== null && "rows" in result &&
  Array.isArray(result.rows);

/** True when the database has no user yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await executeRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n) === 0;
}
