/**
 * One round of one claimed message: its route's destinations in order (primary, then backup),
 * stopping at the first that takes it, each attempt recorded; then the outcome (outcome.ts)
 * as a result for the claim or the writer (queue/). Messages of the local delivery types (DB,
 * ACK, SMS) end here without a transport.
 */
import { DELIVERY_TYPES } from "../../openapi/enums.ts";
import { convert } from "./convert.ts";
import { type Destination, destinationsOf, skipError, unavailableReason } from "./destinations.ts";
import { delivered, finalError, type RouteKind, settle, type Settlement } from "./outcome.ts";
import type { AttemptRecord, ClaimedRow, MessageResult } from "./queue/lease.ts";
import { ROUTE_KIND_OF_TYPE, routeTypeOf } from "./batch_routes.ts";
import type { DestinationSlots } from "./limits/slots.ts";
import { after } from "./limits/timers.ts";
import type { RouteRow, Transports } from "./transports/mod.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "./types.ts";

export interface RoundDeps {
  transports: Transports;
  ctx: TransportContext;
  slots: DestinationSlots;
  schedule: readonly number[];
  /** A transport call that has not settled after this long counts as failed (a last guard). */
  guardMs: number;
}

/** Delivery types that need no route: DB is polled by the customer, ACK goes to the LES. */
const LOCAL_DELIVERIES: Partial<Record<number, string>> = {
  2: "Stored for polling",
  5: "Acknowledged to the LES",
};
const SMS = 6;

const errorText = (e: unknown) => e instanceof Error ? e.message : String(e);

/** Destinations actually connected to (skipped and refused ones never are). */
function dialledCount(attempts: readonly AttemptRecord[]): number {
  let n = 0;
  for (const a of attempts) if (a.outcome !== "skipped" && a.outcome !== "refused") n++;
  return n;
}

/** The result that writes `settlement` after a full round. */
export function settled(
  row: ClaimedRow,
  token: string,
  settlement: Settlement,
  attempts: AttemptRecord[],
): MessageResult {
  // Field by field, not spread: a result is built for every message (issue 41).
  return {
    id: row.id,
    token,
    status: settlement.status,
    delaySeconds: settlement.delaySeconds,
    retryStep: settlement.retryStep,
    errorLabel: settlement.errorLabel,
    failureReason: settlement.failureReason,
    pushDeliveryStatus: settlement.pushDeliveryStatus,
    dialled: dialledCount(attempts),
    rounds: 1,
    round: row.pushDeliveryAttempts + 1,
    attempts,
  };
}

/**
 * The message goes back to the queue as it was (its previous status, due in `delaySeconds`), no
 * round counted: its destination was saturated, or the engine stopped. Attempts already made in
 * the round are still recorded and counted.
 */
export function handBack(
  row: ClaimedRow,
  token: string,
  delaySeconds: number,
  attempts: AttemptRecord[] = [],
): MessageResult {
  return {
    id: row.id,
    token,
    status: row.previousStatus,
    delaySeconds,
    retryStep: row.retryStep,
    errorLabel: row.errorLabel,
    failureReason: row.failureReason,
    pushDeliveryStatus: row.pushDeliveryStatus,
    dialled: dialledCount(attempts),
    rounds: 0,
    round: row.pushDeliveryAttempts + 1,
    attempts,
  };
}

/**
 * How a round of a local delivery type ends (pure): DB and ACK are delivered at once, with one
 * "local" attempt; SMS (no gateway) and an unknown type end in a final error without one. The
 * demo seed (db/seed/demo/deliveries.ts) records its histories with this too.
 */
export function localSettlement(
  type: number,
  retryStep: number,
  at: Date,
): { settlement: Settlement; attempts: AttemptRecord[] } {
  const detail = LOCAL_DELIVERIES[type];
  if (detail) {
    const attempt: AttemptRecord = {
      at,
      target: "local",
      destination: DELIVERY_TYPES[type as keyof typeof DELIVERY_TYPES],
      outcome: "delivered",
      error: detail,
      durationMs: 0,
    };
    return { settlement: delivered(retryStep), attempts: [attempt] };
  }
  const settlement = type === SMS
    ? finalError("No SMS gateway is configured", "No SMS gateway", retryStep)
    : finalError(`Unknown delivery type ${type}`, "No route", retryStep);
  return { settlement, attempts: [] };
}

function localRound(row: ClaimedRow, token: string, type: number): MessageResult {
  const { settlement, attempts } = localSettlement(type, row.retryStep, new Date());
  return settled(row, token, settlement, attempts);
}

