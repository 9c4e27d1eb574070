/**
 * Server side of an island: renders the component into the page and records its props, so the
 * browser runtime (islands/runtime/hydrate.ts) hydrates the same markup.
 */
import type { ComponentType } from "react";

// deno-lint-ignore no-explicit-any
export function Island<P extends Record<string, any>>(
  { of: Component, props }: { of: ComponentType<P>; props: P },
) {
  const name = (Component as { displayName?: string }).displayName ?? Component.name;
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
