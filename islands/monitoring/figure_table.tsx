/**
 * A table of the gauge pages (services, delivery): scrolls sideways on a narrow screen, striped,
 * marked for the tests by a `data-*` attribute, its column heads from a list; the rows are the
 * children.
 */
import type { ReactNode } from "react";

export function FigureTable(
  { mark, heads, children }: { mark: string; heads: ReactNode[]; children: ReactNode },
) {
  return (
    <div className="table-scroll">
      <table className="striped" {...{ [`data-${mark}`]: "" }}>
        <thead>
          <tr>
            {heads.map((h, i) => <th key={i} scope="col">{h}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
