/**
 * The portal's change events, carried by PostgreSQL's LISTEN/NOTIFY (issue 38): the database
 * raises them itself, from statement-level triggers on the tables the live screens show
 * (db/migrations/0011_change_events.sql), so every writer — any instance, the worker, a script —
 * tells every listening server, when its transaction commits and never when it rolls back. Each
 * process holds one listening connection (`eventBus`) and fans the events out to its subscribers.
 * The same on embedded PGlite (one process) and on PostgreSQL.
 *
 * An event names what changed, not what it now is: a screen told of one reads the rows again
 * through the API, which applies the reader's rights. Its `scope` says whose rows they are, in
 * the terms of the tenant rules (server/services/tenancy.ts), so a stream can skip what its user
 * may not read before anything reaches a browser: a company's rows, a tgid's (its team's company
 * and the companies it is shared with: push traffic, attempts), administrators' only, or null
 * for every signed-in user (public news).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db, Tx } from "./client.ts";
import { LIVE_EVENT_NAMES } from "../openapi/events.ts";

/** The one channel every event travels on. */
export const EVENTS_CHANNEL = "portal_events";

/** What the browsers are told of (GET /rest/events). */
export const PUBLIC_EVENT_TYPES = LIVE_EVENT_NAMES;

/**
 * The servers' own, never sent to a browser: a user's sessions may have ended or changed (the
 * ids are user keys), or which tgids a company reads may have changed.
 */
const INTERNAL_EVENT_TYPES = ["session.ended", "tenancy.changed"] as const;

/** Every type an event may have. */
export const EVENT_TYPES = [...PUBLIC_EVENT_TYPES, ...INTERNAL_EVENT_TYPES];

/** The most ids one event carries (a NOTIFY payload holds at most 8,000 bytes). */
const MAX_EVENT_IDS = 200;

const PortalEventSchema = z.object({
  type: z.enum(EVENT_TYPES),
  /** The changed rows' ids, as text (ids are numbers or strings across resources). */
  ids: z.array(z.string().min(1).max(200)).min(1).max(MAX_EVENT_IDS),
  /** Whose rows they are (see the module comment); null: every signed-in user's. */
  scope: z.union([
    z.strictObject({ company: z.number().int() }),
    z.strictObject({ tgid: z.number().int() }),
    z.strictObject({ admins: z.literal(true) }),
  ]).nullable(),
});
export type PortalEvent = z.infer<typeof PortalEventSchema>;

/**
 * Raises `event` in the writer's transaction (or at once, outside one), for what no trigger
 * sees. PostgreSQL folds equal notifications of one transaction into one and keeps their order.
 */
export async function raise(tx: Db | Tx, event: PortalEvent): Promise<void> {
  const payload = JSON.stringify(PortalEventSchema.parse(event));
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

type Subscriber = (event: PortalEvent) => void;

interface EventBus {
  /** Calls `fn` with every event from now on; resolves once listening, to the unsubscribe. */
  subscribe(fn: Subscriber): Promise<() => void>;
  /** How many subscribers it has now. */
  readonly size: number;
  /** Stops listening. */
  close(): Promise<void>;
}

/**
 * This process's side of the channel: one LISTEN, opened with the first subscriber and kept
 * while the bus lives. A payload that is not an event (a hand-written NOTIFY, say) is dropped;
 * a subscriber that throws does not keep the event from the others.
 */
export function eventBus(
  database: Pick<Database, "listen">,
  /** Called when the listening connection came back after a loss: events may have been missed. */
  onGap: () => void = () => {},
): EventBus {
  const subscribers = new Set<Subscriber>();
  let listening: Promise<() => Promise<void>> | null = null;
  const deliver = (payload: string) => {
    let event: PortalEvent;
    try {
      event = PortalEventSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const fn of subscribers) {
      try {
        fn(event);
      } catch (e) {
        console.error("an event subscriber failed:", e instanceof Error ? e.message : e);
      }
    }
  };
  return {
    async subscribe(fn) {
      subscribers.add(fn);
      try {
        await (listening ??= database.listen(EVENTS_CHANNEL, deliver, onGap));
      } catch (e) {
        subscribers.delete(fn);
        listening = null;
        throw e;
      }
      return () => void subscribers.delete(fn);
    },
    get size() {
      return subscribers.size;
    },
    async close() {
      subscribers.clear();
      const stop = listening;
      listening = null;
      if (stop) await (await stop)();
    },
  };
}
