/**
 * A claim held by its transaction (PostgreSQL; docs/decisions/0025-delivery-speed.md). Due
 * messages are locked with FOR NO KEY UPDATE SKIP LOCKED in a transaction that stays open while
 * they are delivered, and their results are written and committed in it: one update a message
 * (lease.ts's claim writes each row twice, at the claim and at the result). Other workers skip
 * the locked rows. When the worker dies its connection closes and PostgreSQL rolls the
 * transaction back, so the messages are due again as they were (at least once); a worker that
 * hangs is cut off by `idle_in_transaction_session_timeout` (the lease). Deliveries still under
 * way after `holdMs` are leased in the same transaction as lease.ts's claim leases them (status
 * 1, the claim token, due when the lease ends) and finish by that path, so the rows and the
 * results already in hand are not held for a slow destination.
 */
import { inArray, sql } from "drizzle-orm";
import { type Db, executeRows, type Tx } from "../../../db/client.ts";
import { requestTransaction } from "../../../db/request_transaction.ts";
import { pushTraffic } from "../../../db/schema/mod.ts";
import { DELIVERY_COLUMNS } from "../types.ts";
import { type ClaimedRow, type MessageResult, resultStatements } from "./lease.ts";

/** What a held claim does with its rows (engine.ts). */
export interface HeldClaim {
  /** At most this many messages. */
  limit: number;
  /** The claim token of the messages leased after `holdMs`. */
  token: string;
  leaseSeconds: number;
  /** How long the transaction waits for the deliveries before it leases the rest. */
  holdMs: number;
  /** Names the worker in push_attempts.instance. */
  instance: string;
  /** Hears how many messages were claimed, before their deliveries start. */
  claimed(count: number): void;
  /**
   * Starts the deliveries of the claimed rows (in the transaction `tx`: the routes' reads), each
   * task answering the results of one message or several.
   */
  deliver(tx: Tx, rows: ClaimedRow[]): Promise<Promise<readonly MessageResult[]>[]>;
  /**
   * Takes a result that came after `holdMs`, once the transaction ended: its message was leased
   * (writer.ts writes it).
   */
  late(result: MessageResult): void;
}

/** The columns a delivery reads, named as DeliveryRow names them, and the status. */
const claimColumns = sql.join([
  ...DELIVERY_COLUMNS.map((c) => sql`${pushTraffic[c]} as ${sql.identifier(c)}`),
  sql`${pushTraffic.status} as "previousStatus"`,
], sql`, `);

/** A claimed row as the driver answers it: the id and the stored time may be text. */
type RawClaimed = Omit<ClaimedRow, "id" | "lesCStoredTime"> & {
  id: number | string;
  lesCStoredTime: Date | string;
};

/**
 * Locks up to `limit` due messages (nothing is written at the claim; `previousStatus` is their
 * status). Read raw rather than through drizzle's row mapping: only the id and the stored time need
 * converting, in place, and a fresh worker does it 1–2 µs a message cheaper (issue 41, decision
 * 0025).
 */
async function lockDue(tx: Tx, limit: number): Promise<ClaimedRow[]> {
  const p = pushTraffic;
  const rows = await executeRows<RawClaimed>(
    tx,
    // NO KEY: a retransmit's child row (parent_id) only needs the key share this leaves free.
    sql`select ${claimColumns} from ${p} where ${p.nextAttemptAt} <= now()
      order by ${p.nextAttemptAt} limit ${limit} for no key update skip locked`,
  );
  for (const row of rows) {
    row.id = Number(row.id);
    row.lesCStoredTime = new Date(row.lesCStoredTime);
  }
  return rows as ClaimedRow[];
}

/** The ids of `rows` that have no result in `done` (none, at no cost, when all have one). */
function stillOpen(rows: readonly ClaimedRow[], done: readonly MessageResult[]): number[] {
  if (done.length === rows.length) return [];
  const finished = new Set(done.map((r) => r.id));
  return rows.filter((r) => !finished.has(r.id)).map((r) => r.id);
}

/**
 * Claims up to `claim.limit` due messages, delivers them and commits their results; answers the
 * results written (with the transaction), after `claim.claimed` heard how many there were.
 */
export async function holdClaim(db: Db, claim: HeldClaim): Promise<MessageResult[]> {
  const hung = { name: "idle_in_transaction_session_timeout", value: `${claim.leaseSeconds}s` };
  // A late result waits for the transaction's end: written before the commit, its update would
  // find the row as it was claimed, without the lease's token, and leave it (the lease path writes
  // a result only under its token) — lost, the message In progress until the lease ends.
  let ended = false;
  const waiting: MessageResult[] = [];
  const late = (result: MessageResult) => ended ? claim.late(result) : waiting.push(result);
  const end = () => {
    ended = true;
    for (const result of waiting.splice(0)) claim.late(result);
  };
  return await requestTransaction(db, hung, async (tx) => {
    const rows = await lockDue(tx, claim.limit);
    claim.claimed(rows.length);
    if (!rows.length) return [];
    const done: MessageResult[] = [];
    let open = true;
    const tasks = (await claim.deliver(tx, rows)).map((task) =>
      task.then((results) => {
        for (const result of results) open ? done.push(result) : late(result);
      })
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(tasks),
      new Promise((resolve) => timer = setTimeout(resolve, claim.holdMs)),
    ]);
    clearTimeout(timer);
    // From here on a result is late; what is done now is written, the rest leased.
    open = false;
    const leased = stillOpen(rows, done);
    const { attempts, updates } = resultStatements(done, claim.instance, true);
    // Sent together, answered together: one round trip before COMMIT.
    await Promise.all([
      ...[...attempts, ...updates].map((statement) => tx.execute(statement)),
      leased.length && tx.update(pushTraffic).set({
        status: 1,
        claimToken: claim.token,
        nextAttemptAt: sql`now() + ${claim.leaseSeconds} * interval '1 second'`,
        updatedAt: sql`now()`,
      }).where(inArray(pushTraffic.id, leased)),
    ]);
    return done;
  }).finally(end);
}
