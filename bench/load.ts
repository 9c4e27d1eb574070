/**
 * The load generator: `workers` concurrent loops, each doing sequential keep-alive fetches over
 * one shared HTTP client, for a warm-up and then a measured window. Every request that starts
 * inside the window is timed with performance.now(); rps counts them over the time from the
 * window's start to the last one's end.
 */
export interface Phase {
  warmupMs: number;
  windowMs: number;
}

export interface Target {
  name: string;
  url: string;
  workers: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  workers: number;
  requests: number;
  /** Non-2xx answers plus failed fetches. */
  errors: number;
  statuses: Record<string, number>;
  firstError?: string;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** No worker issues more than this many requests, whatever the window. */
const MAX_REQUESTS_PER_WORKER = 2_000_000;
/** Requests still running this long after the window are aborted (and counted as errors). */
const GRACE_MS = 30_000;

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function load(target: Target, phase: Phase): Promise<LoadResult> {
  const client = Deno.createHttpClient({ poolMaxIdlePerHost: target.workers });
  const abort = AbortSignal.timeout(phase.warmupMs + phase.windowMs + GRACE_MS);
  const init: RequestInit = {
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    client,
    signal: abort,
  } as RequestInit;
  const measureFrom = performance.now() + phase.warmupMs;
  const end = measureFrom + phase.windowMs;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0, lastDone = measureFrom, firstError: string | undefined;

  const worker = async () => {
    for (let i = 0; i < MAX_REQUESTS_PER_WORKER; i++) {
      const t0 = performance.now();
      if (t0 >= end) return;
      let status: string;
      try {
        const res = await fetch(target.url, init);
        const body = await res.arrayBuffer(); // read to the end so the connection is reused
        status = String(res.status);
        if (!res.ok) firstError ??= `${status} ${new TextDecoder().decode(body).slice(0, 300)}`;
      } catch (e) {
        status = "fetch failed";
        firstError ??= String(e);
      }
      const t1 = performance.now();
      if (t0 < measureFrom) continue;
      latencies.push(t1 - t0);
      lastDone = Math.max(lastDone, t1);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (!status.startsWith("2")) errors++;
    }
  };
  try {
    await Promise.all(Array.from({ length: target.workers }, worker));
  } finally {
    client.close();
  }

  const sorted = Float64Array.from(latencies).sort();
  const seconds = (lastDone - measureFrom) / 1000;
  return {
    name: target.name,
    workers: target.workers,
    requests: sorted.length,
    errors,
    statuses,
    firstError,
    seconds,
    rps: seconds > 0 ? sorted.length / seconds : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}
