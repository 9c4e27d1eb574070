/**
 * Cancelling commands, inside the caller's transaction: the pending commands among a target (a
 * whole list, a group, or one command) become 13 Cancelled with the cancel error; commands in a
 * final state stay as they are, and so does a message command whose station message has left
 * 0 forward in progress (it is on its way: it settles by itself). Then `settleList` marks the
 * list finished once nothing of it is pending.
 *
 * Lock order, everywhere (docs/decisions/0013, "Lock order"): the list row (only the list
 * cancel takes it), then station messages, then commands. The station's steps and a single
 * command's cancel never lock the list row while they hold messages or commands: they settle
 * the list after their transaction commits (`settleListAfter`), and every tick sweeps the
 * lists left unfinished (`sweepFinishedLists`), so two transactions finishing different
 * commands of one list at once cannot both leave it unfinished.
 */
import { and, eq, inArray, isNotNull, not, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { commandLists, commands, stationMessages } from "../../../db/schema/mod.ts";
import { STATION_MESSAGE_DELETABLE_STATUS } from "../../../openapi/enums.ts";
import {
  COMMAND_CANCELLED,
  type CommandId,
  PENDING_COMMAND_STATUSES,
} from "../../../openapi/schemas/command/commands.ts";
import { withRetry } from "./retry.ts";
import { eqIf } from "../sql_filters.ts";

/** What a deleted station message becomes. */
const USER_DELETED = 14;
/** Station message statuses a message does not leave (12 delivered, 13 failed, 14 and up). */
const MESSAGE_FINAL =
  sql`(${stationMessages.status} in (12, 13) or ${stationMessages.status} >= 14)`;

/** A list, one of its groups, or one command. */
type CommandTarget = Pick<CommandId, "listId"> & Partial<CommandId>;

const pendingOf = (target: CommandTarget) =>
  and(
    eq(commands.listId, target.listId),
    eqIf(commands.groupId, target.groupId),
    eqIf(commands.itemId, target.itemId),
    inArray(commands.status, [...PENDING_COMMAND_STATUSES]),
  );

const messagesOf = (target: CommandTarget) =>
  and(
    eq(stationMessages.listId, target.listId),
    eqIf(stationMessages.groupId, target.groupId),
    eqIf(stationMessages.itemId, target.itemId),
  );

/**
 * Cancels the target's pending commands; answers how many were cancelled. A command whose
 * station message is already forwarded (in mailbox, waiting for its confirmation…) is left
 * pending: the message is delivered or fails, and the command follows it.
 */
export async function cancelPendingCommands(tx: Tx, target: CommandTarget): Promise<number> {
  const now = new Date();
  // Lock order: the messages first (as the station's message steps do), then the commands.
  await tx.select({ refNum: stationMessages.refNum }).from(stationMessages)
    .where(messagesOf(target)).orderBy(stationMessages.refNum).for("update");
  const forwarded = sql`exists (select 1 from ${stationMessages} where ${
    and(
      eq(stationMessages.listId, commands.listId),
      eq(stationMessages.groupId, commands.groupId),
      eq(stationMessages.itemId, commands.itemId),
      not(eq(stationMessages.status, STATION_MESSAGE_DELETABLE_STATUS)),
      not(MESSAGE_FINAL),
    )
  })`;
  const cancelled = await tx.update(commands).set({
    status: COMMAND_CANCELLED.status,
    errorCode: COMMAND_CANCELLED.errorCode,
    errorLabel: COMMAND_CANCELLED.errorLabel,
    nextStepAt: null,
    updatedAt: now,
  }).where(and(pendingOf(target), not(forwarded)))
    .returning({ groupId: commands.groupId, itemId: commands.itemId });
  // Their station messages not forwarded yet are deleted (14 user deleted) with them.
  for (const c of cancelled) {
    await tx.update(stationMessages).set({
      status: USER_DELETED,
      nextStepAt: null,
      updatedAt: now,
    }).where(and(
      messagesOf({ listId: target.listId, groupId: c.groupId, itemId: c.itemId }),
      eq(stationMessages.status, STATION_MESSAGE_DELETABLE_STATUS),
    ));
  }
  return cancelled.length;
}

/** Nothing of list `listId` pending, nor a step the station still plays (5 waits for its ack). */
const nothingLeft = (listId: typeof commandLists.id | number) =>
  sql`not exists (select 1 from ${commands} where ${commands.listId} = ${listId} and ${
    or(inArray(commands.status, [...PENDING_COMMAND_STATUSES]), isNotNull(commands.nextStepAt))
  })`;

/**
 * Marks the list finished when none of its commands is pending any more, nor has a step the
 * station still plays (5 Delivered waits for its acknowledgement). Inside a transaction that
 * holds no message or command lock of another list's step (the list cancel, which locked the
 * list first); elsewhere use `settleListAfter`.
 */
export async function settleList(tx: Tx | Db, listId: number): Promise<void> {
  await tx.update(commandLists).set({ terminated: true }).where(and(
    eq(commandLists.id, listId),
    eq(commandLists.terminated, false),
    nothingLeft(listId),
  ));
}

/**
 * Settles lists after the transaction that moved their commands has committed: each on its
 * own (it waits for a list cancel holding the list, and holds nothing else meanwhile). Its
 * snapshot sees every commit before it, so the last of two concurrent steps always finishes it.
 */
export async function settleListAfter(db: Db, listIds: Iterable<number>): Promise<void> {
  for (const listId of new Set(listIds)) await withRetry(() => settleList(db, listId));
}

/**
 * Marks finished every unfinished list (of `listIds`, or all) with nothing pending and nothing
 * scheduled: what a crash between a step and its settle, or any race, left behind. One indexed
 * UPDATE; answers how many lists it finished.
 */
export async function sweepFinishedLists(db: Db, listIds?: number[]): Promise<number> {
  const done = await withRetry(() =>
    db.update(commandLists).set({ terminated: true }).where(and(
      eq(commandLists.terminated, false),
      listIds ? inArray(commandLists.id, listIds) : undefined,
      nothingLeft(commandLists.id),
    )).returning({ id: commandLists.id })
  );
  return done.length;
}
