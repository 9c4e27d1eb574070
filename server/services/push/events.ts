/** The push and robot event logs (admin): filtered, sorted (default: newest first), paged. */
import type { GetColumnData, SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { pushEvents, robotEvents } from "../../../db/schema/mod.ts";
import type { PushFindOf, PushFound } from "../../../openapi/schemas/push/push_find.ts";
import { findPage, type PageRequest } from "../paging.ts";
import { contains } from "../text_search.ts";
import { eqIf } from "../sql_filters.ts";

/**
 * An event log's page. A row is id, timestamp, the log's own columns, level and message (the
 * timestamp as ISO text); the filter is the log's own conditions, then level and message; every
 * column but the message sorts.
 */
async function findEvents<Own extends Record<string, PgColumn>, F extends string>(
  db: Db,
  req: PageRequest<F> & { filter: { level?: string; message?: string } },
  t: typeof pushEvents | typeof robotEvents,
  own: Own & Record<Exclude<F, "id" | "timestamp" | "level">, PgColumn>,
  ownFilters: (SQL | undefined)[],
) {
  const f = req.filter;
  const page = await findPage(db, req, {
    rows: db.select({
      id: t.id,
      timestamp: t.timestamp,
      ...own,
      level: t.level,
      message: t.message,
    }).from(t).$dynamic(),
    count: (one) => db.select(one).from(t),
    filters: [
      ...ownFilters,
      eqIf(t.level, f.level),
      f.message ? contains(t.message, f.message) : undefined,
    ],
    sorts: { id: t.id, timestamp: t.timestamp, ...own, level: t.level } as Record<F, PgColumn>,
    defaultSort: { field: "timestamp" as F, direction: "desc" },
    key: t.id,
  });
  type Row =
    & { id: number; timestamp: Date; level: string; message: string }
    & {
      [K in keyof Own]: GetColumnData<Own[K]>;
    };
  return {
    ...page,
    results: (page.results as Row[]).map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })),
  };
}

export function findPushEvents(
  db: Db,
  req: PushFindOf<"pushEvents">,
): Promise<PushFound["pushEvents"]> {
  const f = req.filter;
  return findEvents(db, req, pushEvents, {
    hostname: pushEvents.hostname,
    processId: pushEvents.processId,
    tgid: pushEvents.tgidId,
  }, [
    f.hostname ? contains(pushEvents.hostname, f.hostname) : undefined,
    eqIf(pushEvents.processId, f.processId),
    eqIf(pushEvents.tgidId, f.tgid),
  ]);
}

export function findRobotEvents(
  db: Db,
  req: PushFindOf<"robotEvents">,
): Promise<PushFound["robotEvents"]> {
  const f = req.filter;
  return findEvents(db, req, robotEvents, { robot: robotEvents.robot }, [
    eqIf(robotEvents.robot, f.robot),
  ]);
}
