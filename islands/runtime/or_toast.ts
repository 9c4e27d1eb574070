/** A call whose failure is also a toast (the dialogs that show it keep their own message too). */
import { messageOf } from "./api.ts";
import { toast } from "./toasts.ts";

/** Runs a call; on failure a danger toast "<what>: <the server's message>", then rethrows. */
export async function orToast<T>(what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (e) {
    toast("error", `${what}: ${messageOf(e)}`);
    throw e;
  }
}
