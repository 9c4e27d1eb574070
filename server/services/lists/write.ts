/**
 * Cancelling a command list (GET /rest/list/cancel): in one transaction, with the list's row
 * locked (a concurrent cancel waits, then finds it finished), every pending command becomes
 * 13 Cancelled and the list is finished. A finished list is refused (409), another company's
 * answers like a missing one (404).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commandLists } from "../../../db/schema/mod.ts";
import { type CommandListFull, LIST_MESSAGES } from "../../../openapi/schemas/lists.ts";
import { ApiError } from "../../errors.ts";
import { companyRows, type Scope } from "../tenancy.ts";
import { cancelPendingCommands, settleList } from "../commands/cancel.ts";
import { getCommandsFull, listNotFound } from "./read.ts";

export function cancelList(db: Db, scope: Scope, listId: number): Promise<CommandListFull> {
  return db.transaction(async (tx) => {
    const [list] = await tx.select({ terminated: commandLists.terminated }).from(commandLists)
      .where(and(eq(commandLists.id, listId), companyRows(scope, commandLists.companyId)))
      .for("update");
    if (!list) throw listNotFound();
    if (list.terminated) throw new ApiError(409, LIST_MESSAGES.finished(listId));
    await cancelPendingCommands(tx, { listId });
    await settleList(tx, listId);
    return await getCommandsFull(tx as unknown as Db, scope, listId);
  });
}
