/**
 * Deliveries under way per destination address: at most `max` at once, so a slow or hanging
 * receiver holds only its own slots and never the whole engine. A message whose destination is
 * saturated waits for a slot only while the destination is flowing (a delivery to it finished, or
 * its first one started, within the last `patienceMs`), and then at most `patienceMs`; otherwise it is turned away at once and the
 * engine hands it back to the queue. So a burst to one fast receiver streams through its slots,
 * while messages for a hanging one go back to the queue instead of holding engine slots.
 */
interface Waiter {
  /** performance.now() when it began to wait. */
  since: number;
  grant: (granted: boolean) => void;
}

interface Destination {
  busy: number;
  /** performance.now() of the last delivery that finished, or that started on a free destination. */
  lastProgress: number;
  /** In the order they came: the first is the one waiting longest. */
  waiters: Waiter[];
  /** Turns away the waiters whose patience ran out: one timer a destination, not one a waiter. */
  sweep?: ReturnType<typeof setTimeout>;
}

export class DestinationSlots {
  #destinations = new Map<string, Destination>();

  constructor(private readonly max: number, private readonly patienceMs = 250) {}

  /** Takes a slot of `address`; false when none is free (or none freed in time). */
  acquire(address: string): Promise<boolean> {
    let d = this.#destinations.get(address);
    if (!d) this.#destinations.set(address, d = { busy: 0, lastProgress: 0, waiters: [] });
    if (d.busy < this.max) {
      if (d.busy++ === 0) d.lastProgress = performance.now();
      return Promise.resolve(true);
    }
    const now = performance.now();
    if (now - d.lastProgress > this.patienceMs) return Promise.resolve(false);
    const destination = d;
    destination.sweep ??= setTimeout(() => this.#sweep(destination), this.patienceMs);
    return new Promise((grant) => destination.waiters.push({ since: now, grant }));
  }

  /** Gives the slot back: to the first waiter, else free. */
  release(address: string): void {
    const d = this.#destinations.get(address);
    if (!d) return;
    d.lastProgress = performance.now();
    const next = d.waiters.shift();
    if (next) return next.grant(true); // the slot passes on, still busy
    clearTimeout(d.sweep);
    d.sweep = undefined;
    // Idle: forgotten (a destination's next first delivery counts as progress again).
    if (--d.busy === 0) this.#destinations.delete(address);
  }

  /** Turns away whoever waited `patienceMs`; comes back for the next one's turn. */
  #sweep(d: Destination): void {
    const now = performance.now();
    while (d.waiters.length && now - d.waiters[0].since >= this.patienceMs) {
      d.waiters.shift()!.grant(false);
    }
    d.sweep = d.waiters.length
      ? setTimeout(() => this.#sweep(d), this.patienceMs - (now - d.waiters[0].since))
      : undefined;
  }
}
