import { useEffect, useRef, useState } from "react";

/**
 * False in the server render and in the render that hydrates it, true from the next one: what
 * the browser alone shows (a lazily loaded part) waits for it, so the first render in the
 * browser is the server's.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Which lazily loaded dialogs to keep mounted: each one from the first time its flag is true
 * (its code is then loaded), so a dialog opened once stays in the tree, closes with its own
 * transition and returns focus to its opener. None is mounted before the island has hydrated:
 * the server cannot wait for a lazy part (renderToString would leave its boundary to the browser,
 * React error #419), so a dialog open from the start (a page naming an item) opens just after.
 */
export function useMounted<K extends string>(open: Record<K, boolean>): Record<K, boolean> {
  const hydrated = useHydrated();
  const seen = useRef({} as Record<K, boolean>);
  if (hydrated) {
    for (const key of Object.keys(open) as K[]) if (open[key]) seen.current[key] = true;
  }
  return { ...seen.current };
}
