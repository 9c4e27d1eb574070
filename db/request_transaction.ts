/**
 * A request's transaction: every write operation runs in one, which first names its caller for
 * the audit trail (server/http/audited.ts, docs/decisions/0024-audit-trail.md).
 *
 * On postgres.js it is built for what the trail may cost a write (issue 40: at most 10% of it).
 * drizzle's transaction there waits for BEGIN before the first statement, and for each SAVEPOINT
 * before a service's own transaction starts: two round trips and two sends that a write without
 * the trail does not make (a send over loopback is most of a statement's cost to the portal,
 * bench/crowd/profile_find.ts). Here the connection is reserved and BEGIN, the setting and the
 * handler's first statement leave in one write; a service's own transaction is a savepoint that
 * leaves with its first statement, rolled back to only when it fails. What is left is COMMIT.
 * PGlite (one embedded connection, no network) keeps drizzle's transaction.
 */
import { PostgresJsSession, PostgresJsTransaction } from "drizzle-orm/postgres-js";
import type postgres from "postgres";
import { sql } from "drizzle-orm";
import { type Db, preparing, type Tx } from "./client.ts";

/** A setting the transaction carries (`set_config(name, value, true)`). */
interface TransactionSetting {
  name: string;
  value: string;
}

/** Sets `setting` for the rest of the transaction `tx` (drizzle's: PGlite, or a service's own). */
export async function setLocal(tx: Db | Tx, setting: TransactionSetting): Promise<void> {
  await tx.execute(sql`select set_config(${setting.name}, ${setting.value}, true)`);
}

/** The pool and drizzle's parts behind a postgres.js handle; null for PGlite. */
function postgresParts(db: Db) {
  // deno-lint-ignore no-explicit-any
  const session = (db as any).session;
  return session instanceof PostgresJsSession
    // deno-lint-ignore no-explicit-any
    ? session as unknown as { client: postgres.Sql; dialect: any; schema: any; options: any }
    : null;
}

/** Whether `db` is postgres.js's (a pool of connections), not embedded PGlite's one. */
export const isPostgresJs = (db: Db): boolean => postgresParts(db) !== null;

/**
 * Sends `query` now, behind what was sent before on its connection (postgres.js sends a query
 * once something waits for it), without waiting: answers its error when it is done, else null.
 */
const sent = (query: Promise<unknown>): Promise<unknown> => query.then(() => null, (e) => e);

/**
 * A transaction on a reserved connection whose nested transactions are savepoints sent with
 * their first statement (postgres.js's own waits for each SAVEPOINT).
 */
class PipelinedTransaction<S extends Record<string, unknown>> extends PostgresJsTransaction<
  S,
  // deno-lint-ignore no-explicit-any
  any
> {
  #savepoints = 0;
  /** The reserved connection (drizzle's `session.client`, which it keeps internal). */
  #client: postgres.Sql;

  // deno-lint-ignore no-explicit-any
  constructor(dialect: any, session: any, schema: any, client: postgres.Sql) {
    super(dialect, session, schema);
    this.#client = client;
  }

  override async transaction<T>(work: (tx: this) => Promise<T>): Promise<T> {
    const client = this.#client;
    const name = `s${++this.#savepoints}`;
    const saved = sent(client.unsafe(`savepoint ${name}`));
    try {
      const result = await work(this);
      const failure = await saved;
      if (failure) throw failure;
      return result;
    } catch (e) {
      await saved;
      // When even this fails, the transaction is aborted: COMMIT then rolls it all back.
      await client.unsafe(`rollback to savepoint ${name}`).catch(() => {});
      throw e;
    }
  }
}

/**
 * A statement failed inside the transaction and `work` went on (it answered the failure, with a
 * refusal, say): PostgreSQL rolled the whole transaction back at COMMIT. Nothing of it stays.
 */
export class RolledBackAtCommit extends Error {
  constructor() {
    super("A statement failed in the transaction: it was rolled back, nothing of it stays");
  }
}

/** PGlite's words when its COMMIT rolled back. */
const PGLITE_ROLLED_BACK = "Transaction was rolled back instead of committed";

/**
 * Runs `work` in one transaction that carries `setting`; commits what `work` wrote when it
 * returns, rolls it back when it throws (and throws that). When a statement failed inside and
 * `work` returned anyway, nothing is committed and it throws RolledBackAtCommit.
 */
export async function requestTransaction<T>(
  db: Db,
  setting: TransactionSetting,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const parts = postgresParts(db);
  if (!parts) {
    return await db.transaction(async (tx) => {
      await setLocal(tx, setting);
      return await work(tx);
    }).catch((e) => {
      throw e instanceof Error && e.message === PGLITE_ROLLED_BACK ? new RolledBackAtCommit() : e;
    });
  }
  const reserved = preparing(await parts.client.reserve()) as postgres.ReservedSql;
  try {
    const begun = sent(reserved.unsafe("begin"));
    const named = sent(
      reserved.unsafe("select set_config($1, $2, true)", [setting.name, setting.value]),
    );
    const session = new PostgresJsSession(reserved, parts.dialect, parts.schema, parts.options);
    const tx = new PipelinedTransaction(parts.dialect, session, parts.schema, reserved);
    let result: T;
    try {
      result = await work(tx as unknown as Tx);
      const failure = (await begun) ?? (await named);
      if (failure) throw failure;
    } catch (e) {
      await Promise.all([begun, named]);
      await reserved.unsafe("rollback").catch(() => {});
      throw e;
    }
    const committed = await reserved.unsafe("commit");
    if (committed.command === "ROLLBACK") throw new RolledBackAtCommit();
    return result;
  } finally {
    reserved.release();
  }
}
