/**
 * Demo seed, delivery histories: for each seeded push message, the rounds of attempts the delivery
 * engine would have recorded since the message was stored (docs/decisions/0015-delivery-engine.md),
 * on the default retry schedule, and the status, errors and counters that follow from them by the
 * engine's own rules: `settle` (outcome.ts) for routed messages, `localSettlement` (round.ts) for
 * DB, ACK and SMS. A message shown as delivered lists the attempt that delivered it, an error the
 * failed attempts with their reasons, a message still stored none (db/seed/demo/demo_test.ts replays
 * every seeded row to check it).
 */
import type { PushStatus } from "../../../openapi/enums.ts";
import {
  type Destination,
  destinationsOf,
  unavailableReason,
} from "../../../server/delivery/destinations.ts";
import { type RouteKind, settle, type Settlement } from "../../../server/delivery/outcome.ts";
import type { AttemptRecord } from "../../../server/delivery/queue/lease.ts";
import { localSettlement, skippedAttempt } from "../../../server/delivery/round.ts";
import { ROUTE_KIND_OF_TYPE } from "../../../server/delivery/batch_routes.ts";
import { DEFAULT_RETRY_SCHEDULE, parseSchedule } from "../../../server/delivery/schedule.ts";
import type { RouteRow } from "../../../server/delivery/transports/mod.ts";
import type { AttemptOutcome } from "../../../server/delivery/types.ts";
import type { Rng } from "./util.ts";

const SCHEDULE = parseSchedule(DEFAULT_RETRY_SCHEDULE);
/** DELIVERY_LEASE_SECONDS' default: how long the claim of an interrupted round lasts. */
const LEASE_MS = 60_000;
/** DELIVERY_TIMEOUT_MS' default: how long a timed-out attempt took. */
const TIMEOUT_MS = 10_000;
/** The worker named in the seeded attempts and claims. */
export const SEED_INSTANCE = "demo-seed";
/** Stands for the message id in an attempt's text until the message is inserted. */
export const ID_PLACEHOLDER = "{id}";

/** How a message's destinations behave throughout its history. */
type Behaviour = "healthy" | "flaky" | "down" | "rejecting" | "corrupting";

/** Where a recent message's history stops: nowhere, before the first round, in a round. */
export type Cut = "none" | "stored" | "inProgress";

interface DeliveryPlan {
  deliveryType: number;
  /** The message's route (routed delivery types); absent for DB, ACK and SMS. */
  route?: RouteRow;
  storedAt: Date;
  now: Date;
  /** The SMTP relay the demo's e-mail routes go through (host:port). */
  relay: string;
  /** The file extension of the route's conversion (FTP file names). */
  extension: string;
  cut: Cut;
}

export type SeededAttempt = AttemptRecord & { round: number };

/** The engine's columns of a push traffic row after the history, and the attempts it recorded. */
interface History {
  status: PushStatus;
  errorLabel: string | null;
  failureReason: string | null;
  pushDeliveryStatus: number | null;
  deliveryAttempts: number;
  pushDeliveryAttempts: number;
  retryStep: number;
  nextAttemptAt: Date | null;
  claimToken: string | null;
  updatedAt: Date;
  attempts: SeededAttempt[];
}

/** Share of each behaviour; rejecting needs a protocol that can refuse, corrupting FTP checks. */
function behaviourOf(rng: Rng, kind: RouteKind | undefined, route?: RouteRow): Behaviour {
  const verifies = route?.kind === "ftp" && route.row.ftpVerif === 1;
  return rng.weighted<Behaviour>([
    ["healthy", 84],
    ["flaky", 6],
    ["down", 4],
    ["rejecting", kind && kind !== "tcp" ? 4 : 0],
    ["corrupting", verifies ? 8 : 0],
  ].filter(([, w]) => (w as number) > 0) as [Behaviour, number][]);
}

/** The host:port of a destination (the demo's are all 127.0.0.1:port). */
const hostPort = (address: string) => /(\d+\.\d+\.\d+\.\d+:\d+)/.exec(address)?.[1] ?? address;

/**
 * The error text a transport gives for an attempt that did not deliver (transports/*.ts): `to` is
 * the destination (SMTP: the recipient), `at` the address dialled (SMTP: the relay).
 */
function failureText(
  rng: Rng,
  kind: RouteKind,
  outcome: AttemptOutcome,
  to: string,
  at: string,
): string {
  if (outcome === "corrupted") {
    const size = rng.int(300, 2000);
    return `Uploaded file size mismatch (expected ${size} bytes, got ${size - rng.int(1, 200)})`;
  }
  const texts: Record<RouteKind, Record<"failed" | "rejected", string[]>> = {
    tcp: {
      failed: [
        `Connection refused by ${at}`,
        `Connection to ${at} timed out after 10 s`,
        `Connection reset by ${at}`,
      ],
      rejected: [],
    },
    smtp: {
      failed: [
        "451 4.7.1 Greylisted, please try again later",
        "421 4.3.2 Service not available",
        `The SMTP relay ${at} did not answer within 30 s`,
      ],
      rejected: [
        `550 5.1.1 <${to}>: Recipient address rejected`,
        "552 5.3.4 Message size exceeds fixed limit",
      ],
    },
    ftp: {
      failed: [`425 Can't open data connection (${at})`, `Connection refused by ${at}`],
      rejected: [`550 Permission denied (${at})`, `553 Could not create file (${at})`],
    },
    ws: {
      failed: [`HTTP 503 from ${at}: Service Unavailable`, `${at} did not answer within 10 s`],
      rejected: [`HTTP 400 from ${at}: invalid payload`, `HTTP 401 from ${at}: invalid token`],
    },
  };
  return rng.pick(texts[kind][outcome as "failed" | "rejected"]);
}

