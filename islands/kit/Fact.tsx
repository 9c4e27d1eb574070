/** One fact of a detail page's `<dl className="detail-facts">`: a term and its value. */
import type { ReactNode } from "react";

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
