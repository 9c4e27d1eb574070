/**
 * Wakes the delivery engines at once rather than at their next poll (issue 41: a message stored
 * waits for no poll). In every process: a message stored due notifies 'delivery_due' when its
 * transaction commits (the trigger of db/migrations/0014), and a retransmit notifies in its own
 * transaction (`notifyDue`); each engine listens (engine.ts). In this process, at once:
 * `wakeDelivery()`, which retransmit and ingest call after they commit.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";

/** The channel the engines listen on. */
export const DELIVERY_DUE_CHANNEL = "delivery_due";

const listeners = new Set<() => void>();

export function wakeDelivery(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every wake-up until the returned function is called. */
export function onDeliveryWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every process's engines, when `tx` commits, that messages are due now. */
export async function notifyDue(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${DELIVERY_DUE_CHANNEL}, '')`);
}
