/**
 * How a round ends for its message (pure): the push traffic status, when the message is due
 * again, and the words the traffic screens show (docs/decisions/0015-delivery-engine.md,
 * "Statuses"). `failureReason` is short ("Timeout"), `errorLabel` the full text.
 */
import type { PushStatus } from "../../openapi/enums.ts";
import type { AttemptOutcome } from "./types.ts";
import { retryDelay } from "./schedule.ts";

export type RouteKind = "tcp" | "ftp" | "ws" | "smtp";

/** What the engine writes on the message after a round. */
export interface Settlement {
  status: PushStatus;
  /** Seconds until the message is due again; null: nothing left to do. */
  delaySeconds: number | null;
  retryStep: number;
  errorLabel: string | null;
  failureReason: string | null;
  /** push_delivery_status: 1 delivered, 0 failed. */
  pushDeliveryStatus: number;
}

export interface RoundInput {
  kind: RouteKind;
  /** The round's attempts in order, skipped destinations included. */
  attempts: readonly { outcome: AttemptOutcome; error: string | null }[];
  /** Why nothing could be tried (every destination locked or inactive), when that is so. */
  unavailable?: string;
  /** The message's retry step before this round (0 for the first attempt). */
  retryStep: number;
  schedule: readonly number[];
}

/** Delivered: the error of earlier rounds is cleared. */
export function delivered(retryStep: number): Settlement {
  return {
    status: 4,
    delaySeconds: null,
    retryStep,
    errorLabel: null,
    failureReason: null,
    pushDeliveryStatus: 1,
  };
}

/** A final error that no retry can mend (no route, not allowed, no SMS gateway). */
export function finalError(
  errorLabel: string,
  failureReason: string,
  retryStep: number,
  status: PushStatus = 3,
): Settlement {
  return {
    status,
    delaySeconds: null,
    retryStep,
    errorLabel,
    failureReason,
    pushDeliveryStatus: 0,
  };
}

/** The short reason of a transient failure's error text. */
function failureReasonOf(outcome: AttemptOutcome, error: string): string {
  switch (outcome) {
    case "rejected":
      return "Rejected by destination";
    case "corrupted":
      return "Corrupted transfer";
    case "refused":
      return "Not allowed";
    default:
      if (/timed out|timeout/i.test(error)) return "Timeout";
      if (/refused/i.test(error)) return "Connection refused";
      if (/certificate|tls|ssl/i.test(error)) return "TLS error";
      return "Delivery failed";
  }
}

export function settle(input: RoundInput): Settlement {
  const { kind, retryStep, schedule } = input;
  const tried = input.attempts.filter((a) => a.outcome !== "skipped");
  if (tried.some((a) => a.outcome === "delivered")) return delivered(retryStep);

  // Every tried destination is forbidden by the egress policy: never retried.
  if (tried.length && tried.every((a) => a.outcome === "refused")) {
    return finalError(tried[0].error ?? "Destination not allowed", "Not allowed", retryStep);
  }
  const dialled = tried.filter((a) => a.outcome !== "refused");
  const last = dialled.at(-1);
  // Every destination that answered refused the message for good: retrying cannot help.
  if (dialled.length && dialled.every((a) => a.outcome === "rejected")) {
    return finalError(last?.error ?? "Rejected", "Rejected by destination", retryStep, 5);
  }
  const errorLabel = last?.error ?? input.unavailable ?? "No destination available";
  const reason = last ? failureReasonOf(last.outcome, errorLabel) : "No destination available";
  const step = retryStep + 1;
  const delay = retryDelay(schedule, step);
  if (delay !== null) {
    return {
      status: 8,
      delaySeconds: delay,
      retryStep: step,
      errorLabel,
      failureReason: reason,
      pushDeliveryStatus: 0,
    };
  }
  // The schedule is used up: the final status says what kind of failure it was.
  if (last?.outcome === "corrupted") return finalError(errorLabel, reason, step, 6);
  if (kind === "smtp") return finalError(errorLabel, "Queue frozen", step, 7);
  return finalError(errorLabel, reason, step, 3);
}
