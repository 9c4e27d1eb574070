/**
 * The batched round (issue 41, docs/decisions/0025-delivery-speed.md): a claim's messages for one
 * TCP route whose primary destination is active go to it together — one destination slot, one
 * guarded transport call for the lot (transports/tcp.ts `deliverMany`: parsed and admitted
 * once, a connection's share of the frames in one write) — and each is recorded as round.ts
 * records it: its attempt, its result. A message the primary did not take goes on alone from the
 * route's next destination (round.ts). Every other message takes round.ts's path alone.
 */
import { destinationsOf } from "./destinations.ts";
import { delivered } from "./outcome.ts";
import type { AttemptRecord, ClaimedRow, MessageResult } from "./queue/lease.ts";
import {
  attemptRecord,
  converted,
  deliverRound,
  guarded,
  handBack,
  type RoundDeps,
  settled,
} from "./round.ts";
import { ROUTE_KIND_OF_TYPE, routeTypeOf } from "./batch_routes.ts";
import type { RouteRow } from "./transports/mod.ts";
import type { OutgoingMessage, TransportResult } from "./types.ts";

/** Messages of a claim that go to one TCP route's primary together. */
interface Batch {
  route: RouteRow;
  rows: ClaimedRow[];
}

/**
 * The claim's batches (one a TCP route with an active primary, when the transports deliver
 * several at once) and the messages delivered alone.
 */
export function batchesOf(
  deps: RoundDeps,
  rows: readonly ClaimedRow[],
  routes: ReadonlyMap<number, RouteRow>,
): { batches: Batch[]; alone: ClaimedRow[] } {
  /** Each TCP route's batch, or null when its primary is not active. */
  const byRoute = new Map<number, Batch | null>();
  const alone: ClaimedRow[] = [];
  for (const row of rows) {
    const route = routes.get(row.id);
    if (
      !route || route.kind !== "tcp" || ROUTE_KIND_OF_TYPE[routeTypeOf(row)] !== "tcp" ||
      !deps.transports.deliverMany
    ) {
      alone.push(row);
      continue;
    }
    let batch = byRoute.get(route.row.id);
    if (batch === undefined) {
      const first = destinationsOf(route)[0];
      batch = first?.target === "primary" && !first.skip ? { route, rows: [] } : null;
      byRoute.set(route.row.id, batch);
    }
    if (batch) batch.rows.push(row);
    else alone.push(row);
  }
  return { batches: [...byRoute.values()].filter((b) => b !== null), alone };
}

/** Delivers a batch (batchesOf) and answers each message's result. */
export async function deliverBatch(
  deps: RoundDeps,
  batch: Batch,
  token: string,
): Promise<MessageResult[]> {
  const { route } = batch;
  const primary = destinationsOf(route)[0];
  const results: MessageResult[] = [];
  const rows: ClaimedRow[] = [];
  const msgs: OutgoingMessage[] = [];
  for (const row of batch.rows) {
    const msg = converted(row, token, route);
    if ("body" in msg) {
      rows.push(row);
      msgs.push(msg);
    } else results.push(msg);
  }
  if (!rows.length) return results;
  if (!await deps.slots.acquire(primary.address)) {
    for (const row of rows) results.push(handBack(row, token, 1));
    return results;
  }
  const at = new Date();
  const t0 = performance.now();
  let outcomes: TransportResult[];
  try {
    outcomes = await guarded(
      deps,
      primary.address,
      () => deps.transports.deliverMany!(route, "primary", primary.address, msgs, deps.ctx),
      (failure) => msgs.map(() => failure),
    );
  } finally {
    deps.slots.release(primary.address);
  }
  // Messages with the same result (a connection's share; every delivered one) share one attempt
  // record: the batch's start, destination and duration.
  let last: TransportResult | undefined;
  let attempts: AttemptRecord[] = [];
  const onward: Promise<MessageResult>[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const outcome = outcomes[i];
    if (outcome !== last) {
      last = outcome;
      attempts = [attemptRecord(primary, outcome, at, t0)];
    }
    if (outcome.outcome === "delivered") {
      results.push(settled(row, token, delivered(row.retryStep), attempts));
    } else if (deps.ctx.signal.aborted) {
      // Stopping: an attempt cut short goes back to the queue for another worker, now.
      results.push(handBack(row, token, 0));
    } else {
      onward.push(deliverRound(deps, row, token, route, attempts));
    }
  }
  if (onward.length) results.push(...await Promise.all(onward));
  return results;
}
