/**
 * The simulated LES station's schedule (server/station/simulated.ts), kept in the portal's own rows:
 * `commands.nextStepAt` and `station_messages.nextStepAt` say when a row moves next (null: nothing
 * scheduled). `advanceStation(now)` moves every due row one step, each inside a transaction that
 * locks the rows it moves (FOR UPDATE SKIP LOCKED), so several instances may tick at once and a
 * row never moves twice for one step. Lock order (server/services/command/cancel.ts): station
 * messages, then commands; a list row is never locked inside these transactions: the lists are
 * settled after the commit, and every tick sweeps lists left unfinished. A transaction the
 * database rolls back for a deadlock runs again (withRetry).
 *
 * Commands: 3 Start time delayed → 1 In Progress (at startAt) → 2 Sent (or 6 Failed) →
 * 5 Delivered → 7 Acknowledged (or 8 Unacknowledged).
 * Messages: 0 forward in progress → 7 in mailbox (command 2 Sent) → 11 wait confirm →
 * 12 delivered (command 5 Delivered); or 0 → 13 failed (command 6 Failed).
 */
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { commands, stationMessages } from "../../db/schema/mod.ts";
import {
  COMMAND_STATUS,
  LES_ERRORS,
  STATION_MESSAGE_DELETABLE_STATUS,
  STATION_MESSAGE_STATUS,
} from "../../openapi/enums.ts";
import {
  COMMAND_CANCELLED,
  type CommandId,
  isFinalCommandStatus,
} from "../../openapi/schemas/command/commands.ts";
import type { AdvanceScope, CommandState } from "./adapter.ts";
import { settleListAfter, sweepFinishedLists } from "../services/command/cancel.ts";
import { withRetry } from "../services/command/retry.ts";

/** How the station plays its schedule. */
export interface StationPlay {
  /** Time between two steps of a row. */
  stepMs: number;
  /** Share (0–1) of commands and messages that fail. */
  failureShare: number;
  /** Uniform numbers in [0, 1). */
  random: () => number;
}

/** Command statuses the station moves through. */
const CMD = {
  IN_PROGRESS: 1,
  SENT: 2,
  DELAYED: 3,
  DELIVERED: 5,
  FAILED: 6,
  ACKNOWLEDGED: 7,
  UNACKNOWLEDGED: 8,
  CANCELLED: 13,
} as const;

/** Station message statuses the station moves through. */
export const MSG = {
  FORWARD: STATION_MESSAGE_DELETABLE_STATUS,
  IN_MAILBOX: 7,
  WAIT_CONFIRM: 11,
  DELIVERED: 12,
  FAILED: 13,
  USER_DELETED: 14,
} as const;

/** Rows moved per call and table; the rest move on the next tick. */
const BATCH = 500;

/** The error of a command that fails the way `status` says (6 Failed, 8 Unacknowledged). */
const errorFor = (status: 6 | 8, play: StationPlay) => {
  const choices = LES_ERRORS[status];
  const [errorCode, errorLabel] = choices[Math.floor(play.random() * choices.length)] ??
    choices[0];
  return { errorCode, errorLabel };
};

/**
 * The failure split: half the share fails at the first step, the other half among those that
 * passed it at the last one (so the overall failure rate is `failureShare`).
 */
const failsFirst = (play: StationPlay) => play.random() < play.failureShare / 2;
const failsLast = (play: StationPlay) =>
  play.random() < (play.failureShare / 2) / (1 - play.failureShare / 2);

const commandKey = (id: CommandId) =>
  and(
    eq(commands.listId, id.listId),
    eq(commands.groupId, id.groupId),
    eq(commands.itemId, id.itemId),
  );

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

export const commandLabel = (id: CommandId) => `command ${id.listId}/${id.groupId}/${id.itemId}`;
const statusName = (status: number) =>
  COMMAND_STATUS[status as keyof typeof COMMAND_STATUS] ?? `status ${status}`;
const messageStatusName = (status: number) =>
  STATION_MESSAGE_STATUS[status as keyof typeof STATION_MESSAGE_STATUS] ?? `status ${status}`;

