/**
 * Server side of an island: renders the component as its own React root into the page and
 * records its props (a JSON script just before it), so the browser runtime (islands/runtime/hydrate.ts) hydrates the same
 * markup. Each island gets an id prefix of its own, used on both sides, so `useId` gives the
 * same ids on the server and in the browser, and no two islands share one.
 */
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { JsonScript } from "./json_script.tsx";

let sequence = 0;

// deno-lint-ignore no-explicit-any
export function Island<P extends Record<string, any>>(
  { of: Component, props }: { of: ComponentType<P>; props: P },
) {
  const name = (Component as { displayName?: string }).displayName ?? Component.name;
  sequence = (sequence + 1) % 2_000_000_000;
  const prefix = `i${sequence.toString(36)}-`;
  const html = renderToString(<Component {...props} />, { identifierPrefix: prefix });
  // The props go just before the island's element, in a JSON script (a third of a long list's
  // HTML went to escaping them in an attribute); an island without props has none.
  return (
    <>
      {Object.keys(props).length > 0 && <JsonScript data-island-props={prefix} value={props} />}
      <div data-island={name} data-id-prefix={prefix} dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
