/**
 * The box a table scrolls in sideways when it is wider than the screen (the document itself never
 * is). It takes the keyboard's focus, so a table with nothing focusable in it can still be scrolled
 * without a mouse, and it is a named region, so what gets that focus is announced.
 */
import type { ReactNode } from "react";

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
