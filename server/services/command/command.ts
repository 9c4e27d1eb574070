/**
 * One command (the /rest/command calls): its details, its full record, and its cancel through
 * the land earth station. A client reaches only its company's commands (the list's company);
 * another's answers exactly like a missing one, 404 'Command not found'.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists, commands, stationMessages, users } from "../../../db/schema/mod.ts";
import { STATION_MESSAGE_STATUS } from "../../../openapi/enums.ts";
import {
  COMMAND_MESSAGES,
  type CommandDetails,
  type CommandFullResponse,
  type CommandQuery,
} from "../../../openapi/schemas/command/command_details.ts";
import type { Command } from "../../../openapi/schemas/command/commands.ts";
import { type StationAdapter, StationFault } from "../../station/adapter.ts";
import { ApiError } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { toCommand } from "./read.ts";

const commandNotFound = () => new ApiError(404, COMMAND_MESSAGES.notFound);

/** The command with its list, if the caller may see it. */
async function visibleCommand(db: Db, scope: Scope, id: CommandQuery) {
  const [row] = await db.select({
    command: commands,
    protocol: commandLists.protocol,
    listDate: commandLists.date,
    user: users.id,
  }).from(commands)
    .innerJoin(commandLists, eq(commandLists.id, commands.listId))
    .leftJoin(users, eq(users.key, commandLists.userKey))
    .where(and(
      eq(commands.listId, id.listId),
      eq(commands.groupId, id.groupId),
      eq(commands.itemId, id.itemId),
      companyRows(scope, commandLists.companyId),
    ));
  return row;
}

/**
 * The command with its list's protocol, date and sender, and the label its target had when it was
 * sent (kept with it: docs/decisions/0019; never the terminal's label of today, which may be
 * another company's).
 */
function details(row: NonNullable<Awaited<ReturnType<typeof visibleCommand>>>): CommandDetails {
  return {
    ...toCommand(row.command),
    protocol: row.protocol as CommandDetails["protocol"],
    listDate: row.listDate.toISOString(),
    user: row.user,
    targetLabel: row.command.targetLabel,
  };
}

/** GET /rest/command/getCommandDetails. */
export async function getCommandDetails(
  db: Db,
  scope: Scope,
  id: CommandQuery,
): Promise<CommandDetails> {
  const row = await visibleCommand(db, scope, id);
  if (!row) throw commandNotFound();
  return details(row);
}

/** GET /rest/command/getCommandFull: every field, the schedule and the station message. */
export async function getCommandFull(
  db: Db,
  scope: Scope,
  id: CommandQuery,
): Promise<CommandFullResponse> {
  const row = await visibleCommand(db, scope, id);
  if (!row) throw commandNotFound();
  const [message] = await db.select({
    refNum: stationMessages.refNum,
    status: stationMessages.status,
    recipient: stationMessages.recipient,
  }).from(stationMessages).where(and(
    eq(stationMessages.listId, id.listId),
    eq(stationMessages.groupId, id.groupId),
    eq(stationMessages.itemId, id.itemId),
  )).orderBy(asc(stationMessages.refNum)).limit(1);
  return {
    fullCommandObject: {
      ...details(row),
      startAt: row.command.startAt?.toISOString() ?? null,
      nextStepAt: row.command.nextStepAt?.toISOString() ?? null,
      stationMessage: message
        ? {
          refNum: Number(message.refNum),
          status: message.status as keyof typeof STATION_MESSAGE_STATUS,
          statusLabel:
            STATION_MESSAGE_STATUS[message.status as keyof typeof STATION_MESSAGE_STATUS] ??
              String(message.status),
          recipient: message.recipient,
        }
        : null,
    },
  };
}

/**
 * GET /rest/command/cancel: the station cancels the pending command (13 Cancelled); a final one
 * is refused with the station's reason (409). Answers the command as it is now.
 */
export async function cancelCommand(
  db: Db,
  station: StationAdapter,
  scope: Scope,
  id: CommandQuery,
): Promise<Command> {
  if (!await visibleCommand(db, scope, id)) throw commandNotFound();
  try {
    await station.cancelCommand(id);
  } catch (e) {
    if (e instanceof StationFault) throw new ApiError(409, e.message);
    throw e;
  }
  const row = await visibleCommand(db, scope, id);
  if (!row) throw commandNotFound();
  return toCommand(row.command);
}