/** Why the station refuses to delete message `refNum` in `status`. */
const undeletableReason = (refNum: number, status: number) =>
  `message ${refNum} is ${
    messageStatusName(status)
  }: only a message forward in progress can be deleted`;

const stateOf = (r: { status: number; errorCode: number | null; errorLabel: string | null }) => ({
  status: r.status,
  errorCode: r.errorCode,
  errorLabel: r.errorLabel,
});

/** The command's state at the station; null when there is no such command. */
export async function readCommandState(db: Db | Tx, id: CommandId): Promise<CommandState | null> {
  const [row] = await db.select({
    status: commands.status,
    errorCode: commands.errorCode,
    errorLabel: commands.errorLabel,
  }).from(commands).where(commandKey(id));
  return row ? stateOf(row) : null;
}

/**
 * Schedules a handed-over command: its first step is due after one step, or at its start time
 * when that is later. A command already final (or unknown: null) is left as it is.
 */
export async function scheduleCommand(
  db: Db,
  id: CommandId,
  startAt: Date | null,
  play: StationPlay,
  now = new Date(),
): Promise<CommandState | null> {
  const soon = later(now, play.stepMs);
  const [row] = await db.update(commands).set({
    nextStepAt: startAt && startAt > soon ? startAt : soon,
  }).where(and(commandKey(id), inArray(commands.status, [CMD.IN_PROGRESS, CMD.DELAYED])))
    .returning({
      status: commands.status,
      errorCode: commands.errorCode,
      errorLabel: commands.errorLabel,
    });
  return row ? stateOf(row) : await readCommandState(db, id);
}

/** The next state of a command at `now`, or null when it stays (it should not be due). */
function nextCommandState(
  row: typeof commands.$inferSelect,
  now: Date,
  play: StationPlay,
): Partial<typeof commands.$inferInsert> | null {
  const step = later(now, play.stepMs);
  switch (row.status) {
    case CMD.DELAYED:
      return { status: CMD.IN_PROGRESS, nextStepAt: step };
    case CMD.IN_PROGRESS:
      return failsFirst(play)
        ? { status: CMD.FAILED, ...errorFor(6, play), nextStepAt: null }
        : { status: CMD.SENT, nextStepAt: step };
    case CMD.SENT:
      return { status: CMD.DELIVERED, nextStepAt: step };
    case CMD.DELIVERED:
      return failsLast(play)
        ? { status: CMD.UNACKNOWLEDGED, ...errorFor(8, play), nextStepAt: null }
        : { status: CMD.ACKNOWLEDGED, nextStepAt: null };
    default:
      return null;
  }
}

/** The rows of `table` due to move at `now` (of the scope's lists, when given). */
const dueAt = (
  table: typeof commands | typeof stationMessages,
  now: Date,
  scope?: AdvanceScope,
) =>
  and(
    isNotNull(table.nextStepAt),
    lte(table.nextStepAt, now),
    scope ? inArray(table.listId, scope.listIds) : undefined,
  );

/** How many rows a step moved, and the lists whose commands it finished (to settle). */
interface Moved {
  moved: number;
  lists: Set<number>;
}

/**
 * Moves the due rows of `table` one step, in one transaction: locks up to BATCH of them, first
 * due first, skipping rows another instance holds, and hands each to `step`, which answers
 * whether the row moved and the list it finished a command of (null: none).
 */
function advanceDue<T extends typeof commands | typeof stationMessages>(
  db: Db,
  table: T,
  now: Date,
  scope: AdvanceScope | undefined,
  step: (tx: Tx, row: T["$inferSelect"]) => Promise<{ moved: boolean; list: number | null }>,
): Promise<Moved> {
  return db.transaction(async (tx) => {
    // Drizzle cannot type a select from a table that is a type parameter: typed as T's rows.
    const due = await tx.select().from(table as typeof commands)
      .where(dueAt(table, now, scope))
      .orderBy(asc(table.nextStepAt))
      .limit(BATCH)
      .for("update", { skipLocked: true }) as T["$inferSelect"][];
    const lists = new Set<number>();
    let moved = 0;
    for (const row of due) {
      const done = await step(tx, row);
      if (done.moved) moved++;
      if (done.list !== null) lists.add(done.list);
    }
    return { moved, lists };
  });
}

