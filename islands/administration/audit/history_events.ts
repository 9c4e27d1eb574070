/**
 * "This row changed": an island that keeps a row in state after an edit (the user page) tells the
 * row's History section (./HistorySection.tsx, another island) to fetch its entries again.
 */
import type { HistoryOf } from "./audit_api.ts";

const EVENT = "portal:history";

const keyOf = (of: HistoryOf) => `${of.rowTable}/${of.rowId}`;

/** Says that `of`'s row changed. */
export const historyChanged = (of: HistoryOf) =>
  globalThis.dispatchEvent(new CustomEvent(EVENT, { detail: keyOf(of) }));

/** Calls `then` whenever `of`'s row is said to have changed; answers how to stop. */
export function onHistoryChanged(of: HistoryOf, then: () => void): () => void {
  const listener = (e: Event) => (e as CustomEvent<string>).detail === keyOf(of) && then();
  globalThis.addEventListener(EVENT, listener);
  return () => globalThis.removeEventListener(EVENT, listener);
}
