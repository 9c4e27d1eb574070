import { useRef } from "react";

/**
 * Which lazily loaded dialogs to keep mounted: each one from the first time its flag is true
 * (its code is then loaded), so a dialog opened once stays in the tree, closes with its own
 * transition and returns focus to its opener.
 */
export function useMounted<K extends string>(open: Record<K, boolean>): Record<K, boolean> {
  const seen = useRef({} as Record<K, boolean>);
  for (const key of Object.keys(open) as K[]) if (open[key]) seen.current[key] = true;
  return { ...seen.current };
}
