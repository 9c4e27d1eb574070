/**
 * What every transport does before it connects: split the destination, ask the egress policy
 * (which resolves names once), record the dial. Also the shared wording of network failures.
 */
import { resolveAllowed } from "../egress.ts";
import { after } from "../limits/timers.ts";
import type { EgressPolicy } from "../types.ts";

/** "host:port", "[v6]:port"; null when malformed. */
export function parseHostPort(address: string): { host: string; port: number } | null {
  const match = /^\s*(\[[^\]]+\]|[^:\s]+):(\d{1,5})\s*$/.exec(address);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1].replace(/^\[(.*)\]$/, "$1"), port };
}

/** "10 s", "0.5 s". */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** ip:port as dialled ([v6]:port). */
export const endpoint = (ip: string, port: number) =>
  ip.includes(":") ? `[${ip}]:${port}` : `${ip}:${port}`;

/**
 * Resolves `host` under the policy; when allowed, records the dial of ip:port and returns the
 * IP to connect to. A refusal is the attempt's result, "refused", and nothing was dialled.
 */
export async function admit(
  host: string,
  port: number,
  egress: EgressPolicy,
): Promise<{ ok: true; ip: string } | { ok: false; error: string }> {
  const resolution = await resolveAllowed(host, egress);
  if (!resolution.ok) return { ok: false, error: `Destination refused: ${resolution.reason}` };
  egress.dialled(endpoint(resolution.address, port));
  return { ok: true, ip: resolution.address };
}

/** A readable sentence for a socket-level error against `where` (ip:port). */
export function networkError(error: unknown, where: string): string {
  const e = error as { code?: string; message?: string };
  switch (e?.code) {
    case "ECONNREFUSED":
      return `Connection refused by ${where}`;
    case "ECONNRESET":
      return `Connection reset by ${where}`;
    case "EPIPE":
      return `Connection closed by ${where}`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${where} is unreachable`;
  }
  return e?.message ? `${e.message} (${where})` : `Delivery to ${where} failed`;
}

/** Thrown by transports for an error whose message is already the attempt's error. */
export class AttemptError extends Error {
  constructor(message: string, readonly outcome: "failed" | "rejected" = "failed") {
    super(message);
  }
}

/**
 * Runs `work` with a deadline: after `ms` (or when `signal` aborts) `onExpire` is called and the
 * promise rejects with `message` (or "Delivery stopped").
 */
export function deadline<T>(
  work: Promise<T>,
  ms: number,
  message: string,
  signal?: AbortSignal,
  onExpire?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = (why: string) => {
      cleanup();
      onExpire?.();
      reject(new AttemptError(why));
    };
    const cancel = after(ms, () => stop(message));
    const onAbort = () => stop("Delivery stopped");
    const cleanup = () => {
      cancel();
      signal?.removeEventListener("abort", onAbort);
    };
    if (signal?.aborted) return stop("Delivery stopped");
    signal?.addEventListener("abort", onAbort, { once: true });
    work.then((v) => {
      cleanup();
      resolve(v);
    }, (e) => {
      cleanup();
      reject(e);
    });
  });
}
