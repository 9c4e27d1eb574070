/**
 * The station's clock: calls `les.advance()` every `everyMs` so commands and messages move on by
 * themselves. Never two ticks at once (a slow tick delays the next); a failing tick is logged and
 * the clock goes on. The timer does not keep the process alive.
 */
import type { LesAdapter } from "./adapter.ts";

/** Starts the clock; answers the function that stops it. */
export function startLesClock(les: LesAdapter, everyMs = 1000): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      await les.advance();
    } catch (e) {
      console.error("LES clock: advancing the station failed:", e);
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