/** What a delivered attempt keeps as its detail (transports/*.ts). */
function deliveredDetail(plan: DeliveryPlan, d: Destination): string | null {
  const route = plan.route!;
  switch (route.kind) {
    case "smtp":
      return "250 OK: message queued";
    case "ws":
      return "HTTP 200";
    case "ftp": {
      const dir = /^ftp:\/\/[^/]+(\/.*)?$/.exec(d.address)?.[1] ?? "/";
      const mode = route.row.ftpType === 0
        ? " (Active mode requested; delivered in passive mode)"
        : "";
      return `${dir}/${ID_PLACEHOLDER}.${plan.extension}${mode}`;
    }
    default:
      return null;
  }
}

function attemptOutcome(rng: Rng, behaviour: Behaviour): AttemptOutcome {
  switch (behaviour) {
    case "healthy":
      return rng.chance(0.97) ? "delivered" : "failed";
    case "flaky":
      return rng.chance(0.35) ? "delivered" : "failed";
    case "down":
      return "failed";
    case "rejecting":
      return "rejected";
    case "corrupting":
      return "corrupted";
  }
}

/** One round of a routed message from `start`: its destinations in order, as round.ts tries them. */
function routedRound(rng: Rng, plan: DeliveryPlan, behaviour: Behaviour, start: number) {
  const route = plan.route!;
  const destinations = destinationsOf(route);
  const attempts: AttemptRecord[] = [];
  let t = start;
  for (const d of destinations) {
    if (d.skip) {
      attempts.push(skippedAttempt(d, new Date(t)));
      continue;
    }
    const outcome = attemptOutcome(rng, behaviour);
    const error = outcome === "delivered" ? deliveredDetail(plan, d) : failureText(
      rng,
      route.kind,
      outcome,
      d.address,
      route.kind === "smtp" ? plan.relay : hostPort(d.address),
    );
    const durationMs = /timed out|did not answer/.test(error ?? "")
      ? TIMEOUT_MS * (route.kind === "smtp" ? 3 : 1)
      : outcome === "failed" && /refused/.test(error ?? "")
      ? rng.int(1, 3)
      : rng.int(4, 180);
    attempts.push({
      at: new Date(t),
      target: d.target,
      destination: d.address,
      outcome,
      error,
      durationMs,
    });
    t += durationMs;
    if (outcome === "delivered") break;
  }
  const tried = attempts.some((a) => a.outcome !== "skipped");
  return {
    attempts,
    end: t,
    unavailable: tried ? undefined : unavailableReason(destinations),
  };
}

/** The counters a round adds: destinations dialled (not skipped, not refused). */
const dialled = (attempts: readonly AttemptRecord[]) =>
  attempts.filter((a) => a.outcome !== "skipped" && a.outcome !== "refused").length;

/** Claimed at `start` by a worker that never finished the round (a crash): due when the lease ends. */
const inProgress = (h: History, start: number): History => ({
  ...h,
  status: 1,
  claimToken: SEED_INSTANCE,
  nextAttemptAt: new Date(start + LEASE_MS),
  updatedAt: new Date(start),
});

/** The delivery history of one message, as the engine would have recorded it by `plan.now`. */
export function deliveryHistory(rng: Rng, plan: DeliveryPlan): History {
  const kind = ROUTE_KIND_OF_TYPE[plan.deliveryType];
  const behaviour = behaviourOf(rng, kind, plan.route);
  const now = plan.now.getTime();
  const h: History = {
    status: 0,
    errorLabel: null,
    failureReason: null,
    pushDeliveryStatus: null,
    deliveryAttempts: 0,
    pushDeliveryAttempts: 0,
    retryStep: 0,
    // Received: stored, due at once (ingest.ts).
    nextAttemptAt: plan.storedAt,
    claimToken: null,
    updatedAt: plan.storedAt,
    attempts: [],
  };
  if (plan.cut === "stored") return h;
  // An interrupted message is claimed at the start of one of its rounds and left there.
  const interruptAt = plan.cut === "inProgress" ? rng.int(0, 2) : Infinity;
  let due = plan.storedAt.getTime() + SCHEDULE[0] * 1000;
  for (let round = 0;; round++) {
    const start = due + rng.int(20, 900); // the worker's pick-up
    if (start > now) return h; // not due yet: waits in the queue as it is
    if (round >= interruptAt) return inProgress(h, start);
    let settlement: Settlement, attempts: AttemptRecord[], end: number;
    if (kind && plan.route) {
      const r = routedRound(rng, plan, behaviour, start);
      settlement = settle({
        kind,
        attempts: r.attempts,
        unavailable: r.unavailable,
        retryStep: h.retryStep,
        schedule: SCHEDULE,
      });
      ({ attempts, end } = r);
      // Still running at `now`: the message is in progress, its claim held.
      if (end > now) return inProgress(h, start);
    } else {
      ({ settlement, attempts } = localSettlement(plan.deliveryType, h.retryStep, new Date(start)));
      end = start;
    }
    h.attempts.push(...attempts.map((a) => ({ ...a, round: round + 1 })));
    Object.assign(h, {
      status: settlement.status,
      errorLabel: settlement.errorLabel,
      failureReason: settlement.failureReason,
      pushDeliveryStatus: settlement.pushDeliveryStatus,
      retryStep: settlement.retryStep,
      deliveryAttempts: h.deliveryAttempts + dialled(attempts),
      pushDeliveryAttempts: round + 1,
      updatedAt: new Date(end),
      nextAttemptAt: settlement.delaySeconds === null
        ? null
        : new Date(end + settlement.delaySeconds * 1000),
    });
    if (h.nextAttemptAt === null) return h;
    due = h.nextAttemptAt.getTime();
  }
}
