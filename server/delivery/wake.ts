/**
 * Wakes the delivery engines of this process at once: retransmit and ingest call `wakeDelivery()`
 * after they commit, so a message queued here is taken now rather than at the engine's next poll.
 * Engines in other processes find it at their next poll (DELIVERY_WORKER, `deno task worker`).
 */
const listeners = new Set<() => void>();

export function wakeDelivery(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every wake-up until the returned function is called. */
export function onDeliveryWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
