/**
 * Reading commands: a list's commands by group and item, as the contract shows them (status
 * label, display class, final or pending). The list services use it; so will the per-command
 * calls.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commands } from "../../../db/schema/mod.ts";
import { COMMAND_STATUS, commandStatusClass } from "../../../openapi/enums.ts";
import {
  type Command,
  type CommandStatus,
  isFinalCommandStatus,
} from "../../../openapi/schemas/command/commands.ts";

type CommandRow = typeof commands.$inferSelect;

export const toCommand = (r: CommandRow): Command => ({
  commandId: { listId: r.listId, groupId: r.groupId, itemId: r.itemId },
  command: r.command,
  mt: r.mt,
  shoutMtType: r.shoutMtType,
  genericCommandType: r.genericCommandType,
  commandSubType: r.commandSubType,
  parameters: r.parameters,
  status: r.status as CommandStatus,
  statusLabel: COMMAND_STATUS[r.status as CommandStatus] ?? String(r.status),
  statusClass: commandStatusClass(r.status),
  final: isFinalCommandStatus(r.status),
  errorCode: r.errorCode,
  errorLabel: r.errorLabel,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Whether list `listId` has a command in group `groupId` (with item `itemId`, when given). */
export async function hasCommand(
  db: Db,
  listId: number,
  groupId: number,
  itemId: number | null,
): Promise<boolean> {
  const [row] = await db.select({ listId: commands.listId }).from(commands).where(and(
    eq(commands.listId, listId),
    eq(commands.groupId, groupId),
    itemId === null ? undefined : eq(commands.itemId, itemId),
  )).limit(1);
  return Boolean(row);
}

/** The commands of list `listId` (the caller has checked it may see the list). */
export async function commandsOfList(db: Db, listId: number): Promise<Command[]> {
  const rows = await db.select().from(commands).where(eq(commands.listId, listId))
    .orderBy(asc(commands.groupId), asc(commands.itemId));
  return rows.map(toCommand);
}
