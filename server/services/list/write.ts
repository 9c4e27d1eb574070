/**
 * Cancelling a command list (GET /rest/list/cancel): in one transaction, with the list's row
 * locked (a concurrent cancel waits, then finds it finished), every pending command becomes
 * 13 Cancelled and the list is finished. A finished list is refused (409), another company's
 * answers like a missing one (404). Lock order: the list row, then its station messages, then
 * its commands (server/services/command/cancel.ts); a deadlock or serialization failure runs
 * the transaction again (then 503).
 *
 * A message command whose station message has already left 0 forward in progress is not
 * cancelled (the message is on its way): the list stays unfinished until it settles.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists } from "../../../db/schema/mod.ts";
import { type CommandListFull, LIST_MESSAGES } from "../../../openapi/schemas/list/lists.ts";
import { ApiError } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { cancelPendingCommands, settleList } from "../command/cancel.ts";
import { withRetry } from "../command/retry.ts";
import { getCommandsFull, listNotFound } from "./read.ts";

export function cancelList(db: Db, scope: Scope, listId: number): Promise<CommandListFull> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const [list] = await tx.select({ terminated: commandLists.terminated }).from(commandLists)
        .where(and(eq(commandLists.id, listId), companyRows(scope, commandLists.companyId)))
        .for("update");
      if (!list) throw listNotFound();
      if (list.terminated) throw new ApiError(409, LIST_MESSAGES.finished(listId));
      await cancelPendingCommands(tx, { listId });
      await settleList(tx, listId);
      return await getCommandsFull(tx, scope, listId);
    })
  );
}
