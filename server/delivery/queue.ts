/**
 * The delivery queue is the push_traffic table (docs/decisions/0015-delivery-engine.md): due
 * messages (`next_attempt_at <= now()`) are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * workers on one database take disjoint rows; a claim is a lease (status 1 until
 * `next_attempt_at`), so a crashed worker's messages come back by themselves. Results are written
 * only while the worker's claim token is still on the row.
 */
import { eq, getTableColumns, lte, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../db/client.ts";
import { pushAttempts, pushTraffic } from "../../db/schema/mod.ts";
import type { PushStatus } from "../../openapi/enums.ts";
import type { AttemptOutcome, AttemptTarget, PushRow } from "./types.ts";

export type ClaimedRow = PushRow & { previousStatus: PushStatus };

/**
 * Claims up to `limit` due messages in one statement: status 1, `token`, leased for
 * `leaseSeconds`. Answers the rows as claimed plus the status each had before.
 */
export async function claimDue(
  db: Db,
  limit: number,
  token: string,
  leaseSeconds: number,
): Promise<ClaimedRow[]> {
  if (limit <= 0) return [];
  const p = pushTraffic;
  const due = db.$with("due").as(
    db.select({ id: p.id, previousStatus: sql<PushStatus>`${p.status}`.as("previous_status") })
      .from(p)
      .where(lte(p.nextAttemptAt, sql`now()`))
      .orderBy(p.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  return await db.with(due).update(p)
    .set({
      status: 1,
      claimToken: token,
      nextAttemptAt: sql`now() + ${leaseSeconds}::int * interval '1 second'`,
      updatedAt: sql`now()`,
    })
    .from(due)
    .where(eq(p.id, due.id))
    .returning({ ...getTableColumns(p), previousStatus: due.previousStatus });
}

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
  const values = sql.join(
    results.map((r) =>
      sql`(${r.id}::bigint, ${r.token}::text, ${r.status}::int, ${r.delaySeconds}::float8,
        ${r.retryStep}::int, ${r.errorLabel}::text, ${r.failureReason}::text,
        ${r.pushDeliveryStatus}::int, ${r.dialled}::int, ${r.rounds}::int)`
    ),
    sql`, `,
  );
  const attempts = results.flatMap((r) =>
    r.attempts.map((a) => ({ pushTrafficId: r.id, round: r.round, instance, ...a }))
  );
  return await db.transaction(async (tx) => {
    if (attempts.length) await tx.insert(pushAttempts).values(attempts);
    const written = await executeRows(
      tx,
      sql`
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
      from (values ${values}) as v(id, token, status, delay, retry_step, error_label,
        failure_reason, pds, dialled, rounds)
      where p.id = v.id and p.claim_token = v.token
      returning p.id`,
    );
    return written.length;
  });
}
