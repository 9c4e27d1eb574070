/**
 * The shell's confirmation dialog: `await confirm({...})` resolves true or false. One dialog
 * (the ConfirmHost island) serves every island of the page.
 */
import { createStore } from "./store.ts";

interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

interface Pending extends ConfirmRequest {
  resolve: (ok: boolean) => void;
}

export const confirmation = createStore<Pending | null>(null);

export function confirm(request: ConfirmRequest): Promise<boolean> {
  confirmation.get()?.resolve(false);
  return new Promise((resolve) => confirmation.set({ ...request, resolve }));
}

export function settleConfirmation(ok: boolean) {
  const pending = confirmation.get();
  confirmation.set(null);
  pending?.resolve(ok);
}