/** Moves the due commands one step; answers how many moved. */
function advanceCommands(
  db: Db,
  now: Date,
  play: StationPlay,
  scope?: AdvanceScope,
): Promise<Moved> {
  return advanceDue(db, commands, now, scope, async (tx, row) => {
    const next = nextCommandState(row, now, play) ?? { nextStepAt: null };
    await tx.update(commands).set({ ...next, updatedAt: now }).where(commandKey(row));
    return {
      moved: next.status !== undefined,
      list: next.nextStepAt === null ? row.listId : null,
    };
  });
}

/** What a message step does to the command carrying it. */
type CarriedChange = Partial<typeof commands.$inferInsert> | null;

/**
 * A message's next state at `now`: 0 forward in progress → 7 in mailbox (its command 2 Sent) or,
 * for the failing share, 13 failed (6 Failed) → 11 wait confirm → 12 delivered (5 Delivered).
 * A status that does not move (null) only loses its schedule.
 */
function nextMessageState(status: number, now: Date, play: StationPlay): {
  status: number | null;
  nextStepAt: Date | null;
  carried: CarriedChange;
} {
  const step = later(now, play.stepMs);
  switch (status) {
    case MSG.FORWARD:
      return play.random() < play.failureShare
        ? {
          status: MSG.FAILED,
          nextStepAt: null,
          carried: { status: CMD.FAILED, ...errorFor(6, play) },
        }
        : { status: MSG.IN_MAILBOX, nextStepAt: step, carried: { status: CMD.SENT } };
    case MSG.IN_MAILBOX:
      return { status: MSG.WAIT_CONFIRM, nextStepAt: step, carried: null };
    case MSG.WAIT_CONFIRM:
      return { status: MSG.DELIVERED, nextStepAt: null, carried: { status: CMD.DELIVERED } };
    default:
      return { status: null, nextStepAt: null, carried: null };
  }
}

/** Moves the due station messages one step (and their commands); answers how many moved. */
function advanceMessages(
  db: Db,
  now: Date,
  play: StationPlay,
  scope?: AdvanceScope,
): Promise<Moved> {
  return advanceDue(db, stationMessages, now, scope, async (tx, row) => {
    const { status, nextStepAt, carried } = nextMessageState(row.status, now, play);
    await tx.update(stationMessages).set({
      ...(status === null ? {} : { status, updatedAt: now }),
      nextStepAt,
    }).where(eq(stationMessages.refNum, row.refNum));
    let list: number | null = null;
    if (carried && row.listId !== null && row.groupId !== null && row.itemId !== null) {
      const id = { listId: row.listId, groupId: row.groupId, itemId: row.itemId };
      // Only a command still under way follows its message (a cancelled one stays cancelled).
      await tx.update(commands).set({ ...carried, updatedAt: now }).where(and(
        commandKey(id),
        inArray(commands.status, [CMD.IN_PROGRESS, CMD.SENT, CMD.DELAYED]),
      ));
      if (isFinalCommandStatus(carried.status ?? 0)) list = row.listId;
    }
    return { moved: status !== null, list };
  });
}

/**
 * Moves every due command and message one step at `now`; answers how many moved. Then settles
 * the lists it finished commands of (after each step's commit) and sweeps the unfinished lists
 * with nothing left to do (of the scope, or all).
 */
export async function advanceStation(
  db: Db,
  now: Date,
  play: StationPlay,
  scope?: AdvanceScope,
): Promise<number> {
  if (scope && !scope.listIds.length) return 0;
  let moved = 0;
  for (const step of [advanceCommands, advanceMessages]) {
    const done = await withRetry(() => step(db, now, play, scope));
    moved += done.moved;
    await settleListAfter(db, done.lists);
  }
  await sweepFinishedLists(db, scope?.listIds);
  return moved;
}

