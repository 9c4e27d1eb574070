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
 * Delivered at the first destination tried, in one attempt: the common case, written apart by
 * statements whose values are the same for all (firstTryStatements).
 */
const deliveredFirstTry = (r: MessageResult) =>
  r.status === 4 && r.rounds === 1 && r.dialled === 1 && r.attempts.length === 1 &&
  r.delaySeconds === null && r.errorLabel === null && r.failureReason === null &&
  r.pushDeliveryStatus === 1;

/** A PostgreSQL array literal of integers ("{1,2,3}"), one text parameter whatever its length. */
const integers = (values: readonly number[]) => `{${values.join(",")}}`;

/** A PostgreSQL array literal of texts, each quoted. */
const texts = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;

/**
 * What an update answers: the ids it wrote (the lease path counts them), or nothing for a held
 * claim's, whose rows are its own (a thousand rows fewer to read back, issue 41).
 */
const returningIds = (held: boolean) => held ? sql`` : sql` returning p.id`;

/** The statements of a batch's results, each with one text whatever the batch. */
interface ResultStatements {
  /** The messages' updates: each answers the ids it wrote, but a held claim's (returningIds). */
  updates: SQL[];
  attempts: SQL[];
}

/**
 * The statements that write a batch of results, each with one text whatever the batch and the
 * batch as a few parameters: prepared once per connection, and nothing for drizzle to render
 * (issue 41: rendering a statement of 200 rows' values was a good part of a delivery's cost to
 * the worker). The messages delivered at the first try (most of them) are written by statements
 * of their ids alone; the others carry their values as one JSON parameter. An update writes a
 * message only while `claim_token` is still the result's, unless `held`: the writer holds the
 * rows' locks since it claimed them (held.ts), so they are its own.
 */
export function resultStatements(
  results: readonly MessageResult[],
  instance: string,
  held: boolean,
): ResultStatements {
  const first = results.filter(deliveredFirstTry);
  const others = first.length === results.length
    ? []
    : results.filter((r) => !deliveredFirstTry(r));
  const statements: ResultStatements = { updates: [], attempts: [] };
  if (first.length) {
    const { update, attempts } = firstTryStatements(first, instance, held);
    statements.updates.push(update);
    statements.attempts.push(attempts);
  }
  if (others.length) {
    const { update, attempts } = otherStatements(others, instance, held);
    statements.updates.push(update);
    if (attempts) statements.attempts.push(attempts);
  }
  return statements;
}

/**
 * The first-try deliveries' statements: the update sets the same values on every message
 * (retry_step stays: a delivery keeps it); their attempts are few records shared by many messages
 * (the batched round's one a connection's share), so the insert joins each message to its record.
 */
function firstTryStatements(
  results: readonly MessageResult[],
  instance: string,
  held: boolean,
): { update: SQL; attempts: SQL } {
  const ids: number[] = [];
  const rounds: number[] = [];
  const which: number[] = [];
  const records = new Map<AttemptRecord, number>();
  for (const r of results) {
    ids.push(r.id);
    rounds.push(r.round);
    const a = r.attempts[0];
    let n = records.get(a);
    if (n === undefined) records.set(a, n = records.size);
    which.push(n);
  }
  const attempts = JSON.stringify([...records.keys()].map((a, n) => ({
    n,
    at: a.at,
    target: a.target,
    destination: a.destination,
    error: a.error,
    duration_ms: a.durationMs,
  })));
  const mine = held
    ? sql`p.id = any(${integers(ids)}::bigint[])`
    : sql`(p.id, p.claim_token) in (select * from unnest(${integers(ids)}::bigint[], ${
      texts(results.map((r) => r.token))
    }::text[]))`;
  return {
    update: sql`
      update push_traffic p set
        status = 4, next_attempt_at = null, claim_token = null, error_label = null,
        failure_reason = null, push_delivery_status = 1,
        delivery_attempts = p.delivery_attempts + 1,
        push_delivery_attempts = p.push_delivery_attempts + 1,
        updated_at = now()
      where ${mine}${returningIds(held)}`,
    attempts: sql`
      insert into push_attempts (push_traffic_id, at, round, target, destination, outcome, error,
        duration_ms, instance)
      select v.id, a.at, v.round, a.target, a.destination, 'delivered', a.error, a.duration_ms,
        ${instance}::text
      from unnest(${integers(ids)}::bigint[], ${integers(rounds)}::int[], ${
      integers(which)
    }::int[]) as v(id, round, n)
      join json_to_recordset(${attempts}::json) as a(n int, at timestamptz, target text,
        destination text, error text, duration_ms int) on a.n = v.n`,
  };
}

/** The other results' statements: each message's values and attempts as one JSON parameter. */
function otherStatements(
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
      where p.id = v.id and ${held ? sql`true` : sql`p.claim_token = v.token`}${
      returningIds(held)
    }`,
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
  const { attempts, updates } = resultStatements(results, instance, false);
  return await db.transaction(async (tx) => {
    for (const statement of attempts) await tx.execute(statement);
    let written = 0;
    for (const update of updates) written += (await executeRows(tx, update)).length;
    return written;
  });
}
