/**
 * The delivery engine's shared vocabulary (docs/decisions/0015-delivery-engine.md). The queue
 * (queue/) hands claimed push traffic messages to the engine (engine.ts), which converts each
 * (convert.ts), picks its route's destinations (destinations.ts) and calls the transport of the
 * route's kind (transports/*.ts). Every transport checks the egress policy (egress.ts) before it
 * dials, so a refused destination is never connected to.
 */
import type { pushTraffic } from "../../db/schema/mod.ts";

/**
 * The columns of push traffic a delivery reads: a held claim selects these only (queue/held.ts),
 * since the worker parses each column of each message it claims (issue 41).
 */
export const DELIVERY_COLUMNS = [
  "id",
  "tgidId",
  "dnid",
  "les",
  "lesCStoredTime",
  "deliveryType",
  "protocol",
  "content",
  "routagePushId",
  "routageType",
  "retryStep",
  "errorLabel",
  "failureReason",
  "pushDeliveryStatus",
  "pushDeliveryAttempts",
] as const;

export type PushRow = typeof pushTraffic.$inferSelect;

/** A push traffic message as a delivery reads it. */
export type DeliveryRow = Pick<PushRow, typeof DELIVERY_COLUMNS[number]>;

/** A message as the transports see it: the converted payload and what identifies it. */
export interface OutgoingMessage {
  /** The push traffic id: the stable message id carried in every delivery (duplicates share it). */
  id: number;
  tgidId: number | null;
  dnid: number | null;
  les: number | null;
  protocol: number;
  storedAt: Date;
  /** The payload after the route's conversion (0–5). */
  body: Uint8Array;
  /** text/plain, application/xml, text/csv … */
  contentType: string;
  /** File extension for FTP uploads and attachments: txt, xml, csv, vms. */
  extension: string;
}

/** Where an attempt went: one of the route's two destinations, the SMTP relay, or local. */
const ATTEMPT_TARGETS = ["primary", "backup", "relay", "local"] as const;
export type AttemptTarget = typeof ATTEMPT_TARGETS[number];

/**
 * How an attempt ended. delivered; failed (transient: timeout, refused connection, 4xx SMTP,
 * 5xx HTTP — retried); rejected (the destination refused the message for good: 5xx SMTP, 4xx
 * HTTP, FTP permission); corrupted (FTP verify-after-upload found another size); refused (the
 * egress policy forbids the destination — never dialled, never retried); skipped (locked or
 * inactive destination, not tried).
 */
const ATTEMPT_OUTCOMES = [
  "delivered",
  "failed",
  "rejected",
  "corrupted",
  "refused",
  "skipped",
] as const;
export type AttemptOutcome = typeof ATTEMPT_OUTCOMES[number];

/** What a transport answers for one attempt. */
export type TransportResult =
  | { outcome: "delivered"; detail?: string }
  | { outcome: "failed" | "rejected" | "corrupted" | "refused"; error: string };

/** Settings every transport call gets. */
export interface TransportContext {
  /** Aborted when the engine stops; transports close their sockets. */
  signal: AbortSignal;
  /** Each connect, write and read times out after this many milliseconds. */
  timeoutMs: number;
  egress: EgressPolicy;
}

/** The egress policy (egress.ts builds it from DELIVERY_ALLOW and DELIVERY_PUBLIC). */
export interface EgressPolicy {
  /** CIDR ranges allowed even though private, loopback, link-local or metadata. */
  allowNetworks: string[];
  /** Host names allowed as they are (resolved, then not checked against the ranges). */
  allowHosts: string[];
  /** Whether public addresses may be dialled. */
  allowPublic: boolean;
  /**
   * Counts each dial by address (ip:port), so tests can prove a refused destination was never
   * dialled. Transports call `egress.dialled(address)` right before they connect.
   */
  dialled(address: string): void;
}
