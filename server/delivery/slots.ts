/**
 * Deliveries under way per destination address: at most `max` at once, so a slow or hanging
 * receiver holds only its own slots and never the whole engine. A message whose destination is
 * saturated waits for a slot only while the destination is flowing (a delivery to it finished, or
 * its first one started, within the last `patienceMs`), and then at most `patienceMs`; otherwise it is turned away at once and the
 * engine hands it back to the queue. So a burst to one fast receiver streams through its slots,
 * while messages for a hanging one go back to the queue instead of holding engine slots.
 */
interface Destination {
  busy: number;
  /** performance.now() of the last delivery that finished, or that started on a free destination. */
  lastProgress: number;
  waiters: ((granted: boolean) => void)[];
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
    if (performance.now() - d.lastProgress > this.patienceMs) return Promise.resolve(false);
    const waiters = d.waiters;
    return new Promise((resolve) => {
      const waiter = (granted: boolean) => {
        clearTimeout(timer);
        resolve(granted);
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        resolve(false);
      }, this.patienceMs);
      waiters.push(waiter);
    });
  }

  /** Gives the slot back: to the first waiter, else free. */
  release(address: string): void {
    const d = this.#destinations.get(address);
    if (!d) return;
    d.lastProgress = performance.now();
    const next = d.waiters.shift();
    if (next) return next(true); // the slot passes on, still busy
    // Idle: forgotten (a destination's next first delivery counts as progress again).
    if (--d.busy === 0) this.#destinations.delete(address);
  }
}
