/**
 * Server side of an island: renders the component into the page and records its props, so the
 * browser runtime (islands/runtime/hydrate.ts) hydrates the same markup.
 */
import type { ComponentType } from "react";
import { createContext, useContext } from "react";

/** Collects which islands a page uses, so the document can preload their chunks. */
export const IslandsUsed = createContext<Set<string>>(new Set());

// deno-lint-ignore no-explicit-any
export function Island<P extends Record<string, any>>(
  { of: Component, props }: { of: ComponentType<P>; props: P },
) {
  const name = (Component as { displayName?: string }).displayName ?? Component.name;
  useContext(IslandsUsed).add(name);
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
