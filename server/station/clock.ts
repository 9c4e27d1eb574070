/**
 * The station's clock: calls `les.advance()` every `everyMs` so commands and messages move on by
 * themselves. Never two ticks at once (a slow tick delays the next); a failing tick is logged and
 * the clock goes on. The timer does not keep the process alive.
 *
 * `onTick` hears how each tick went — how many rows it moved, or its error — e.g. to record the
 * service's heartbeat (server/services/monitoring/heartbeats.ts). It runs before the next tick is
 * scheduled; its own failure is logged and never stops the clock.
 */
import type { StationAdapter } from "./adapter.ts";

/** What a tick reports: rows moved on (0 when it failed) and its error (undefined: none). */
export type OnTick = (moved: number, error?: unknown) => unknown;

/** Starts the clock; answers the function that stops it. */
export function startStationClock(
  station: Pick<StationAdapter, "advance">,
  everyMs = 1000,
  onTick?: OnTick,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    let moved = 0;
    let error: unknown;
    try {
      moved = await station.advance();
    } catch (e) {
      error = e ?? new Error("the tick failed");
      console.error("LES clock: advancing the station failed:", e);
    }
    if (onTick) {
      try {
        await onTick(moved, error);
      } catch (e) {
        console.error("LES clock: reporting the tick failed:", e);
      }
    }
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    const t = setTimeout(tick, everyMs);
    Deno.unrefTimer(t);
    timer = t;
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
