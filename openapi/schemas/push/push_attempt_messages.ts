/**
 * The delivery attempts' words (zod-free, so the 'Show All' dialog carries no schema code): the
 * targets and outcomes the delivery engine records (server/delivery/types.ts), the
 * dialog's section texts and how often it refreshes. docs/decisions/0015-delivery-engine.md.
 */

import { liveTitle } from "../../events.ts";

/** At most this many attempts in one answer (newest first). */
export const MAX_ATTEMPTS_SHOWN = 200;

/** While a message is in one of these statuses (Stored, In progress, In relay, Delivery
 * Scheduled) it is not final: the dialog and the overview keep refreshing. */
export const PENDING_PUSH_STATUSES: readonly number[] = [0, 1, 2, 8];

/** The live views (push traffic overview, 'Show All' dialog) poll this often while the tab has no event stream. */
export const LIVE_REFRESH_MS = 2_000;

/** Where an attempt went (ATTEMPT_TARGETS). */
export const ATTEMPT_TARGET_LABELS: Record<string, string> = {
  primary: "Primary",
  backup: "Backup",
  relay: "SMTP relay",
  local: "Local",
};

/** How an attempt ended (ATTEMPT_OUTCOMES). */
export const ATTEMPT_OUTCOME_LABELS: Record<string, string> = {
  delivered: "Delivered",
  failed: "Failed (retried)",
  rejected: "Rejected",
  corrupted: "Corrupted (verify failed)",
  refused: "Refused (not allowed)",
  skipped: "Skipped (locked or inactive)",
};

/**
 * The badge class of an outcome (app.css `.status`): delivered reads as a success, a skip (the
 * route locked or inactive) as waiting, every other outcome as a failure.
 */
export const attemptOutcomeClass = (outcome: string) =>
  outcome === "delivered" ? "success" : outcome === "skipped" ? "pending" : "danger";

export const ATTEMPT_TEXTS = {
  section: "Delivery attempts",
  loading: "the delivery attempts",
  none: "No delivery attempts yet.",
  nextAttempt: (at: string) => `Next attempt at ${at} (UTC)`,
  more: (n: number) => `The ${n} most recent attempts are shown.`,
  live: "Live",
  liveTitle: liveTitle(LIVE_REFRESH_MS),
  columns: {
    at: "Time (UTC)",
    round: "Round",
    destination: "Destination",
    outcome: "Outcome",
    // The attempt's `error` field: the destination's reply when delivered ("250 OK", "HTTP 200",
    // the stored file's path), what went wrong otherwise.
    reply: "Reply or error",
    duration: "Duration",
  },
  duration: (ms: number) => ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`,
} as const;

/** "Primary 10.0.0.1:5000", or the address alone for a target without a label. */
export const attemptDestination = (target: string, destination: string) =>
  [ATTEMPT_TARGET_LABELS[target] ?? target, destination].filter(Boolean).join(" ");
