/**
 * Claims held by their transaction (server/delivery/queue/held.ts; PostgreSQL only, where the
 * engine holds its claims): the rows are locked and left as they were until the results commit,
 * other claims skip them, a delivery slower than the hold is leased, and a failure before the
 * commit leaves the messages due as they were.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import {
  claimDue,
  type ClaimedRow,
  type MessageResult,
  writeResults,
} from "../../../server/delivery/queue/lease.ts";
import { type HeldClaim, holdClaim } from "../../../server/delivery/queue/held.ts";
import { DELIVERY_COLUMNS } from "../../../server/delivery/types.ts";
import { TEST_PG_URL } from "../../fixtures/db.ts";
import {
  attemptRows,
  deliveredResult,
  ownDatabase,
  queueMessages,
  trafficRows,
} from "../../fixtures/delivery.ts";
import { Factories } from "../../fixtures/factories.ts";

/** A held claim whose deliveries end when the test resolves them. */
function heldByTest(limit: number, holdMs: number) {
  const deliveries = new Map<number, PromiseWithResolvers<MessageResult>>();
  const late: MessageResult[] = [];
  const claimed = Promise.withResolvers<number>();
  /** The rows the claim handed to its deliveries. */
  const rows: ClaimedRow[] = [];
  const claim: HeldClaim = {
    limit,
    token: "held-a",
    leaseSeconds: 30,
    holdMs,
    instance: "worker-a",
    claimed: (count) => claimed.resolve(count),
    deliver: (_tx, claimedRows) =>
      Promise.resolve(claimedRows.map((row) => {
        rows.push(row);
        const delivery = Promise.withResolvers<MessageResult>();
        deliveries.set(row.id, delivery);
        return delivery.promise.then((result) => [result]);
      })),
    late: (result) => late.push(result),
  };
  return { claim, deliveries, late, rows, claimed: claimed.promise };
}

/** `count` messages queued due in a PostgreSQL database of their own, for `fn`. */
async function withQueued(
  count: number,
  fn: (db: Db, queued: Awaited<ReturnType<typeof queueMessages>>) => Promise<void>,
) {
  const own = await ownDatabase("postgres");
  try {
    const db = own.database.db;
    const tgid = await new Factories(db).tgid();
    await fn(db, await queueMessages(db, { tgidId: tgid.id, deliveryType: 0, count }));
  } finally {
    await own.close();
  }
}

Deno.test({
  name: "[delivery] a held claim locks its rows unchanged, commits its results, leases the slow",
  ignore: !TEST_PG_URL,
  fn: async () => {
    await withQueued(3, async (db, [a, b, c]) => {
      const held = heldByTest(2, 1_000);
      const written = holdClaim(db, held.claim);
      assert.equal(await held.claimed, 2);

      // Nothing is written at the claim: the rows read as they were, and other claims (another
      // connection of the pool) skip them.
      const before = await trafficRows(db, [a.id, b.id]);
      assert.deepEqual(before.map((r) => [r.status, r.claimToken]), [[0, null], [0, null]]);
      const other = await claimDue(db, 10, "token-b", 30);
      assert.deepEqual(other.map((r) => r.id), [c.id]);

      // One delivery ends within the hold, the other does not.
      held.deliveries.get(a.id)!.resolve(deliveredResult(a.id, "held-a"));
      const done = await written;
      assert.deepEqual(done.map((r) => r.id), [a.id]);
      const [rowA, rowB] = await trafficRows(db, [a.id, b.id]);
      assert.deepEqual([rowA.status, rowA.claimToken, rowA.nextAttemptAt], [4, null, null]);
      assert.equal(rowA.pushDeliveryAttempts, 1);
      assert.deepEqual((await attemptRows(db, [a.id])).map((r) => r.instance), ["worker-a"]);
      // The slow one is leased as a lease claim leases it (In progress, the token, the lease).
      assert.deepEqual([rowB.status, rowB.claimToken], [1, "held-a"]);
      assert.ok(rowB.nextAttemptAt!.getTime() > Date.now() + 20_000);

      // Its result comes late, for the lease path, which writes it under the token.
      held.deliveries.get(b.id)!.resolve(deliveredResult(b.id, "held-a"));
      await new Promise((r) => setTimeout(r, 0));
      assert.deepEqual(held.late.map((r) => r.id), [b.id]);
      assert.equal(await writeResults(db, held.late, "worker-a"), 1);
      assert.equal((await trafficRows(db, [b.id]))[0].status, 4);
    });
  },
});

