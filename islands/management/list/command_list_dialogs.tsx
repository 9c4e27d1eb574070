/**
 * What the command list islands load on first use: the confirmed cancel of a list's execution,
 * and the command details dialog (./command_details.tsx).
 */
import { messageOf } from "../../runtime/api.ts";
import { confirm } from "../../runtime/confirm.ts";
import { toast } from "../../runtime/toasts.ts";
import { type CommandListFull, LIST_MESSAGES } from "../../../openapi/schemas/list/lists.ts";
import { cancelCommandList } from "./command_list_api.ts";

/**
 * Asks, then cancels each list in turn: a success toast for each, "Cancel command error : …"
 * with the server's message for each refusal. Answers the lists as they are now (the refused
 * ones left out); null when the user said no.
 */
export async function cancelExecution(listIds: number[]): Promise<CommandListFull[] | null> {
  const ok = await confirm({
    title: "Cancel execution",
    message: LIST_MESSAGES.confirmCancel(listIds),
    confirmLabel: "Cancel execution",
    cancelLabel: "Keep running",
    danger: true,
  });
  if (!ok) return null;
  const done: CommandListFull[] = [];
  for (const id of listIds) {
    try {
      done.push(await cancelCommandList(id));
      toast("success", LIST_MESSAGES.cancelled(id));
    } catch (e) {
      toast("error", LIST_MESSAGES.cancelError(messageOf(e)));
    }
  }
  return done;
}

export { CommandDetailsDialog } from "./command_details.tsx";
