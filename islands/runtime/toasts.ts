/** Toasts: the spec's four titles, shown by the Toaster island, dismissed after a few seconds. */
import { createStore } from "./store.ts";

export type ToastKind = "error" | "warning" | "information" | "success";
interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_TITLES: Record<ToastKind, string> = {
  error: "Error",
  warning: "Warning",
  information: "Information",
  success: "Success",
};
/** How long a toast stays; errors stay until dismissed or twice as long. */
const TOAST_MS = 6000;

export const toasts = createStore<Toast[]>([]);
let next = 1;

export function dismissToast(id: number) {
  toasts.set((list) => list.filter((t) => t.id !== id));
}

export function toast(kind: ToastKind, message: string): number {
  const id = next++;
  toasts.set((list) => [...list.slice(-4), { id, kind, message }]);
  if (typeof setTimeout === "function") {
    setTimeout(() => dismissToast(id), kind === "error" ? TOAST_MS * 2 : TOAST_MS);
  }
  return id;
}
