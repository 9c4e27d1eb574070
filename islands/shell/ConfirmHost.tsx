/** The one confirmation dialog of the page; islands open it with `confirm()`. */
import { useStore } from "../runtime/store.ts";
import { confirmation, settleConfirmation } from "../runtime/confirm.ts";
import { Dialog } from "../kit/dialog/Dialog.tsx";

export default function ConfirmHost() {
  const pending = useStore(confirmation);
  return (
    <Dialog
      open={pending !== null}
      title={pending?.title ?? "Confirm"}
      onClose={() => settleConfirmation(false)}
      initialFocus="[data-confirm-cancel]"
      footer={
        <>
          <button
            type="button"
            className="secondary"
            data-confirm-cancel=""
            onClick={() => settleConfirmation(false)}
          >
            {pending?.cancelLabel ?? "Cancel"}
          </button>
          <button
            type="button"
            className={pending?.danger ? "contrast" : undefined}
            onClick={() => settleConfirmation(true)}
          >
            {pending?.confirmLabel ?? "OK"}
          </button>
        </>
      }
    >
      <p>{pending?.message}</p>
    </Dialog>
  );
}
