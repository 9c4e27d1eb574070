/**
 * Cancelling commands, inside the caller's transaction: the pending commands among a target (a
 * whole list, a group, or one command) become 13 Cancelled with the cancel error; commands in a
 * final state stay as they are. Then `settleList` marks the list finished once nothing of it is
 * pending. The list cancel uses both; a single command's cancel can too.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { commandLists, commands, stationMessages } from "../../../db/schema/mod.ts";
import { STATION_MESSAGE_DELETABLE_STATUS } from "../../../openapi/enums.ts";
import {
  COMMAND_CANCELLED,
  type CommandId,
  PENDING_COMMAND_STATUSES,
} from "../../../openapi/schemas/commands.ts";

/** What a deleted station message becomes. */
const USER_DELETED = 14;

/** A list, one of its groups, or one command. */
export type CommandTarget = Pick<CommandId, "listId"> & Partial<CommandId>;

const pendingOf = (target: CommandTarget) =>
  and(
    eq(commands.listId, target.listId),
    target.groupId === undefined ? undefined : eq(commands.groupId, target.groupId),
    target.itemId === undefined ? undefined : eq(commands.itemId, target.itemId),
    inArray(commands.status, [...PENDING_COMMAND_STATUSES]),
  );

/** Cancels the target's pending commands; answers how many were cancelled. */
export async function cancelPendingCommands(tx: Tx, target: CommandTarget): Promise<number> {
  const cancelled = await tx.update(commands).set({
    status: COMMAND_CANCELLED.status,
    errorCode: COMMAND_CANCELLED.errorCode,
    errorLabel: COMMAND_CANCELLED.errorLabel,
    nextStepAt: null,
    updatedAt: new Date(),
  }).where(pendingOf(target)).returning({ groupId: commands.groupId, itemId: commands.itemId });
  // Their station messages not forwarded yet are deleted (14 user deleted) with them.
  for (const c of cancelled) {
    await tx.update(stationMessages).set({
      status: USER_DELETED,
      nextStepAt: null,
      updatedAt: new Date(),
    }).where(and(
      eq(stationMessages.listId, target.listId),
      eq(stationMessages.groupId, c.groupId),
      eq(stationMessages.itemId, c.itemId),
      eq(stationMessages.status, STATION_MESSAGE_DELETABLE_STATUS),
    ));
  }
  return cancelled.length;
}

/**
 * Marks the list finished when none of its commands is pending any more, nor has a step the
 * station still plays (5 Delivered waits for its acknowledgement).
 */
export async function settleList(tx: Tx, listId: number): Promise<void> {
  await tx.update(commandLists).set({ terminated: true }).where(and(
    eq(commandLists.id, listId),
    sql`not exists (select 1 from ${commands} where ${pendingOf({ listId })})`,
    sql`not exists (select 1 from ${commands} where ${
      and(eq(commands.listId, listId), isNotNull(commands.nextStepAt))
    })`,
  ));
}
