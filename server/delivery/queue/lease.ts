/**
 * The delivery queue is the push_traffic table (docs/decisions/0015-delivery-engine.md): due
 * messages (`next_attempt_at <= now()`) are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * workers on one database take disjoint rows; a claim is a lease (status 1 until
 * `next_attempt_at`), so a crashed worker's messages come back by themselves. Results are written
 * only while the worker's claim token is still on the row.
 */
import { eq, getTableColumns, lte, type SQL, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import { statement } from "../../../db/statements.ts";
import { pushTraffic } from "../../../db/schema/mod.ts";
import type { PushStatus } from "../../../openapi/enums.ts";
import type { AttemptOutcome, AttemptTarget, DeliveryRow } from "../types.ts";

/** A claimed message: what a delivery reads, and its status before the claim. */
export type ClaimedRow = DeliveryRow & { previousStatus: PushStatus };

/** A message as a lease claim answers it: the whole row as claimed, and its status before. */
type LeasedRow = typeof pushTraffic.$inferSelect & { previousStatus: PushStatus };

/**
 * Claims up to `limit` due messages in one statement: status 1, `token`, leased for
 * `leaseSeconds`. Answers the rows as claimed plus the status each had before.
 */
export async function claimDue(
  db: Db,
  limit: number,
  token: string,
  leaseSeconds: number,
): Promise<LeasedRow[]> {
  if (limit <= 0) return [];
  return await claimStatement(db).execute({ limit, token, lease: leaseSeconds });
}

/**
 * The claim, built once (db/statements.ts): drizzle renders a statement's text from its tree on
 * every run otherwise, which was a good part of a delivery's cost to the worker (issue 41).
 */
const claimStatement = statement((db, name) => {
  const p = pushTraffic;
  const due = db.$with("due").as(
    db.select({ id: p.id, previousStatus: sql<PushStatus>`${p.status}`.as("previous_status") })
      .from(p)
      .where(lte(p.nextAttemptAt, sql`now()`))
      .orderBy(p.nextAttemptAt)
      .limit(sql.placeholder("limit"))
      .for("update", { skipLocked: true }),
  );
  return db.with(due).update(p)
    .set({
      status: 1,
      claimToken: sql`${sql.placeholder("token")}::text`,
      nextAttemptAt: sql`now() + ${sql.placeholder("lease")}::int * interval '1 second'`,
      updatedAt: sql`now()`,
    })
    .from(due)
    .where(eq(p.id, due.id))
    .returning({ ...getTableColumns(p), previousStatus: due.previousStatus })
    .prepare(name);
});

/** One attempt as push_attempts stores it. */
export interface AttemptRecord {
  at: Date;
  target: AttemptTarget;
  destination: string;
  outcome: AttemptOutcome;
  error: string | null;
  durationMs: number;
}

/** What a finished message writes back: absolute values, computed from the claimed row. */
export interface MessageResult {
  id: number;
  token: string;
  status: PushStatus;
  /** Seconds until due again; null: off the queue. */
  delaySeconds: number | null;
  retryStep: number;
  errorLabel: string | null;
  failureReason: string | null;
  pushDeliveryStatus: number | null;
  /** Added to delivery_attempts (destinations dialled) and push_delivery_attempts (rounds). */
  dialled: number;
  rounds: number;
  round: number;
  attempts: AttemptRecord[];
}

/**
 * The statements that write a batch of results, each with one text whatever the batch and the
 * batch as one JSON parameter: prepared once per connection, and nothing for drizzle to render
 * (issue 41: rendering a statement of 200 rows' values was a good part of a delivery's cost to
 * the worker). The update writes a message only while `claim_token` is still the result's, unless
 * `held`: the writer holds the rows' locks since it claimed them (held.ts), so they are its own.
 */
export function resultStatements(
  results: readonly MessageResult[],
  instance: string,
  held: boolean,
): { attempts: SQL | null; update: SQL } {
  const attempts = results.flatMap((r) =>
    r.attempts.map((a) => ({
      push_traffic_id: r.id,
      at: a.at,
      round: r.round,
      target: a.target,
      destination: a.destination,
      outcome: a.outcome,
      error: a.error,
      duration_ms: a.durationMs,
    }))
  );
  const values = JSON.stringify(results.map((r) => ({
    id: r.id,
    token: r.token,
    status: r.status,
    delay: r.delaySeconds,
    retry_step: r.retryStep,
    error_label: r.errorLabel,
    failure_reason: r.failureReason,
    pds: r.pushDeliveryStatus,
    dialled: r.dialled,
    rounds: r.rounds,
  })));
  return {
    attempts: attempts.length
      ? sql`
      insert into push_attempts (push_traffic_id, at, round, target, destination, outcome, error,
        duration_ms, instance)
      select a.*, ${instance}::text from json_to_recordset(${JSON.stringify(attempts)}::json) as a(
        push_traffic_id bigint, at timestamptz, round int, target text, destination text,
        outcome text, error text, duration_ms int)`
      : null,
    update: sql`
      update push_traffic p set
        status = v.status,
        next_attempt_at = case when v.delay is null then null
          else now() + v.delay * interval '1 second' end,
        claim_token = null,
        retry_step = v.retry_step,
        error_label = v.error_label,
        failure_reason = v.failure_reason,
        push_delivery_status = v.pds,
        delivery_attempts = p.delivery_attempts + v.dialled,
        push_delivery_attempts = p.push_delivery_attempts + v.rounds,
        updated_at = now()
      from json_to_recordset(${values}::json) as v(id bigint, token text, status int,
        delay float8, retry_step int, error_label text, failure_reason text, pds int,
        dialled int, rounds int)
      where p.id = v.id and ${held ? sql`true` : sql`p.claim_token = v.token`}
      returning p.id`,
  };
}

/**
 * Writes a batch of results: one update of the messages whose claim is still `token`'s (a
 * retransmit or another worker's claim wins over a late result) and one insert of every attempt
 * (they happened either way), in one transaction. Answers how many messages were written.
 */
export async function writeResults(
  db: Db,
  results: readonly MessageResult[],
  instance: string,
): Promise<number> {
  if (!results.length) return 0;
  const { attempts, update } = resultStatements(results, instance, false);
  return await db.transaction(async (tx) => {
    if (attempts) await tx.execute(attempts);
    return (await executeRows(tx, update)).length;
  });
}
