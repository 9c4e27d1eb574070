/**
 * Tiny shared stores. Every island is its own React root; what several need (toasts, the
 * confirmation dialog, the signed-in user) lives here, in the one runtime chunk they all share.
 */
import { useSyncExternalStore } from "react";

export interface Store<T> {
  get(): T;
  /** The value the store was created with: what the server rendered. */
  readonly initial: T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    initial,
    set(next) {
      value = typeof next === "function" ? (next as (prev: T) => T)(value) : next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Reads a store in a component. The server render sees the initial value, and so does the
 * hydrating render (a toast raised before an island hydrates would not match the server's
 * HTML); React renders the current value right after.
 */
export const useStore = <T>(store: Store<T>): T =>
  useSyncExternalStore(store.subscribe, store.get, () => store.initial);