/** The record of a locked or inactive destination: listed in the round, never dialled. */
export const skippedAttempt = (d: Destination, at: Date): AttemptRecord => ({
  at,
  target: d.target,
  destination: d.address,
  outcome: "skipped",
  error: skipError(d),
  durationMs: 0,
});

function noRoute(row: ClaimedRow, kind: RouteKind): string {
  const name = kind.toUpperCase();
  const tgid = row.tgidId ?? "(none)";
  return row.routagePushId === null
    ? `No ${name} route for tgid ${tgid}`
    : `No ${name} route ${row.routagePushId} for tgid ${tgid}`;
}

/**
 * One transport call (`call`), its failure turned into a result whatever happens (throw, or no
 * answer in time): `failed(result)` makes the call's answer of a failure.
 */
export async function guarded<T>(
  deps: RoundDeps,
  address: string,
  call: () => Promise<T>,
  failed: (result: TransportResult) => T,
): Promise<T> {
  let cancel = () => {};
  const guard = new Promise<T>((resolve) => {
    cancel = after(deps.guardMs, () =>
      resolve(failed({
        outcome: "failed",
        error: `Delivery to ${address} did not finish within ${deps.guardMs / 1000} s`,
      })));
  });
  try {
    return await Promise.race([call(), guard]);
  } catch (e) {
    return failed({ outcome: "failed", error: errorText(e) });
  } finally {
    cancel();
  }
}

/** `route`'s conversion of `row`, or the result of a message it cannot convert. */
export function converted(
  row: ClaimedRow,
  token: string,
  route: RouteRow,
): OutgoingMessage | MessageResult {
  try {
    return convert(route.row.conversion, row);
  } catch (e) {
    const label = `Conversion ${route.row.conversion} failed: ${errorText(e)}`;
    return settled(row, token, finalError(label, "Conversion failed", row.retryStep), []);
  }
}

/** The record of an attempt that began `at`, `t0` by performance.now(). */
export const attemptRecord = (
  d: Destination,
  result: TransportResult,
  at: Date,
  t0: number,
): AttemptRecord => ({
  at,
  target: d.target,
  destination: d.address,
  outcome: result.outcome,
  // A delivered attempt keeps the transport's detail (e.g. FTP's passive mode) here.
  error: result.outcome === "delivered" ? result.detail ?? null : result.error,
  durationMs: Math.round(performance.now() - t0),
});

/**
 * Delivers one claimed message (`route` absent: it has none) and answers what to write. `tried`:
 * the round's attempts already made (the batched round's, round_batch.ts): it goes on with the
 * route's next destinations.
 */
export async function deliverRound(
  deps: RoundDeps,
  row: ClaimedRow,
  token: string,
  route: RouteRow | undefined,
  tried: readonly AttemptRecord[] = [],
): Promise<MessageResult> {
  const type = routeTypeOf(row);
  const kind = ROUTE_KIND_OF_TYPE[type];
  if (!kind) return localRound(row, token, type);
  if (!route) {
    return settled(row, token, finalError(noRoute(row, kind), "No route", row.retryStep), []);
  }
  const msg = converted(row, token, route);
  if (!("body" in msg)) return msg;
  const destinations = destinationsOf(route);
  const attempts: AttemptRecord[] = [...tried];
  for (const d of destinations.slice(tried.length)) {
    if (d.skip) {
      attempts.push(skippedAttempt(d, new Date()));
      continue;
    }
    if (!await deps.slots.acquire(d.address)) return handBack(row, token, 1, attempts);
    const at = new Date();
    const t0 = performance.now();
    let result: TransportResult;
    try {
      result = await guarded(
        deps,
        d.address,
        () => deps.transports.deliver(route, d.target, d.address, msg, deps.ctx),
        (failure) => failure,
      );
    } finally {
      deps.slots.release(d.address);
    }
    // Stopping: an attempt cut short goes back to the queue for another worker, now.
    if (deps.ctx.signal.aborted && result.outcome !== "delivered") {
      return handBack(row, token, 0, attempts);
    }
    attempts.push(attemptRecord(d, result, at, t0));
    if (result.outcome === "delivered") break;
  }
  return roundEnd(deps, row, token, kind, destinations, attempts);
}

/** The result of a round that made `attempts` (skipped destinations included). */
function roundEnd(
  deps: RoundDeps,
  row: ClaimedRow,
  token: string,
  kind: RouteKind,
  destinations: readonly Destination[],
  attempts: AttemptRecord[],
): MessageResult {
  const tried = attempts.some((a) => a.outcome !== "skipped");
  return settled(
    row,
    token,
    settle({
      kind,
      attempts,
      unavailable: tried ? undefined : unavailableReason(destinations),
      retryStep: row.retryStep,
      schedule: deps.schedule,
    }),
    attempts,
  );
}
