/**
 * The command details dialog (portal-shell "details of a command"; static backdrop): it loads the
 * command's full record (GET /rest/command/getCommandFull) and shows its status in its display
 * class, its error, dates, schedule, station message and parameters, refreshing while the
 * command is pending or the station still has a step scheduled for it (5 Delivered moves on to
 * 7 Acknowledged or 8 Unacknowledged). A promise-style "Cancel command" button cancels it at the station while it
 * is not final; a refusal shows "Cancel command error : …" in the dialog and as a toast.
 */
import { useEffect, useRef, useState } from "react";
import { useLive } from "../../runtime/live.ts";
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import { FieldTable, shown } from "../../kit/table/FieldTable.tsx";
import { formatDateTime } from "../../kit/format.ts";
import { PromiseButton, usePromiseState } from "../../kit/form/PromiseButton.tsx";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import type { Command } from "../../../openapi/schemas/command/commands.ts";
import type { FullCommand } from "../../../openapi/schemas/command/command_details.ts";
import { COMMAND_MESSAGES } from "../../../openapi/schemas/command/command_messages.ts";
import { cancelCommand, getFullCommand } from "./command_list_api.ts";
import { COMMAND_EVENTS, CommandStatusBadge, protocolLabel } from "./command_status.tsx";

/** How often an open dialog re-reads a pending command. */
export const COMMAND_REFRESH_MS = 2000;

/** Whether the command may still change: pending, or a station step is scheduled. */
export const stillMoving = (c: Pick<FullCommand, "final" | "nextStepAt">) =>
  !c.final || c.nextStepAt !== null;

const dateShown = (iso: string | null | undefined) => iso ? formatDateTime(iso) : "—";

export function CommandDetailsDialog(
  { command, onClose, onChanged }: {
    command: Command | null;
    onClose: () => void;
    /** The command changed here (cancelled): the page refreshes its list. */
    onChanged?: (command: Command) => void;
  },
) {
  const id = command?.commandId;
  const key = id ? `${id.listId}/${id.groupId}/${id.itemId}` : null;
  const [full, setFull] = useState<FullCommand | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const { state, run } = usePromiseState();

  // Load on open; re-read while the command is pending or has a step scheduled, when its list's
  // commands change (every COMMAND_REFRESH_MS while the tab has no event stream).
  const current = useRef(key);
  current.current = key;
  const load = async () => {
    if (!id) return;
    try {
      const fresh = await getFullCommand(id);
      if (current.current !== key) return;
      setFull(fresh);
      setLoadError(null);
    } catch (e) {
      if (current.current === key) setLoadError(COMMAND_MESSAGES.loadError(messageOf(e)));
    }
  };
  useEffect(() => {
    setFull(null);
    setLoadError(null);
    setCancelError(null);
    void load();
  }, [key]);
  useLive(COMMAND_EVENTS, load, {
    pollMs: COMMAND_REFRESH_MS,
    match: (ids) => ids.includes(String(id?.listId)),
    enabled: full !== null && stillMoving(full) && loadError === null,
  });

  async function cancel() {
    if (!id) return;
    setCancelError(null);
    try {
      const after = await run(() => cancelCommand(id));
      toast("success", COMMAND_MESSAGES.cancelled(id));
      setFull(await getFullCommand(id).catch(() => full && { ...full, ...after }));
      onChanged?.(after);
    } catch (e) {
      const message = COMMAND_MESSAGES.cancelError(messageOf(e));
      setCancelError(message);
      toast("error", message);
    }
  }

  // The command as last read (the list's copy until the full record arrives).
  const shownCommand = full ?? command;
  const pending = shownCommand !== null && !shownCommand.final;
  const parameters = Object.entries(shownCommand?.parameters ?? {});
  const message = full?.stationMessage;
  return (
    <Dialog
      open={command !== null}
      title={id ? `Command ${id.listId}/${id.groupId}/${id.itemId}` : "Command details"}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="secondary" data-close onClick={onClose}>
            Close
          </button>
          {(pending || state !== "idle") && (
            <PromiseButton
              type="button"
              className="contrast"
              state={state}
              data-action="cancel-command"
              onClick={cancel}
            >
              Cancel command
            </PromiseButton>
          )}
        </>
      }
    >
      {loadError && <p role="alert" className="field-error">{loadError}</p>}
      {cancelError && <p role="alert" className="field-error" data-error="cancel">{cancelError}</p>}
      {shownCommand && id && (
        <>
          <FieldTable
            name="command"
            rows={[
              ["List", id.listId],
              ["Group", id.groupId],
              ["Item", id.itemId],
              ["Command", shownCommand.command],
              [
                "Target (mt)",
                full?.targetLabel
                  ? `${shown(shownCommand.mt)} (${full.targetLabel})`
                  : shown(shownCommand.mt),
              ],
              ["Protocol", full ? protocolLabel(full.protocol) : "…"],
              ["Sent by", full ? shown(full.user) : "…"],
              ["Sent (UTC)", full ? dateShown(full.listDate) : "…"],
              ["Shout mt type", shown(shownCommand.shoutMtType)],
              ["Generic command type", shown(shownCommand.genericCommandType)],
              ["Command sub type", shown(shownCommand.commandSubType)],
              [
                "Status",
                <CommandStatusBadge key="status" command={shownCommand} withCode />,
              ],
              ["Error code", shown(shownCommand.errorCode)],
              ["Error label", shown(shownCommand.errorLabel)],
              ["Start at (UTC)", dateShown(full?.startAt)],
              ["Next step (UTC)", dateShown(full?.nextStepAt)],
              ["Created (UTC)", formatDateTime(shownCommand.createdAt)],
              ["Updated (UTC)", formatDateTime(shownCommand.updatedAt)],
              ...(message
                ? [
                  ["Station message", `${message.refNum} to ${message.recipient}`] as const,
                  ["Station status", `${message.status} ${message.statusLabel}`] as const,
                ]
                : []),
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
