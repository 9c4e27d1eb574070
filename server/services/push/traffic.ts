/** The push traffic overview's query: scoped to the caller's tgids, filtered, sorted, paged. */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { pushTraffic, tgids } from "../../../db/schema/mod.ts";
import type { PushFindRequest, PushFindResponse } from "../../../openapi/schemas/push/push.ts";
import { type Scope, tgidArray, tgidRows } from "../tenancy.ts";
import { type PartitionedPage, preparedFind } from "../paging.ts";
import { containing, containsPattern, equalTo } from "../sql_filters.ts";

/** A push traffic row's columns, under the list's names (multi-push items show some: ./retransmit.ts). */
export const trafficColumns = {
  pushTrafficId: pushTraffic.id,
  parentId: pushTraffic.parentId,
  tgid: pushTraffic.tgidId,
  tgidLabel: tgids.label,
  dnid: pushTraffic.dnid,
  les: pushTraffic.les,
  lesCStoredTime: pushTraffic.lesCStoredTime,
  status: pushTraffic.status,
  deliveryType: pushTraffic.deliveryType,
  protocol: pushTraffic.protocol,
  errorLabel: pushTraffic.errorLabel,
  dataLength: pushTraffic.dataLength,
  headerLength: pushTraffic.headerLength,
  deliveryAttempts: pushTraffic.deliveryAttempts,
  pushDeliveryAttempts: pushTraffic.pushDeliveryAttempts,
  pushDeliveryStatus: pushTraffic.pushDeliveryStatus,
  failureReason: pushTraffic.failureReason,
  routagePushId: pushTraffic.routagePushId,
  routageType: pushTraffic.routageType,
};

const child = alias(pushTraffic, "child");
/** The row's multi-push items the caller may see (items can sit on other companies' tgids). */
const multiPushCount = (db: Db, scope: Scope) =>
  sql<number>`(${
    db.select({ n: sql`count(*)::int` }).from(child)
      .where(and(eq(child.parentId, pushTraffic.id), tgidRows(scope, child.tgidId)))
  })`;

/**
 * A client's default-sort page (newest first): the newest offset + count rows of each of its
 * tgids, each read from (tgid, stored time) or (tgid, status, stored time), merged, and the page
 * taken — so a small client's page costs the same as a big one's (bench section 7).
 */
const clientPage = (scope: Scope) => {
  const mine = tgidArray(scope);
  if (!mine) return undefined;
  const t = pushTraffic;
  return ({ filter, offset, count, upto }: Parameters<PartitionedPage>[0]) =>
    sql`select p.id from unnest(${mine}) as u(tgid) cross join lateral (
      select ${t.id} as id, ${t.lesCStoredTime} as stored from ${t}
      where ${t.tgidId} = u.tgid${filter ? sql` and ${filter}` : sql``}
      order by ${t.lesCStoredTime} desc, ${t.id} desc limit ${upto}
    ) as p order by p.stored desc, p.id desc offset ${offset} limit ${count}`;
};

/** The push traffic list, built once per shape: its filter fields' conditions. */
const findTraffic = preparedFind({
  pushTrafficId: equalTo(pushTraffic.id),
  tgid: equalTo(pushTraffic.tgidId),
  dnid: equalTo(pushTraffic.dnid),
  status: equalTo(pushTraffic.status),
  deliveryType: equalTo(pushTraffic.deliveryType),
  protocol: equalTo(pushTraffic.protocol),
  errorLabel: containing(pushTraffic.errorLabel),
}, (db, scope) => ({
  rows: db.select({ ...trafficColumns, multiPush: multiPushCount(db, scope) }).from(pushTraffic)
    .leftJoin(tgids, eq(tgids.id, pushTraffic.tgidId)).$dynamic(),
  count: (one) => db.select(one).from(pushTraffic),
  scope: tgidRows(scope, pushTraffic.tgidId),
  sorts: {
    pushTrafficId: pushTraffic.id,
    tgid: pushTraffic.tgidId,
    dnid: pushTraffic.dnid,
    lesCStoredTime: pushTraffic.lesCStoredTime,
    status: pushTraffic.status,
    deliveryType: pushTraffic.deliveryType,
    protocol: pushTraffic.protocol,
    dataLength: pushTraffic.dataLength,
    deliveryAttempts: pushTraffic.deliveryAttempts,
  },
  defaultSort: { field: "lesCStoredTime", direction: "desc" },
  key: pushTraffic.id,
  partitionedPage: clientPage(scope),
}));

export async function findPushTraffic(
  db: Db,
  scope: Scope,
  req: PushFindRequest,
): Promise<PushFindResponse> {
  const f = req.filter;
  const page = await findTraffic(db, scope, req, {
    ...f,
    errorLabel: containsPattern(f.errorLabel),
  });
  return {
    ...page,
    results: page.results.map((r) => ({ ...r, lesCStoredTime: r.lesCStoredTime.toISOString() })),
  };
}
