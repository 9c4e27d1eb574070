import { useEffect, useRef, useState } from "react";

/**
 * Which lazily loaded dialogs to keep mounted: each one from the first time its flag is true
 * (its code is then loaded), so a dialog opened once stays in the tree, closes with its own
 * transition and returns focus to its opener. None is mounted in the render that hydrates the
 * server's HTML: the server cannot wait for a lazy part (renderToString would leave its boundary
 * to the browser, React error #419), so a dialog open from the start (a page naming an item) opens
 * in a render just after.
 *
 * That render happens only when a dialog is open from the start. Rendering again after every
 * hydration (a state set in an effect) re-rendered the whole island at once, in one task: a
 * 255-row list's every row, 35 ms on a desktop and several times that on a phone (issue 37). Any
 * later render (opening a dialog sets its caller's state) reads the mark the effect left.
 */
export function useMounted<K extends string>(open: Record<K, boolean>): Record<K, boolean> {
  const hydrated = useRef(false);
  const [, rerender] = useState(false);
  useEffect(() => {
    hydrated.current = true;
    // `open` as the hydrating render saw it: a dialog open from the start.
    if (Object.values(open).some(Boolean)) rerender(true);
  }, []);
  const seen = useRef({} as Record<K, boolean>);
  if (hydrated.current) {
    for (const key of Object.keys(open) as K[]) if (open[key]) seen.current[key] = true;
  }
  return { ...seen.current };
}
