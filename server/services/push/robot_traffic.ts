/**
 * The robot traffic overview (admin): incoming messages the robots processed, filtered, sorted
 * (default: received time, newest first) and paged; and a row's text content.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { robotTraffic } from "../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../openapi/schemas/push/push_find.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";
import { notFound } from "../../errors.ts";
import { eqIf } from "../sql_filters.ts";

const r = robotTraffic;

/** A robot traffic row's columns, as the overviews show them (its content aside). */
export const ROBOT_TRAFFIC_COLUMNS = {
  realId: r.realId,
  type: r.type,
  robot: r.robot,
  receivedTime: r.receivedTime,
  status: r.status,
  errorLabel: r.errorLabel,
  deliveryStatus: r.deliveryStatus,
  deliveryAttempts: r.deliveryAttempts,
  code: r.code,
  logId: r.logId,
  routageId: r.routageId,
  tgid: r.tgidId,
};

export async function findRobotTraffic(
  db: Db,
  req: PushFindOf<"robotTraffic">,
): Promise<PushFound["robotTraffic"]> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      ...ROBOT_TRAFFIC_COLUMNS,
      hasContent: sql<boolean>`(${r.content} is not null)`,
    }).from(r).$dynamic(),
    count: (one) => db.select(one).from(r),
    filters: [
      eqIf(r.realId, f.realId),
      eqIf(r.type, f.type),
      eqIf(r.robot, f.robot),
      eqIf(r.status, f.status),
      eqIf(r.tgidId, f.tgid),
      f.errorLabel ? contains(r.errorLabel, f.errorLabel) : undefined,
    ],
    sorts: {
      realId: r.realId,
      type: r.type,
      robot: r.robot,
      receivedTime: r.receivedTime,
      status: r.status,
      deliveryStatus: r.deliveryStatus,
      deliveryAttempts: r.deliveryAttempts,
      code: r.code,
      logId: r.logId,
      routageId: r.routageId,
    },
    defaultSort: { field: "receivedTime", direction: "desc" },
    key: r.realId,
  });
  return {
    ...page,
    results: page.results.map((x) => ({
      ...x,
      type: x.type as 0 | 1,
      status: x.status as 0 | 1 | 2 | 3 | 4 | 5,
      hasContent: Boolean(x.hasContent),
      receivedTime: x.receivedTime.toISOString(),
    })),
  };
}

/** The text a robot processed (robot_traffic.content) of row `id` of robot type `type`. */
export async function robotContent(db: Db, id: number, type: number): Promise<string> {
  const [row] = await db.select({ content: r.content }).from(r)
    .where(and(eq(r.realId, id), eq(r.type, type), isNotNull(r.content)));
  if (!row) throw notFound("Robot content");
  return row.content!;
}
