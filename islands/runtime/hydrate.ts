/**
 * Hydrates the server-rendered islands of a part of the page from their serialized props.
 *
 * Hydration runs as a transition (docs/decisions/0021): React then hydrates in slices of a few
 * milliseconds and yields to the browser between them, where a default-priority hydration was one
 * task per island (1.6 s of blocked main thread on a phone for a 255-row list). An input to a part
 * not yet hydrated makes React hydrate it at once, so a click or a key is never lost.
 */
import { createElement, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import registry from "./registry.ts";

const roots = new Map<Element, Root>();
/** Islands whose hydration has not committed yet: what settles their wait if they go first. */
const pending = new Map<Element, () => void>();

/** An island's props: the JSON script the server put just before it (server/pages/island.tsx). */
function propsOf(el: HTMLElement): Record<string, unknown> {
  const script = el.previousElementSibling;
  return script instanceof HTMLScriptElement &&
      script.dataset.islandProps === el.dataset.idPrefix
    ? JSON.parse(script.textContent ?? "{}")
    : {};
}

/** Renders its child unchanged and calls `onCommit` once the tree has committed (hydrated). */
function Committed({ children, onCommit }: { children?: ReactNode; onCommit: () => void }) {
  useEffect(onCommit, []);
  return children;
}

/** Resolves once every island of `scope` is hydrated (committed, its effects run). */
export async function hydrateIslands(scope: ParentNode): Promise<void> {
  const elements = [...scope.querySelectorAll<HTMLElement>("[data-island]")];
  await Promise.all(elements.map(async (el) => {
    if (roots.has(el)) return;
    const name = el.dataset.island!;
    const load = registry[name];
    if (!load) return console.error(`Unknown island ${name}`);
    const props = propsOf(el);
    const { default: Component } = await load();
    if (roots.has(el) || !el.isConnected) return;
    await new Promise<void>((settle) => {
      const onCommit = () => {
        pending.delete(el);
        settle();
      };
      pending.set(el, onCommit);
      const tree = createElement(Committed, { onCommit }, createElement(Component, props));
      startTransition(() => {
        roots.set(el, hydrateRoot(el, tree, { identifierPrefix: el.dataset.idPrefix }));
      });
    });
  }));
}

export function unmountIslands(scope: Element): void {
  for (const [el, root] of roots) {
    if (scope.contains(el)) {
      pending.get(el)?.();
      root.unmount();
      roots.delete(el);
    }
  }
}
