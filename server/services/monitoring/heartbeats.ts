/**
 * The heartbeats of the portal's own services (table service_heartbeats; docs/decisions/0014
 * "Live figures"): each running instance upserts its service's row — the last tick, the last
 * tick that moved something, how much it moved since it started, its last error. The LES clock
 * beats for service 'les' (server/start.ts); GET /rest/monitoring/services reads the rows.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { serviceHeartbeats } from "../../../db/schema/mod.ts";
import type { OnTick } from "../../station/clock.ts";

/** A quiet service writes a beat at most this often; work and failures beat at once. */
const BEAT_EVERY_MS = 5_000;
/** The longest error text kept. */
const ERROR_CHARS = 500;

interface Beat {
  implementation: string;
  instance: string;
  startedAt: Date;
  /** Items moved on since the last beat written. */
  moved: number;
  /** The failure of the tick, when it failed. */
  error?: unknown;
  now?: Date;
}

/** This process: host and pid, where the platform has them (not on Deno Deploy). */
export function currentInstance(): string {
  let host = "deno";
  try {
    host = Deno.hostname?.() || host;
  } catch {
    // No --allow-sys, or a platform without a hostname.
  }
  return `${host}:${typeof Deno.pid === "number" ? Deno.pid : 0}`;
}

const errorText = (e: unknown) =>
  (e instanceof Error ? e.message : String(e)).slice(0, ERROR_CHARS) || "unknown error";

/**
 * Upserts `service`'s row: the beat is now; work moves lastWorkAt and adds to processed; a new
 * instance (another instance or start time) starts processed and lastWorkAt afresh; an error is
 * kept with its time until the next error, whichever instance hit it.
 */
export async function recordBeat(db: Db, service: string, beat: Beat): Promise<void> {
  const h = serviceHeartbeats;
  const now = beat.now ?? new Date();
  const moved = Math.max(0, Math.trunc(beat.moved));
  const failed = beat.error !== undefined;
  const same = sql`(${h.instance} = excluded.instance and ${h.startedAt} = excluded.started_at)`;
  await db.insert(h).values({
    service,
    implementation: beat.implementation,
    instance: beat.instance,
    startedAt: beat.startedAt,
    lastBeatAt: now,
    lastWorkAt: moved > 0 ? now : null,
    processed: moved,
    lastError: failed ? errorText(beat.error) : null,
    lastErrorAt: failed ? now : null,
  }).onConflictDoUpdate({
    target: h.service,
    set: {
      implementation: sql`excluded.implementation`,
      instance: sql`excluded.instance`,
      startedAt: sql`excluded.started_at`,
      lastBeatAt: sql`excluded.last_beat_at`,
      lastWorkAt: moved > 0
        ? sql`excluded.last_work_at`
        : sql`case when ${same} then ${h.lastWorkAt} end`,
      processed: sql`case when ${same} then ${h.processed} else 0 end + excluded.processed`,
      ...(failed
        ? { lastError: sql`excluded.last_error`, lastErrorAt: sql`excluded.last_error_at` }
        : {}),
    },
  });
}

/** A service loop's tick callback that records beats; `flush` waits for the write under way. */
type BeatTick = OnTick & { flush(): Promise<void> };

/**
 * Decides which ticks write a beat: one that moved something or failed, or the first after
 * `everyMs` of quiet; the others only add up what they moved. The write is started, never
 * awaited, so a slow or hanging database never holds up the caller's loop; while one is under
 * way, later ticks add their moved count and error to the next beat. A failing write is logged
 * and what it carried (count and error) goes with the next beat; it never throws into the loop.
 */
export function beatThrottle(
  write: (moved: number, error: unknown, now: Date) => Promise<void>,
  opts: { everyMs?: number; clock?: () => Date } = {},
): BeatTick {
  const everyMs = opts.everyMs ?? BEAT_EVERY_MS;
  const clock = opts.clock ?? (() => new Date());
  let lastWrite = -Infinity;
  let pending = 0;
  /** The newest error not yet written (undefined: none). */
  let pendingError: unknown;
  let inFlight: Promise<void> | null = null;
  const tick = (moved: number, error?: unknown) => {
    const now = clock();
    pending += moved;
    if (error !== undefined) pendingError = error;
    if (inFlight) return;
    if (pending === 0 && pendingError === undefined && now.getTime() - lastWrite < everyMs) return;
    lastWrite = now.getTime();
    const [carried, carriedError] = [pending, pendingError];
    pending = 0;
    pendingError = undefined;
    inFlight = Promise.resolve()
      .then(() => write(carried, carriedError, now))
      .catch((e) => {
        console.error("heartbeat: recording the beat failed:", e);
        pending += carried;
        pendingError ??= carriedError; // a newer error meanwhile wins
      })
      .finally(() => inFlight = null);
  };
  return Object.assign(tick, {
    flush: async () => {
      await inFlight;
    },
  });
}

/** The tick callback of a service loop in this process: its beats, throttled. */
export function serviceHeartbeat(
  db: Db,
  service: string,
  implementation: string,
  opts: { everyMs?: number; clock?: () => Date } = {},
): BeatTick {
  const instance = currentInstance();
  const startedAt = (opts.clock ?? (() => new Date()))();
  return beatThrottle(
    (moved, error, now) =>
      recordBeat(db, service, { implementation, instance, startedAt, moved, error, now }),
    opts,
  );
}
