/** The push and robot event logs (admin): filtered, sorted (default: newest first), paged. */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushEvents, robotEvents } from "../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../openapi/schemas/push/push_find.ts";
import { findPage } from "../paging.ts";
import { contains } from "../text_search.ts";

export async function findPushEvents(
  db: Db,
  req: PushFindOf<"pushEvents">,
): Promise<PushFound["pushEvents"]> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      id: pushEvents.id,
      timestamp: pushEvents.timestamp,
      hostname: pushEvents.hostname,
      processId: pushEvents.processId,
      tgid: pushEvents.tgidId,
      level: pushEvents.level,
      message: pushEvents.message,
    }).from(pushEvents).$dynamic(),
    count: (one) => db.select(one).from(pushEvents),
    filters: [
      f.hostname ? contains(pushEvents.hostname, f.hostname) : undefined,
      f.processId === undefined ? undefined : eq(pushEvents.processId, f.processId),
      f.tgid === undefined ? undefined : eq(pushEvents.tgidId, f.tgid),
      f.level === undefined ? undefined : eq(pushEvents.level, f.level),
      f.message ? contains(pushEvents.message, f.message) : undefined,
    ],
    sorts: {
      id: pushEvents.id,
      timestamp: pushEvents.timestamp,
      hostname: pushEvents.hostname,
      processId: pushEvents.processId,
      tgid: pushEvents.tgidId,
      level: pushEvents.level,
    },
    defaultSort: { field: "timestamp", direction: "desc" },
    key: pushEvents.id,
  });
  return {
    ...page,
    results: page.results.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })),
  };
}

export async function findRobotEvents(
  db: Db,
  req: PushFindOf<"robotEvents">,
): Promise<PushFound["robotEvents"]> {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      id: robotEvents.id,
      timestamp: robotEvents.timestamp,
      robot: robotEvents.robot,
      level: robotEvents.level,
      message: robotEvents.message,
    }).from(robotEvents).$dynamic(),
    count: (one) => db.select(one).from(robotEvents),
    filters: [
      f.robot === undefined ? undefined : eq(robotEvents.robot, f.robot),
      f.level === undefined ? undefined : eq(robotEvents.level, f.level),
      f.message ? contains(robotEvents.message, f.message) : undefined,
    ],
    sorts: {
      id: robotEvents.id,
      timestamp: robotEvents.timestamp,
      robot: robotEvents.robot,
      level: robotEvents.level,
    },
    defaultSort: { field: "timestamp", direction: "desc" },
    key: robotEvents.id,
  });
  return {
    ...page,
    results: page.results.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })),
  };
}
