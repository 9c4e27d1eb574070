/**
 * The message details dialog of Messaging C's history: the text, recipients, carbon copies,
 * status, notification, and the attachment's download (GET /rest/inmarsat/getAttachmentContent).
 */
import { useState } from "react";
import { Dialog } from "../kit/dialog/Dialog.tsx";
import { Fact } from "../kit/Fact.tsx";
import { formatDateTime } from "../kit/format.ts";
import { formatSize as formatBytes } from "../../openapi/schemas/inmarsat/messaging_c_messages.ts";
import { messageOf } from "../runtime/api.ts";
import { attachmentContent, type StationMessage } from "./messaging_c_api.ts";
import { listHref } from "../management/list/command_list_api.ts";

/** Saves the attachment's bytes under its name. */
async function download(refNum: number) {
  const a = await attachmentContent(refNum);
  const bytes = Uint8Array.from(atob(a.content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: a.contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = a.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function MessageDetailsDialog(
  { message: m, onClose }: { message: StationMessage; onClose: () => void },
) {
  const [error, setError] = useState<string | null>(null);
  const dash = (v: string | null | undefined) => v || "—";
  return (
    <Dialog
      open
      wide
      title={`Message ${m.refNum}`}
      onClose={onClose}
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      <dl className="detail-facts">
        <Fact label="Recipient">
          {m.recipient}
          {m.recipientLabel ? ` (${m.recipientLabel})` : ""}
        </Fact>
        <Fact label="Carbon copies">{m.carbonCopies.join(", ") || "—"}</Fact>
        <Fact label="Status">
          <span data-testid="details-status">{m.statusLabel}</span>
        </Fact>
        <Fact label="Sent">{formatDateTime(m.createdAt)}</Fact>
        <Fact label="Last change">{formatDateTime(m.updatedAt)}</Fact>
        <Fact label="Size">{formatBytes(m.size)}</Fact>
        <Fact label="Format">{m.format}</Fact>
        <Fact label="From">{dash(m.from)}</Fact>
        <Fact label="Reply-to">{dash(m.replyTo)}</Fact>
        <Fact label="Notification">
          {m.notificationRecipients.length
            ? `${m.notificationRecipients.join(", ")}${
              m.notificationReference ? ` (${m.notificationReference})` : ""
            }${m.notificationDate ? `, ${formatDateTime(m.notificationDate)}` : ""}`
            : "—"}
        </Fact>
        <Fact label="Command list">
          {m.listId === null
            ? "—"
            : (
              <a href={listHref(m.listId, m.groupId ?? undefined, m.itemId ?? undefined)}>
                {m.listId}
              </a>
            )}
        </Fact>
        <Fact label="Attachment">
          {m.attachmentName
            ? (
              <button
                type="button"
                className="secondary outline"
                onClick={() => {
                  setError(null);
                  download(m.refNum).catch((e) => setError(messageOf(e)));
                }}
              >
                Download {m.attachmentName}
                {m.attachmentSize !== null ? ` (${formatBytes(m.attachmentSize)})` : ""}
              </button>
            )
            : "—"}
        </Fact>
      </dl>
      {error && <p role="alert" className="field-error">{error}</p>}
      <h3>Text</h3>
      <pre className="message-text">{m.text || "—"}</pre>
    </Dialog>
  );
}
