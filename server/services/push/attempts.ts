/**
 * A push traffic message's delivery attempts for the 'Show All' dialog (issue 17): its status,
 * when the engine next tries, its counters and the attempts the engine recorded, newest first.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushAttempts, pushTraffic } from "../../../db/schema/mod.ts";
import type { DeliveryAttempts } from "../../../openapi/schemas/push/push_attempts.ts";
import { MAX_ATTEMPTS_SHOWN } from "../../../openapi/schemas/push/push_attempt_messages.ts";
import { notFound } from "../../errors.ts";
import { type Scope, tgidRows } from "../tenancy.ts";

/** 404 "Push traffic not found" for an unknown id and another company's row alike. */
export async function deliveryAttempts(
  db: Db,
  scope: Scope,
  id: number,
): Promise<DeliveryAttempts> {
  const [row] = await db.select({
    pushTrafficId: pushTraffic.id,
    status: pushTraffic.status,
    nextAttemptAt: pushTraffic.nextAttemptAt,
    deliveryAttempts: pushTraffic.deliveryAttempts,
    pushDeliveryAttempts: pushTraffic.pushDeliveryAttempts,
  }).from(pushTraffic)
    .where(and(eq(pushTraffic.id, id), tgidRows(scope, pushTraffic.tgidId)));
  if (!row) throw notFound("Push traffic");
  const attempts = await db.select({
    at: pushAttempts.at,
    round: pushAttempts.round,
    target: pushAttempts.target,
    destination: pushAttempts.destination,
    outcome: pushAttempts.outcome,
    error: pushAttempts.error,
    durationMs: pushAttempts.durationMs,
  }).from(pushAttempts)
    .where(eq(pushAttempts.pushTrafficId, id))
    // The id breaks ties: attempts of one round may share a timestamp.
    .orderBy(desc(pushAttempts.at), desc(pushAttempts.id))
    .limit(MAX_ATTEMPTS_SHOWN);
  return {
    ...row,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    attempts: attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}