Deno.test({
  name:
    "[delivery] a held claim reads each message as a delivery reads it, typed as drizzle maps it",
  ignore: !TEST_PG_URL,
  fn: async () => {
    await withQueued(2, async (db, [a, b]) => {
      // Values in every column a delivery reads, nulls and a retry among them.
      await db.execute(sql`update push_traffic set dnid = 4321, les = 112, protocol = 2,
        routage_type = 0, retry_step = 2, error_label = 'Timeout', failure_reason = 'No answer',
        push_delivery_status = 0, push_delivery_attempts = 3, status = 5 where id = ${b.id}`);
      const held = heldByTest(2, 5_000);
      const written = holdClaim(db, held.claim);
      assert.equal(await held.claimed, 2);
      const stored = await trafficRows(db, [a.id, b.id]);
      for (const [i, row] of [...held.rows].sort((x, y) => x.id - y.id).entries()) {
        for (const column of DELIVERY_COLUMNS) {
          assert.deepEqual(row[column], stored[i][column], `${column} of message ${row.id}`);
        }
        assert.ok(row.lesCStoredTime instanceof Date);
        assert.equal(row.previousStatus, stored[i].status);
      }
      for (const id of [a.id, b.id]) {
        held.deliveries.get(id)!.resolve(deliveredResult(id, "held-a"));
      }
      assert.equal((await written).length, 2);
    });
  },
});

Deno.test({
  name: "[delivery] a held claim that fails before its commit leaves its messages due as they were",
  ignore: !TEST_PG_URL,
  fn: async () => {
    await withQueued(2, async (db, queued) => {
      const ids = queued.map((m) => m.id);
      const held = heldByTest(10, 5_000);
      // The routes cannot be read, say: nothing was delivered, the claim is rolled back.
      held.claim.deliver = () => Promise.reject(new Error("routes unreadable"));
      await assert.rejects(holdClaim(db, held.claim), /routes unreadable/);
      assert.equal(await held.claimed, 2);
      const rows = await trafficRows(db, ids);
      assert.deepEqual(
        rows.map((r) => [r.status, r.claimToken, r.updatedAt]),
        queued.map((m) => [0, null, m.updatedAt]),
      );
      // Unlocked and due at once: the next claim takes them.
      const again = await claimDue(db, 10, "token-b", 30);
      assert.deepEqual(again.map((r) => r.id).sort((x, y) => x - y), ids);

      // A late result of a claim whose transaction failed: neither claim's token is on the row,
      // so the lease path does not write it.
      const [{ n }] = await executeRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from push_traffic where claim_token = 'held-a'`,
      );
      assert.equal(n, 0);
      assert.equal(await writeResults(db, [deliveredResult(ids[0], "held-a")], "worker-a"), 0);
    });
  },
});

Deno.test({
  name: "[delivery] a result that comes while a held claim commits waits for the commit",
  ignore: !TEST_PG_URL,
  fn: async () => {
    await withQueued(1, async (db, [m]) => {
      // Another transaction keeps the hourly counts locked: the claim's lease (its update fires
      // their trigger) waits for it, between the hold and the commit.
      const locked = Promise.withResolvers<void>();
      const unlock = Promise.withResolvers<void>();
      const blocker = db.transaction(async (tx) => {
        await tx.execute(sql`lock table traffic_hourly_delta in access exclusive mode`);
        locked.resolve();
        await unlock.promise;
      });
      await locked.promise;
      const held = heldByTest(1, 100);
      const written = holdClaim(db, held.claim);
      try {
        await held.claimed;
        await new Promise((r) => setTimeout(r, 400)); // the hold is over; the lease waits
        held.deliveries.get(m.id)!.resolve(deliveredResult(m.id, "held-a"));
        await new Promise((r) => setTimeout(r, 50));
        // Written now, its update would find the row without the lease's token and leave it.
        assert.equal(held.late.length, 0, "held back until the commit");
      } finally {
        unlock.resolve();
        await blocker;
      }
      assert.deepEqual(await written, []);
      assert.deepEqual(held.late.map((r) => r.id), [m.id]);
      assert.equal(await writeResults(db, held.late, "worker-a"), 1);
      assert.equal((await trafficRows(db, [m.id]))[0].status, 4);
    });
  },
});
