/**
 * POST /rest/push/find: the list `type` names. Push traffic is every signed-in user's (scoped to
 * the caller's tgids); every other list is for administrators only (403 otherwise), although the
 * route itself is open to users (docs/decisions/0012-routing.md).
 */
import type { Db } from "../../../db/client.ts";
import type { PushFindAnyRequest, PushFound } from "../../../openapi/schemas/push/push_find.ts";
import { ADMIN_REQUIRED } from "../../auth/access.ts";
import { forbidden } from "../../errors.ts";
import type { Scope } from "../tenancy.ts";
import { findPushEvents, findRobotEvents } from "./events.ts";
import { findProcesses } from "./processes.ts";
import { findRoutes } from "./delivery_routes/find.ts";
import { findRobotTraffic } from "./robot_traffic.ts";
import { findPushTraffic } from "./traffic.ts";

/** An administrator's scope reaches every company (services/tenancy.ts scopeOf). */
const isAdminScope = (scope: Scope) => scope.onlyCompany === null;

/** 403 "Administrator permission required" unless the scope is an administrator's. */
function requireAdminScope(scope: Scope): void {
  if (!isAdminScope(scope)) throw forbidden(ADMIN_REQUIRED);
}

export async function findPush(
  db: Db,
  scope: Scope,
  req: PushFindAnyRequest,
): Promise<PushFound[keyof PushFound]> {
  if (req.type === "pushTraffic") return await findPushTraffic(db, scope, req);
  requireAdminScope(scope);
  switch (req.type) {
    case "pushEvents":
      return await findPushEvents(db, req);
    case "robotEvents":
      return await findRobotEvents(db, req);
    case "process":
      return await findProcesses(db, req);
    case "tcp":
    case "ftp":
    case "ws":
    case "smtp":
      return await findRoutes(db, req);
    case "robotTraffic":
      return await findRobotTraffic(db, req);
  }
}
