/**
 * What a tracker's page shows of its tracking (GET /rest/terminal/get's `tracking`): the portal
 * records no tracking state of its own, only the setTerminalTracking commands it sent, so the
 * state is read from them — the last one sent (any status) and the last one the terminal took
 * (delivered or acknowledged). A client reads its own company's command lists only, as on the
 * command list pages; whether it may send is the senders' rule (ownTgidRows), the terminal's
 * `mayEdit`, read with the terminal.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists, commands } from "../../../db/schema/mod.ts";
import { COMMAND_STATUS, commandStatusClass, isTrackerType } from "../../../openapi/enums.ts";
import {
  type CommandStatus,
  STATUSES_OF_CLASS,
} from "../../../openapi/schemas/command/commands.ts";
import {
  type TerminalTracking,
  TRACKING_COMMAND,
  type TrackingCommand,
} from "../../../openapi/schemas/terminal/tracking.ts";
import { companyRows, type Scope, scopedStatement } from "../tenancy.ts";

const iso = (d: Date | string | null) => d === null ? null : new Date(d).toISOString();

/** The last tracking command to a device the scope may read, of `statuses` when given. */
const lastCommandOf = (statuses?: readonly number[]) =>
  scopedStatement((db, scope, name) =>
    db.select({
      listId: commands.listId,
      groupId: commands.groupId,
      itemId: commands.itemId,
      status: commands.status,
      parameters: commands.parameters,
      startAt: commands.startAt,
      createdAt: commands.createdAt,
      updatedAt: commands.updatedAt,
    }).from(commands)
      .innerJoin(commandLists, eq(commandLists.id, commands.listId))
      .where(and(
        eq(commands.mt, sql.placeholder("mt")),
        eq(commands.command, TRACKING_COMMAND),
        statuses ? inArray(commands.status, [...statuses]) : undefined,
        companyRows(scope, commandLists.companyId),
      ))
      .orderBy(desc(commands.createdAt), desc(commands.listId), desc(commands.itemId))
      .limit(1)
      .prepare(name)
  );
const lastSent = lastCommandOf();
const lastTaken = lastCommandOf(STATUSES_OF_CLASS.success);

/** The last tracking command to `deviceId` (`lastSent` or `lastTaken`) as the page shows it. */
async function lastCommand(
  db: Db,
  scope: Scope,
  deviceId: number,
  which: typeof lastSent,
): Promise<TrackingCommand | null> {
  const [row] = await which(db, scope, { mt: String(deviceId) });
  if (!row) return null;
  const p = row.parameters;
  return {
    commandId: { listId: row.listId, groupId: row.groupId, itemId: row.itemId },
    status: row.status as CommandStatus,
    statusLabel: COMMAND_STATUS[row.status as CommandStatus] ?? String(row.status),
    statusClass: commandStatusClass(row.status),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    trackingEnabled: p.trackingEnabled === true,
    delayAuthorized: p.delayAuthorized === true,
    frequency: typeof p.frequency === "number" ? p.frequency : null,
    startAt: iso(row.startAt),
  };
}

/**
 * A tracker's tracking as the scope sees it; null for a terminal that takes no tracking. `mayEdit`:
 * the scope may send to it (its tgid is owned: ownsTgid, read with the terminal).
 */
export async function trackingOf(
  db: Db,
  scope: Scope,
  t: { deviceId: number; deviceTypeId: number; mayEdit: boolean },
): Promise<TerminalTracking | null> {
  if (!isTrackerType(t.deviceTypeId)) return null;
  const [last, confirmed] = await Promise.all([
    lastCommand(db, scope, t.deviceId, lastSent),
    lastCommand(db, scope, t.deviceId, lastTaken),
  ]);
  return { maySend: t.mayEdit, last, confirmed };
}
