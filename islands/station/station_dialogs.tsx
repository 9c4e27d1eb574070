/**
 * What the LES traffic islands load on first use: a message's details dialog (static backdrop)
 * with the whole message, its carbon copies, notification and attachment; and the confirmed
 * delete of a message forward in progress ('An error occured while deleting the message: …'
 * when refused).
 */
import { Dialog } from "../kit/dialog/Dialog.tsx";
import { FieldTable, shown } from "../kit/table/FieldTable.tsx";
import { formatDateTime } from "../kit/format.ts";
import { messageOf } from "../runtime/api.ts";
import { confirm } from "../runtime/confirm.ts";
import { toast } from "../runtime/toasts.ts";
import { STATION_MESSAGES } from "../../openapi/schemas/station/station_messages.ts";
import type { StationMessage } from "../../openapi/schemas/station/station.ts";
import { deleteStationMessage } from "./station_api.ts";
import { listHref } from "../management/list/command_list_api.ts";

const DELETE_PREFIX = STATION_MESSAGES.deleteError("");

/** Asks, then deletes; true when the message is now deleted. */
export async function deleteMessage(message: StationMessage): Promise<boolean> {
  const ok = await confirm({
    title: "Delete message",
    message: STATION_MESSAGES.confirmDelete(message.refNum),
    confirmLabel: "Delete",
    cancelLabel: "Keep it",
    danger: true,
  });
  if (!ok) return false;
  try {
    await deleteStationMessage(message.refNum);
    toast("success", STATION_MESSAGES.deleted(message.refNum));
    return true;
  } catch (e) {
    const text = messageOf(e);
    toast("error", text.startsWith(DELETE_PREFIX) ? text : STATION_MESSAGES.deleteError(text));
    return false;
  }
}

const kb = (bytes: number | null) => bytes === null ? "—" : `${bytes} bytes`;

export default function StationMessageDetails(
  { message: m, onClose }: { message: StationMessage; onClose: () => void },
) {
  return (
    <Dialog
      open
      title={`Message ${m.refNum}`}
      onClose={onClose}
      wide
      footer={<button type="button" data-close onClick={onClose}>Close</button>}
    >
      <FieldTable
        name="station-message"
        rows={[
          ["Reference", m.refNum],
          ["Status", `${m.status} ${m.statusLabel}`],
          ["LES", m.les],
          ["Recipient", m.recipientLabel ? `${m.recipient} (${m.recipientLabel})` : m.recipient],
          ["Carbon copies", m.carbonCopies.length ? m.carbonCopies.join(", ") : "—"],
          ["Format", m.format],
          ["Size", kb(m.size)],
          ["Sender", shown(m.sender)],
          ["From", shown(m.from)],
          ["Reply to", shown(m.replyTo)],
          [
            "Command",
            m.listId === null ? "—" : (
              <a
                key="list"
                href={listHref(m.listId, m.groupId ?? undefined, m.itemId ?? undefined)}
              >
                {[m.listId, m.groupId, m.itemId].filter((v) => v !== null).join("/")}
              </a>
            ),
          ],
          [
            "Attachment",
            m.attachmentName ? `${m.attachmentName} (${kb(m.attachmentSize)})` : "—",
          ],
          [
            "Notification",
            m.notificationRecipients.length ? m.notificationRecipients.join(", ") : "—",
          ],
          ["Notification reference", shown(m.notificationReference)],
          ["Notification date (UTC)", shown(formatDateTime(m.notificationDate))],
          ["Created (UTC)", formatDateTime(m.createdAt)],
          ["Updated (UTC)", formatDateTime(m.updatedAt)],
        ]}
      />
      <h3>Text</h3>
      <pre className="message-text" data-message-text>{m.text || "—"}</pre>
    </Dialog>
  );
}
