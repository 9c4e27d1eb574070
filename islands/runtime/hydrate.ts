/** Hydrates the server-rendered islands of a part of the page from their serialized props. */
import { createElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import registry from "./registry.ts";

const roots = new Map<Element, Root>();

/** An island's props: the JSON script the server put just before it (server/pages/island.tsx). */
function propsOf(el: HTMLElement): Record<string, unknown> {
  const script = el.previousElementSibling;
  return script instanceof HTMLScriptElement &&
      script.dataset.islandProps === el.dataset.idPrefix
    ? JSON.parse(script.textContent ?? "{}")
    : {};
}

export async function hydrateIslands(scope: ParentNode): Promise<void> {
  const elements = [...scope.querySelectorAll<HTMLElement>("[data-island]")];
  await Promise.all(elements.map(async (el) => {
    if (roots.has(el)) return;
    const name = el.dataset.island!;
    const load = registry[name];
    if (!load) return console.error(`Unknown island ${name}`);
    const props = propsOf(el);
    const { default: Component } = await load();
    roots.set(
      el,
      hydrateRoot(el, createElement(Component, props), {
        identifierPrefix: el.dataset.idPrefix,
      }),
    );
  }));
}

export function unmountIslands(scope: Element): void {
  for (const [el, root] of roots) {
    if (scope.contains(el)) {
      root.unmount();
      roots.delete(el);
    }
  }
}
