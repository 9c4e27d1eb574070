/** A row's history in a dialog, for rows without a page of their own (a route). */
import { Dialog } from "../../kit/dialog/Dialog.tsx";
import type { HistoryOf } from "./audit_api.ts";
import { HistoryTable } from "./history_table.tsx";

export function HistoryDialog(
  { of, title, onClose }: { of: HistoryOf | null; title: string; onClose: () => void },
) {
  return (
    <Dialog
      open={of !== null}
      title={title}
      wide
      onClose={onClose}
      footer={<button type="button" onClick={onClose}>Close</button>}
    >
      {of && <HistoryTable of={of} />}
    </Dialog>
  );
}
