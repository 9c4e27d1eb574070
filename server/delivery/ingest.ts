/**
 * Receiving: a message that arrived for a tgid (from the LES, say) becomes its push traffic, one
 * row per route of the tgid that takes it — a route whose Member_or_MobileNum is empty, "ALL" or
 * the message's member. The first row is the message, the others its multi-push items (parentId),
 * each with the route's delivery type and id, status 0 Stored and due now. A tgid without routes
 * gets one row of delivery type 2 DB (stored for polling). One transaction; the engines of this
 * process are woken.
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ftpRoutes, pushTraffic, smtpRoutes, tcpRoutes, wsRoutes } from "../../db/schema/mod.ts";
import type { DeliveryType, TrafficProtocol } from "../../openapi/enums.ts";
import { wakeDelivery } from "./wake.ts";

interface ReceivedMessage {
  tgidId: number;
  dnid: number | null;
  les: number | null;
  /** The terminal's member number (Inmarsat C), matched against the routes' member filter. */
  member: number | null;
  protocol: TrafficProtocol;
  content: string;
  storedAt?: Date;
}

/** Route tables by the delivery type they serve (DELIVERY_TYPES: 0 TCP, 1 SMTP, 3 FTP, 4 WS). */
const ROUTE_TABLES = [
  [0, tcpRoutes],
  [1, smtpRoutes],
  [3, ftpRoutes],
  [4, wsRoutes],
] as const;

/** Answers the ids of the rows created, the message first. */
export async function receiveMessage(db: Db, msg: ReceivedMessage): Promise<number[]> {
  const ids = await db.transaction(async (tx) => {
    const routes: { deliveryType: DeliveryType; id: number }[] = [];
    for (const [deliveryType, table] of ROUTE_TABLES) {
      const member = table.memberOrMobileNum;
      const rows = await tx.select({ id: table.id }).from(table)
        .where(and(
          eq(table.tgidId, msg.tgidId),
          or(
            isNull(member),
            sql`trim(${member}) in ('', 'ALL')`,
            msg.member === null ? sql`false` : eq(member, String(msg.member)),
          ),
        ))
        .orderBy(asc(table.id));
      routes.push(...rows.map((r) => ({ deliveryType: deliveryType as DeliveryType, id: r.id })));
    }
    const base = {
      tgidId: msg.tgidId,
      dnid: msg.dnid,
      les: msg.les,
      lesCStoredTime: msg.storedAt ?? new Date(),
      status: 0 as const,
      protocol: msg.protocol,
      dataLength: new TextEncoder().encode(msg.content).byteLength,
      headerLength: 0,
      content: msg.content,
      nextAttemptAt: sql`now()`,
    };
    const [first, ...rest] = routes.length ? routes : [{ deliveryType: 2 as const, id: null }];
    const row = (r: { deliveryType: DeliveryType; id: number | null }) => ({
      ...base,
      deliveryType: r.deliveryType,
      routageType: r.deliveryType,
      routagePushId: r.id,
    });
    const [parent] = await tx.insert(pushTraffic).values(row(first))
      .returning({ id: pushTraffic.id });
    const items = rest.length
      ? await tx.insert(pushTraffic).values(rest.map((r) => ({ ...row(r), parentId: parent.id })))
        .returning({ id: pushTraffic.id })
      : [];
    return [parent.id, ...items.map((i) => i.id)];
  });
  wakeDelivery();
  return ids;
}
