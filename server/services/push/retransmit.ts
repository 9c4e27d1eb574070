/**
 * Retransmitting push traffic (management-routing §4, issue 14) and the 'Show All' dialog's
 * multiPushTraffic items. docs/decisions/0012-routing.md, "Push traffic: retransmit and details".
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushEvents, pushTraffic } from "../../../db/schema/mod.ts";
import {
  MultiPushItemSchema,
  type PushTrafficItems,
  type RetransmitRequest,
  type RetransmitResponse,
} from "../../../openapi/schemas/push/push_retransmit.ts";
import {
  RETRANSMIT_EVENT_HOST,
  RETRANSMIT_EVENT_LEVEL,
  retransmitEventMessage,
} from "../../../openapi/schemas/push/push_traffic_messages.ts";
import { notFound } from "../../errors.ts";
import { notifyDue, wakeDelivery } from "../../delivery/wake.ts";
import { type Scope, tgidRows } from "../tenancy.ts";
import { trafficColumns } from "./traffic.ts";

/** The status a retransmitted message gets: back in the delivery queue. */
const DELIVERY_SCHEDULED = 8;

/** "Push traffic not found": naming no id, so an unknown id and another company's look alike. */
const pushTrafficNotFound = () => notFound("Push traffic");

/**
 * Puts each message back in the delivery queue, in one transaction: status 8 "Delivery
 * Scheduled" (its delivery attempts and the rest kept) and a push event per message naming the
 * caller. Every id must exist and be reachable by the caller, else 404 and nothing changes. The
 * delivery engine (server/services/delivery) takes them at once.
 */
export async function retransmitTraffic(
  db: Db,
  scope: Scope,
  user: { id: string },
  req: RetransmitRequest,
): Promise<RetransmitResponse> {
  const ids = req.ids;
  const done = await db.transaction(async (tx) => {
    // Locked, so a concurrent retransmit or delivery waits for this one.
    const rows = await tx.select({ id: pushTraffic.id, tgidId: pushTraffic.tgidId })
      .from(pushTraffic)
      .where(and(inArray(pushTraffic.id, ids), tgidRows(scope, pushTraffic.tgidId)))
      .orderBy(asc(pushTraffic.id))
      .for("update");
    if (rows.length !== ids.length) throw pushTrafficNotFound();
    await tx.update(pushTraffic)
      // Due at once with a fresh retry schedule; a worker holding the message loses its claim,
      // so its result is not written over this (the delivery engine takes it again).
      .set({
        status: DELIVERY_SCHEDULED,
        nextAttemptAt: sql`now()`,
        retryStep: 0,
        claimToken: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(pushTraffic.id, ids));
    await tx.insert(pushEvents).values(rows.map((r) => ({
      hostname: RETRANSMIT_EVENT_HOST,
      tgidId: r.tgidId,
      level: RETRANSMIT_EVENT_LEVEL,
      message: retransmitEventMessage(user.id, r.id),
    })));
    await notifyDue(tx);
    return rows.map((r) => r.id);
  });
  wakeDelivery();
  return { retransmitted: done.length, ids: done };
}

type ItemField = keyof typeof MultiPushItemSchema.shape;
/** A multi-push item's columns: the push traffic list's that the item's schema names, in its order. */
const itemColumns = Object.fromEntries(
  Object.keys(MultiPushItemSchema.shape).map((k) => [k, trafficColumns[k as ItemField]]),
) as Pick<typeof trafficColumns, ItemField>;

/** A push traffic row's multi-push items (the rows whose parent it is), oldest first. */
export async function multiPushTraffic(
  db: Db,
  scope: Scope,
  id: number,
): Promise<PushTrafficItems> {
  const [row] = await db.select({ id: pushTraffic.id }).from(pushTraffic)
    .where(and(eq(pushTraffic.id, id), tgidRows(scope, pushTraffic.tgidId)));
  if (!row) throw pushTrafficNotFound();
  const items = await db.select(itemColumns).from(pushTraffic)
    .where(and(eq(pushTraffic.parentId, id), tgidRows(scope, pushTraffic.tgidId)))
    .orderBy(asc(pushTraffic.lesCStoredTime), asc(pushTraffic.id));
  return {
    pushTrafficId: row.id,
    multiPushTraffic: items.map((r) => ({
      ...r,
      lesCStoredTime: r.lesCStoredTime.toISOString(),
    })),
  };
}
