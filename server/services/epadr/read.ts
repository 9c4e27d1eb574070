/**
 * The EPADR robot: its configuration (the defaults until an administrator saves one) and its
 * recent traffic — the robot traffic of robot 'EPADR', newest first; a client sees the rows of
 * its own tgids only (the tgid rule of services/tenancy.ts), never another company's.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { epadrConfig, robotTraffic, users } from "../../../db/schema/mod.ts";
import { EPADR_DEFAULT_POLL_MINUTES, EPADR_RECENT_TRAFFIC } from "../../../openapi/enums.ts";
import type { EpadrConfig } from "../../../openapi/schemas/epadr/epadr.ts";
import type { RobotTrafficRow } from "../../../openapi/schemas/push/push_find.ts";
import { type Scope, tgidRows } from "../tenancy.ts";
import { ROBOT_TRAFFIC_COLUMNS } from "../push/robot_traffic.ts";

const EPADR_ROBOT = "EPADR";

/** What the robot runs with before an administrator saves a configuration. */
export const EPADR_DEFAULTS: EpadrConfig = {
  enabled: false,
  sourceType: 0,
  sourceAddress: "",
  pollMinutes: EPADR_DEFAULT_POLL_MINUTES,
  reportFormat: 0,
  dnids: [],
  updatedAt: null,
  updatedBy: null,
};

export async function getEpadrConfig(db: Db): Promise<EpadrConfig> {
  const [row] = await db.select({ c: epadrConfig, updatedBy: users.id }).from(epadrConfig)
    .leftJoin(users, eq(users.key, epadrConfig.updatedByKey))
    .where(eq(epadrConfig.id, 1));
  if (!row) return EPADR_DEFAULTS;
  const c = row.c;
  return {
    enabled: c.enabled,
    sourceType: c.sourceType as EpadrConfig["sourceType"],
    sourceAddress: c.sourceAddress,
    pollMinutes: c.pollMinutes,
    reportFormat: c.reportFormat as EpadrConfig["reportFormat"],
    dnids: c.dnids,
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

const r = robotTraffic;

/** The latest EPADR robot traffic the caller may see (a client: its tgids' rows). */
export async function recentEpadrTraffic(
  db: Db,
  scope: Scope,
  limit = EPADR_RECENT_TRAFFIC,
): Promise<RobotTrafficRow[]> {
  const rows = await db.select({ ...ROBOT_TRAFFIC_COLUMNS, content: r.content }).from(r)
    .where(and(eq(r.robot, EPADR_ROBOT), tgidRows(scope, r.tgidId)))
    .orderBy(desc(r.receivedTime), desc(r.realId))
    .limit(limit);
  return rows.map(({ content, ...x }) => ({
    ...x,
    type: x.type as RobotTrafficRow["type"],
    status: x.status as RobotTrafficRow["status"],
    receivedTime: x.receivedTime.toISOString(),
    hasContent: content !== null,
  }));
}
