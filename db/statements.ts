/**
 * Statements drizzle builds once: `statement(build)` keeps what `build` prepares (drizzle's
 * `.prepare(name)`) per database handle, and each run passes only the values of its
 * `sql.placeholder(…)`s. Otherwise drizzle renders a statement's text from its tree on every run,
 * walking each chunk and checking its class: 150–300 µs of the request's thread for a join with a
 * tenant rule, the heaviest part of a small read (docs/decisions/0023-sign-in-crowd.md), and more
 * than PostgreSQL takes to execute the (prepared) statement. For the hottest statements.
 */
import type { Db } from "./client.ts";

/** What drizzle's `.prepare(name)` answers: the statement, run with its placeholders' values. */
export interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

let made = 0;

/**
 * The statement `build` prepares on a handle, built on the handle's first run. A transaction is a
 * handle of its own: its statements are built again and dropped with it.
 */
export function statement<R>(
  build: (db: Db, name: string) => Prepared<R>,
): (db: Db) => Prepared<R> {
  const name = `statement_${++made}`;
  const built = new WeakMap<Db, Prepared<R>>();
  return (db) => {
    let prepared = built.get(db);
    if (!prepared) built.set(db, prepared = build(db, name));
    return prepared;
  };
}
