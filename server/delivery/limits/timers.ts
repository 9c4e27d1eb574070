/**
 * Timeouts by the thousand, cheaply: every delivery has its deadlines (a transport's write, the
 * round's last guard) and nearly all of them are cancelled within milliseconds. One runtime timer
 * each (set, then cleared) was a good part of a delivery's cost to the worker (issue 41). Here the
 * timeouts of one duration wait in the order they were set (which is the order they expire in)
 * behind one timer for the earliest still pending; a cancelled one is only marked, and dropped once
 * nothing older is pending (so the queue holds about what is in flight). With none pending the
 * timer is cleared (nothing is left running).
 */
interface Pending {
  at: number;
  fire: (() => void) | null;
}

class Lane {
  #queue: Pending[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Pending, not cancelled. */
  #live = 0;

  constructor(private readonly ms: number) {}

  add(fire: () => void): () => void {
    const pending: Pending = { at: performance.now() + this.ms, fire };
    this.#queue.push(pending);
    this.#live++;
    this.#timer ??= setTimeout(() => this.#due(), this.ms);
    return () => {
      if (!pending.fire) return;
      pending.fire = null;
      if (--this.#live === 0) this.#reset();
      else this.#dropCancelled();
    };
  }

  /** Fires what is due, drops what was cancelled, and waits for the next one still pending. */
  #due(): void {
    this.#timer = undefined;
    const now = performance.now();
    while (this.#head < this.#queue.length) {
      const next = this.#queue[this.#head];
      if (next.fire && next.at > now) break;
      this.#head++;
      const fire = next.fire;
      if (fire) {
        next.fire = null;
        this.#live--;
        fire();
      }
    }
    this.#dropCancelled();
    if (this.#live > 0 && this.#head < this.#queue.length) {
      clearTimeout(this.#timer); // one a fired timeout set meanwhile
      this.#timer = setTimeout(() => this.#due(), this.#queue[this.#head].at - now);
    } else {
      this.#reset();
    }
  }

  /** Drops the cancelled ones at the head; compacts the queue once most of it is dropped. */
  #dropCancelled(): void {
    while (this.#head < this.#queue.length && !this.#queue[this.#head].fire) this.#head++;
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }

  #reset(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue = [];
    this.#head = 0;
  }
}

const lanes = new Map<number, Lane>();

/**
 * Calls `fire` after `ms` unless the returned function was called first (like setTimeout and
 * clearTimeout). For the few durations the engine uses: a lane a duration, kept.
 */
export function after(ms: number, fire: () => void): () => void {
  let lane = lanes.get(ms);
  if (!lane) lanes.set(ms, lane = new Lane(ms));
  return lane.add(fire);
}
