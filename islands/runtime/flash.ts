/** Messages the server hands to the next page (route change errors) become toasts. */
import { toast, type ToastKind } from "./toasts.ts";

export function showFlash(scope: ParentNode) {
  const el = scope.querySelector<HTMLScriptElement>("script[data-flash]");
  if (!el) return;
  el.remove();
  for (const f of JSON.parse(el.textContent || "[]") as { kind: ToastKind; message: string }[]) {
    toast(f.kind, f.message);
  }
}
