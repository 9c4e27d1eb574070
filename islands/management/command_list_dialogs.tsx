/**
 * What the command list islands load on first use: the confirmed cancel of a list's execution,
 * and the command details dialog (static backdrop) with every field of a command.
 */
import { Dialog } from "../kit/Dialog.tsx";
import { FieldTable, shown } from "../kit/FieldTable.tsx";
import { formatDateTime } from "../kit/format.ts";
import { messageOf } from "../runtime/api.ts";
import { confirm } from "../runtime/confirm.ts";
import { toast } from "../runtime/toasts.ts";
import type { Command } from "../../openapi/schemas/commands.ts";
import { type CommandListFull, LIST_MESSAGES } from "../../openapi/schemas/lists.ts";
import { cancelCommandList } from "./command_list_api.ts";
import { CommandStatusBadge } from "./command_status.tsx";

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

export function CommandDetailsDialog(
  { command, onClose }: { command: Command | null; onClose: () => void },
) {
  const id = command?.commandId;
  const parameters = Object.entries(command?.parameters ?? {});
  return (
    <Dialog
      open={command !== null}
      title={id ? `Command ${id.listId}/${id.groupId}/${id.itemId}` : "Command details"}
      onClose={onClose}
      wide
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {command && id && (
        <>
          <FieldTable
            name="command"
            rows={[
              ["List", id.listId],
              ["Group", id.groupId],
              ["Item", id.itemId],
              ["Command", command.command],
              ["Target (mt)", shown(command.mt)],
              ["Shout mt type", shown(command.shoutMtType)],
              ["Generic command type", shown(command.genericCommandType)],
              ["Command sub type", shown(command.commandSubType)],
              ["Status", <CommandStatusBadge key="status" command={command} withCode />],
              ["Error code", shown(command.errorCode)],
              ["Error label", shown(command.errorLabel)],
              ["Created (UTC)", formatDateTime(command.createdAt)],
              ["Updated (UTC)", formatDateTime(command.updatedAt)],
            ]}
          />
          <h3>Parameters</h3>
          {parameters.length === 0
            ? <p className="muted">No parameters.</p>
            : <FieldTable name="parameters" rows={parameters.map(([k, v]) => [k, shown(v)])} />}
        </>
      )}
    </Dialog>
  );
}
