/**
 * The rows of a new query are put on the page a few at a time, one slice a frame, in transitions:
 * 255 new rows made at once were one task of half a second on a phone (a sort or a page change
 * answered late, and nothing else could run meanwhile). A live refresh of the same query and the
 * rows a page was rendered with on the server show whole at once (hydration must match them).
 */
import { startTransition, useEffect, useState } from "react";

/** Rows per slice: a slice's render and layout stay well under a frame on a 4x slower phone. */
const ROWS_PER_SLICE = 40;

/** `rows` must keep its identity while it holds the same rows (a new array is a new result). */
export function useProgressiveRows<T>(rows: T[], query: unknown): T[] {
  const [shown, setShown] = useState({ rows, query, count: rows.length });
  if (shown.rows !== rows) {
    // Derived state, set while rendering (React renders again at once, before committing).
    const count = shown.query === query ? rows.length : Math.min(ROWS_PER_SLICE, rows.length);
    setShown({ rows, query, count });
  }
  useEffect(() => {
    if (shown.count >= shown.rows.length) return;
    const frame = requestAnimationFrame(() =>
      startTransition(() =>
        setShown((s) => s.rows === shown.rows ? { ...s, count: s.count + ROWS_PER_SLICE } : s)
      )
    );
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return shown.rows === rows && shown.count < rows.length ? rows.slice(0, shown.count) : rows;
}
