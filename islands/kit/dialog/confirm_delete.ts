import { messageOf } from "../../runtime/api.ts";
import { confirm } from "../../runtime/confirm.ts";
import { toast } from "../../runtime/toasts.ts";

/**
 * Asks (a danger dialog with "Delete"), then deletes: a success toast, or an error toast with
 * the server's message (a refusal). True when it was deleted.
 */
export async function confirmDelete<T>(
  ask: { title: string; message: string },
  remove: () => Promise<T>,
  deleted: (gone: T) => string,
): Promise<boolean> {
  if (!await confirm({ ...ask, confirmLabel: "Delete", danger: true })) return false;
  try {
    const gone = await remove();
    toast("success", deleted(gone));
    return true;
  } catch (e) {
    toast("error", messageOf(e));
    return false;
  }
}
