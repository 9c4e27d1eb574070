/**
 * Changing dnid statuses: marking a member active or inactive (POST /rest/dnids/setdnidActive)
 * and deleting one (POST /rest/dnids/deleteDnidStatus, administrators). Each runs in one
 * transaction with the status row locked.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { defaultMtls, dnids, dnidStatuses, routingMemberRules } from "../../../../db/schema/mod.ts";
import {
  ACTIVE_STATUS,
  DNID_STATUS_MESSAGES,
  type DnidSetActive,
  type DnidStatusDeleted,
  type DnidStatusKey,
  type DnidStatusRow,
  INACTIVE_STATUS,
} from "../../../../openapi/schemas/dnids/dnid_status.ts";
import { ApiError } from "../../../errors.ts";
import { companyRows, EVERY_COMPANY, type Scope } from "../../tenancy.ts";
import { getDnidStatus, ofDnid, statusKey, statusNotFound } from "./read.ts";

/** The status row of `key` in the scope, locked until the transaction ends; 404 otherwise. */
export async function lockStatus(tx: Tx, scope: Scope, key: DnidStatusKey) {
  const [row] = await tx.select({ status: dnidStatuses.status }).from(dnidStatuses)
    .innerJoin(dnids, ofDnid)
    .where(and(statusKey(key), companyRows(scope, dnids.companyId)))
    .for("update", { of: dnidStatuses });
  if (!row) throw statusNotFound();
  return row;
}

/**
 * Marks a member active (status 0) or inactive (status 3). A not authorized member (negative
 * status) is refused with the spec's message (409) and left as it is; a missing row, or another
 * company's, is 404.
 */
export async function setDnidActive(
  db: Db,
  scope: Scope,
  input: DnidSetActive,
): Promise<DnidStatusRow> {
  const key = { dnid: input.dnid_id, les: input.les, member: input.member, device: input.device };
  return await db.transaction(async (tx) => {
    const row = await lockStatus(tx, scope, key);
    if (row.status < 0) throw new ApiError(409, DNID_STATUS_MESSAGES.notAuthorized);
    await tx.update(dnidStatuses)
      .set({ status: input.active ? ACTIVE_STATUS : INACTIVE_STATUS, updatedOn: new Date() })
      .where(statusKey(key));
    return await getDnidStatus(tx, scope, key);
  });
}

/**
 * Deletes a member's status row with, in the same transaction, the terminal's default when it
 * points to this member, and the member's routing exceptions when no other device of the member
 * remains (exceptions are per dnid, LES and member). Nothing is left pointing at it.
 */
export async function deleteDnidStatus(db: Db, key: DnidStatusKey): Promise<DnidStatusDeleted> {
  return await db.transaction(async (tx) => {
    await lockStatus(tx, EVERY_COMPANY, key);
    const member = and(
      eq(dnidStatuses.dnidId, key.dnid),
      eq(dnidStatuses.les, key.les),
      eq(dnidStatuses.member, key.member),
    );
    const defaults = await tx.delete(defaultMtls).where(and(
      eq(defaultMtls.deviceId, key.device),
      eq(defaultMtls.dnidId, key.dnid),
      eq(defaultMtls.les, key.les),
      eq(defaultMtls.member, key.member),
    )).returning({ deviceId: defaultMtls.deviceId });
    await tx.delete(dnidStatuses).where(statusKey(key));
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(dnidStatuses)
      .where(member);
    const rules = Number(left.n) > 0 ? [] : await tx.delete(routingMemberRules).where(and(
      eq(routingMemberRules.dnidId, key.dnid),
      eq(routingMemberRules.les, key.les),
      eq(routingMemberRules.member, key.member),
    )).returning({ tgidId: routingMemberRules.tgidId });
    return {
      ...key,
      defaultRemoved: defaults.length > 0,
      routingExceptions: rules.length,
    };
  });
}
