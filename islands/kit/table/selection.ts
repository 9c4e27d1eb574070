/**
 * A table's selected rows, outside React's state: each row reads whether it is selected, so a
 * click, a Ctrl-click or the menu's row re-renders the rows whose mark changed and not the table
 * (a 255-row page re-rendered per selection answered late on a phone, issue 37).
 */
import { useSyncExternalStore } from "react";

export interface Selection {
  has(key: string): boolean;
  keys(): string[];
  readonly size: number;
  /** Selects `key` alone, or adds or removes it (`additive`: Ctrl-click, the row's checkbox). */
  select(key: string, additive: boolean): void;
  /** Keeps only the keys `keep` says to (none: `() => false`). */
  retain(keep: (key: string) => boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createSelection(): Selection {
  let keys = new Set<string>();
  const listeners = new Set<() => void>();
  const replace = (next: Set<string>) => {
    keys = next;
    for (const l of listeners) l();
  };
  return {
    has: (key) => keys.has(key),
    keys: () => [...keys],
    get size() {
      return keys.size;
    },
    select(key, additive) {
      if (!additive) return replace(new Set([key]));
      const next = new Set(keys);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      replace(next);
    },
    retain(keep) {
      const kept = new Set([...keys].filter(keep));
      if (kept.size !== keys.size) replace(kept);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether the row `key` is selected (none is on the server and while hydrating). */
export const useSelected = (selection: Selection, key: string): boolean =>
  useSyncExternalStore(selection.subscribe, () => selection.has(key), () => false);

/** How many rows are selected. */
export const useSelectionSize = (selection: Selection): number =>
  useSyncExternalStore(selection.subscribe, () => selection.size, () => 0);