/** A station refusal, thrown inside the transactions below and turned into a StationFault. */
export class StationRefusal extends Error {}

/** The station status of message `refNum`; null when unknown. */
export async function readMessageStatus(db: Db, refNum: number): Promise<number | null> {
  const [row] = await db.select({ status: stationMessages.status }).from(stationMessages)
    .where(eq(stationMessages.refNum, refNum));
  return row?.status ?? null;
}

/**
 * Marks the command carried by a deleted message (or cancelled) as 13 Cancelled; the caller
 * settles its list after the commit.
 */
async function cancelCommandRow(tx: Tx, id: CommandId, now: Date) {
  const [row] = await tx.update(commands).set({
    status: COMMAND_CANCELLED.status,
    errorCode: COMMAND_CANCELLED.errorCode,
    errorLabel: COMMAND_CANCELLED.errorLabel,
    nextStepAt: null,
    updatedAt: now,
  }).where(commandKey(id)).returning({
    status: commands.status,
    errorCode: commands.errorCode,
    errorLabel: commands.errorLabel,
  });
  return row ? stateOf(row) : null;
}

/** Deletes message `refNum` if it is forward in progress (→ 14); throws StationRefusal else. */
export async function deleteStationMessage(db: Db, refNum: number, now = new Date()) {
  const listId = await withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(stationMessages)
        .where(eq(stationMessages.refNum, refNum)).for("update");
      if (!row) throw new StationRefusal(`message ${refNum} is unknown`);
      if (row.status !== MSG.FORWARD) {
        throw new StationRefusal(undeletableReason(refNum, row.status));
      }
      await tx.update(stationMessages).set({
        status: MSG.USER_DELETED,
        nextStepAt: null,
        updatedAt: now,
      })
        .where(eq(stationMessages.refNum, refNum));
      if (row.listId !== null && row.groupId !== null && row.itemId !== null) {
        const id = { listId: row.listId, groupId: row.groupId, itemId: row.itemId };
        const state = await readCommandState(tx, id);
        if (state && !isFinalCommandStatus(state.status)) await cancelCommandRow(tx, id, now);
      }
      return row.listId;
    })
  );
  if (listId !== null) await settleListAfter(db, [listId]);
}

/**
 * Cancels a pending command (→ 13 Cancelled); a message command also deletes its station message,
 * which must still be forward in progress. Throws StationRefusal for a final or unknown command.
 */
export async function cancelStationCommand(
  db: Db,
  id: CommandId,
  now = new Date(),
): Promise<CommandState> {
  const state = await withRetry(() =>
    db.transaction(async (tx) => {
      // Lock order: the message, then the command (as the message steps do).
      const messages = await tx.select().from(stationMessages).where(and(
        eq(stationMessages.listId, id.listId),
        eq(stationMessages.groupId, id.groupId),
        eq(stationMessages.itemId, id.itemId),
      )).orderBy(asc(stationMessages.refNum)).for("update");
      const [row] = await tx.select().from(commands).where(commandKey(id)).for("update");
      if (!row) throw new StationRefusal(`${commandLabel(id)} is unknown`);
      if (isFinalCommandStatus(row.status)) {
        throw new StationRefusal(
          `${commandLabel(id)} is ${
            statusName(row.status)
          }: only a pending command can be cancelled`,
        );
      }
      const moving = messages.find((m) => m.status !== MSG.FORWARD && !isFinal(m.status));
      if (moving) throw new StationRefusal(undeletableReason(moving.refNum, moving.status));
      for (const m of messages.filter((m) => m.status === MSG.FORWARD)) {
        await tx.update(stationMessages).set({
          status: MSG.USER_DELETED,
          nextStepAt: null,
          updatedAt: now,
        }).where(eq(stationMessages.refNum, m.refNum));
      }
      return (await cancelCommandRow(tx, id, now))!;
    })
  );
  await settleListAfter(db, [id.listId]);
  return state;
}

/** Station statuses a message does not leave. */
const isFinal = (status: number) =>
  status === MSG.DELIVERED || status === MSG.FAILED || status >= MSG.USER_DELETED;
