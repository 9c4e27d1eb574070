/**
 * Statements drizzle builds once: `statement(build)` keeps what `build` prepares (drizzle's
 * `.prepare(name)`) per database handle, and each run passes only the values of its
 * `sql.placeholder(…)`s. Otherwise drizzle renders a statement's text from its tree on every run,
 * walking each chunk and checking its class: 150–300 µs of the request's thread for a join with a
 * tenant rule, the heaviest part of a small read (docs/decisions/0023-sign-in-crowd.md), and more
 * than PostgreSQL takes to execute the (prepared) statement. For the hottest statements.
 */
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/** What drizzle's `.prepare(name)` answers: the statement, run with its placeholders' values. */
export interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

let made = 0;

/** A handle's session: drizzle keeps the driver's client (a pool, or a transaction's) on it. */
const sessionOf = (db: Db) => (db as unknown as { session: { client: unknown } }).session;

/** The driver behind a handle (PGlite's session or postgres.js's), whatever its database. */
export const driverOf = (db: Db): unknown => sessionOf(db).constructor;

/** Whether the handle is a transaction (every audited write runs in one: server/http/audited.ts). */
export const isTransaction = (db: Db) => db instanceof PgTransaction;

/**
 * A statement built on another handle of the same driver, run on the transaction `tx`: drizzle's
 * prepared query (drizzle-orm 0.45, both drivers) holds the rendered text and its placeholders,
 * and runs them on its `client`, here the transaction's. tests/db/prepared_statements_test.ts runs
 * statements rebound so.
 */
export const rebound = <P extends object>(prepared: P, tx: Db): P =>
  Object.assign(Object.create(Object.getPrototypeOf(prepared)), prepared, {
    client: sessionOf(tx).client,
  });

/**
 * The statement `build` prepares on a handle, built on the handle's first run. A transaction
 * (a request's, or a service's own) runs the statement built on a handle of its driver, rebound
 * to it, so a request in a transaction renders no statement again either.
 */
export function statement<R>(
  build: (db: Db, name: string) => Prepared<R>,
): (db: Db) => Prepared<R> {
  const name = `statement_${++made}`;
  const built = new WeakMap<Db, Prepared<R>>();
  const byDriver = new Map<unknown, Prepared<R>>();
  return (db) => {
    if (isTransaction(db)) {
      const kept = byDriver.get(driverOf(db));
      if (kept) return rebound(kept, db);
      // Built on this transaction, kept for the driver's next ones (each rebinds it).
      const first = build(db, name);
      byDriver.set(driverOf(db), first);
      return first;
    }
    let prepared = built.get(db);
    if (!prepared) {
      built.set(db, prepared = build(db, name));
      byDriver.set(driverOf(db), prepared);
    }
    return prepared;
  };
}
