/** The push traffic overview's query: scoped to the user's company, filtered, sorted, paged. */
import { and, asc, type Column, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushTraffic, tgids } from "../../../db/schema/mod.ts";
import type {
  PushFindRequest,
  PushFindResponse,
  PushTrafficRow,
} from "../../../openapi/schemas/push.ts";
import { companyScope } from "../../auth/middleware.ts";
import { tgidVisibleTo } from "../tenancy.ts";
import { escapeLike } from "../../../openapi/schemas/search.ts";

const SORT_COLUMNS: Record<string, Column> = {
  pushTrafficId: pushTraffic.id,
  tgid: pushTraffic.tgidId,
  dnid: pushTraffic.dnid,
  lesCStoredTime: pushTraffic.lesCStoredTime,
  status: pushTraffic.status,
  deliveryType: pushTraffic.deliveryType,
  protocol: pushTraffic.protocol,
  dataLength: pushTraffic.dataLength,
  deliveryAttempts: pushTraffic.deliveryAttempts,
};

export async function findPushTraffic(
  db: Db,
  user: { admin: boolean; companyId: number },
  req: PushFindRequest,
): Promise<PushFindResponse> {
  const company = companyScope(user);
  const scope = company === null ? undefined : tgidVisibleTo(pushTraffic.tgidId, company);
  const f = req.filter;
  const conditions: (SQL | undefined)[] = [
    scope,
    f.pushTrafficId === undefined ? undefined : eq(pushTraffic.id, f.pushTrafficId),
    f.tgid === undefined ? undefined : eq(pushTraffic.tgidId, f.tgid),
    f.dnid === undefined ? undefined : eq(pushTraffic.dnid, f.dnid),
    f.status === undefined ? undefined : eq(pushTraffic.status, f.status),
    f.deliveryType === undefined ? undefined : eq(pushTraffic.deliveryType, f.deliveryType),
    f.protocol === undefined ? undefined : eq(pushTraffic.protocol, f.protocol),
    f.errorLabel ? ilike(pushTraffic.errorLabel, `%${escapeLike(f.errorLabel)}%`) : undefined,
  ];
  const where = and(...conditions);
  const sorting = req.sorting ?? { field: "lesCStoredTime", direction: "desc" as const };
  const order = sorting.direction === "asc" ? asc : desc;

  const [rows, [totals]] = await Promise.all([
    db.select({
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
      multiPush: sql<
        number
      >`(select count(*)::int from ${pushTraffic} as c where c.parent_id = ${pushTraffic.id})`,
    }).from(pushTraffic)
      .leftJoin(tgids, eq(tgids.id, pushTraffic.tgidId))
      .where(where)
      // The id breaks ties, so paging is stable.
      .orderBy(order(SORT_COLUMNS[sorting.field]), order(pushTraffic.id))
      .limit(req.count)
      .offset((req.page - 1) * req.count),
    db.select({
      total: sql<number>`count(*)::int`,
      filtered: sql<number>`(count(*) filter (where ${where ?? sql`true`}))::int`,
    }).from(pushTraffic).where(scope),
  ]);
  return {
    results: rows.map((r): PushTrafficRow => ({
      ...r,
      lesCStoredTime: r.lesCStoredTime.toISOString(),
    })),
    total: totals?.total ?? 0,
    filtered: totals?.filtered ?? 0,
  };
}
