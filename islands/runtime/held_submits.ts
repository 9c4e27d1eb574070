/**
 * Island forms pressed before hydration (main.ts holds them: a script-driven form has no server
 * handler, and its native GET would put the fields in the URL) are submitted once the page's
 * islands are live, through their React handlers, with what was typed (early_input.ts).
 */
const HELD_SUBMITS = "__heldSubmits";

export function releaseHeldSubmits(): void {
  const held = (globalThis as Record<string, unknown>)[HELD_SUBMITS] as
    | HTMLFormElement[]
    | undefined;
  for (const form of held?.splice(0) ?? []) if (form.isConnected) form.requestSubmit();
}
