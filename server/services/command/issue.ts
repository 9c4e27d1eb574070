/**
 * Issuing commands: every way the portal sends something to terminals (a poll, a program, a
 * tracking change, an irext command, a Messaging C message) records one command list with its
 * commands first, in one transaction, and then hands each command to the land earth station
 * (server/station/adapter.ts). The list is what the user follows on /management/list/{listId}.
 *
 * A command the station refuses at handover becomes 6 Failed with the station's fault; one whose
 * handover fails otherwise (the database, a bug) becomes 6 Failed "Handover to the LES failed".
 * The list is finished once nothing of it is pending (settleList).
 *
 * Restart safety: every command the station drives (all but 'sendMessage', which its station
 * message drives) is recorded with its first step already due (`nextStepAt`: now, or its start
 * time), so the station picks it up on its next tick even when the handover never happened (a
 * crash between the insert and the handover). A real LES adapter's `advance()` hands over any
 * such row still owed to the station.
 */
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { commandLists, commands } from "../../../db/schema/mod.ts";
import type { CommandId } from "../../../openapi/schemas/command/commands.ts";
import { type StationAdapter, StationFault } from "../../station/adapter.ts";
import { settleListAfter } from "./cancel.ts";
import { withRetry } from "./retry.ts";
import { keptLabels } from "./target_labels.ts";

export const IN_PROGRESS = 1;
const START_TIME_DELAYED = 3;
export const FAILED = 6;
/** The error code of a command the station refused at handover. */
const HANDOVER_REFUSED = 4002;
/** The error label of a command whose handover failed for another reason than the station's. */
const HANDOVER_FAILED_LABEL = "Handover to the LES failed";
/** Commands the station does not drive by their own schedule: their station message does. */
const MESSAGE_DRIVEN = new Set(["sendMessage"]);

/** One command to issue; groupId and itemId default to group 1, items numbered from 1. */
export interface NewCommand {
  groupId?: number;
  itemId?: number;
  command: string;
  mt: string | null;
  shoutMtType?: number | null;
  genericCommandType?: number | null;
  commandSubType?: number | null;
  parameters: Record<string, unknown>;
  /** Not before this time (3 Start time delayed until then). */
  startAt?: Date | null;
}

interface NewCommandList {
  userKey: number | null;
  /** The company the list belongs to (a client: its own; an administrator: the target's owner). */
  companyId: number | null;
  /** COMMAND_PROTOCOLS: 0 HTTP (the portal's pages), … 5 MESSAGINGC. */
  protocol: number;
  commands: NewCommand[];
}

export interface IssuedCommand extends NewCommand {
  commandId: CommandId;
  startAt: Date | null;
}

/**
 * Inserts the list and its commands (1 In Progress, or 3 when they start later), each with its
 * target's label as the list's company sees it now (kept: docs/decisions/0019).
 */
export async function createCommandList(
  tx: Tx,
  list: NewCommandList,
  now = new Date(),
): Promise<{ listId: number; commands: IssuedCommand[] }> {
  const [row] = await tx.insert(commandLists).values({
    userKey: list.userKey,
    companyId: list.companyId,
    protocol: list.protocol,
    terminated: false,
    date: now,
  }).returning({ id: commandLists.id });
  const items = new Map<number, number>();
  const issued = list.commands.map((c): IssuedCommand => {
    const groupId = c.groupId ?? 1;
    const itemId = c.itemId ?? (items.get(groupId) ?? 0) + 1;
    items.set(groupId, Math.max(itemId, items.get(groupId) ?? 0));
    return { ...c, startAt: c.startAt ?? null, commandId: { listId: row.id, groupId, itemId } };
  });
  if (issued.length) {
    const labels = await keptLabels(tx, list.companyId, issued);
    await tx.insert(commands).values(issued.map((c, i) => ({
      ...c.commandId,
      command: c.command,
      mt: c.mt,
      targetLabel: labels[i],
      shoutMtType: c.shoutMtType ?? null,
      genericCommandType: c.genericCommandType ?? null,
      commandSubType: c.commandSubType ?? null,
      parameters: c.parameters,
      startAt: c.startAt,
      status: c.startAt && c.startAt > now ? START_TIME_DELAYED : IN_PROGRESS,
      // Due for the station at once (or at its start), handed over or not (restart safety).
      nextStepAt: MESSAGE_DRIVEN.has(c.command)
        ? null
        : c.startAt && c.startAt > now
        ? c.startAt
        : now,
      createdAt: now,
      updatedAt: now,
    })));
  }
  return { listId: row.id, commands: issued };
}

/**
 * Marks a command the station refused as 6 Failed with its fault, and settles the list (after
 * the commit: no list lock while the command is locked).
 */
export async function markRefused(db: Db, id: CommandId, fault: string): Promise<void> {
  await withRetry(() =>
    db.update(commands).set({
      status: FAILED,
      errorCode: HANDOVER_REFUSED,
      errorLabel: fault,
      nextStepAt: null,
      updatedAt: new Date(),
    }).where(and(
      eq(commands.listId, id.listId),
      eq(commands.groupId, id.groupId),
      eq(commands.itemId, id.itemId),
    ))
  );
  await settleListAfter(db, [id.listId]);
}

/**
 * Marks a command whose handover failed for another reason than a station refusal (a database
 * or programming error) as 6 Failed "Handover to the LES failed", and settles its list. For
 * callers that hand commands or messages over themselves (Messaging C).
 */
export const markHandoverFailed = (db: Db, id: CommandId): Promise<void> =>
  markRefused(db, id, HANDOVER_FAILED_LABEL);

/**
 * Records the list and hands each command to the station. Answers the list id; a refused
 * command is Failed (the others go on). Any other error fails the command being handed over
 * ("Handover to the LES failed") and is thrown on; the commands not handed over yet are due
 * already, so the station still runs them.
 */
export async function issueCommands(
  db: Db,
  station: StationAdapter,
  list: NewCommandList,
): Promise<{ listId: number; commands: IssuedCommand[] }> {
  const created = await db.transaction((tx) => createCommandList(tx, list));
  for (const c of created.commands) {
    try {
      await station.sendCommand({
        commandId: c.commandId,
        command: c.command,
        mt: c.mt,
        genericCommandType: c.genericCommandType ?? null,
        commandSubType: c.commandSubType ?? null,
        parameters: c.parameters,
        startAt: c.startAt,
      });
    } catch (e) {
      if (!(e instanceof StationFault)) {
        await markHandoverFailed(db, c.commandId).catch(() => {});
        throw e;
      }
      await markRefused(db, c.commandId, e.message);
    }
  }
  return created;
}
