/**
 * A table of the gauge pages (services, delivery): scrolls sideways on a narrow screen, striped,
 * marked for the tests by a `data-*` attribute, its column heads from a list; the rows are the
 * children.
 */
import type { ReactNode } from "react";
import { ScrollBox } from "../kit/table/ScrollBox.tsx";

export function FigureTable(
  { mark, label, heads, children }: {
    mark: string;
    /** What the table shows, for the scroll box's name. */
    label: string;
    heads: ReactNode[];
    children: ReactNode;
  },
) {
  return (
    <ScrollBox label={label}>
      <table className="striped" {...{ [`data-${mark}`]: "" }}>
        <thead>
          <tr>
            {heads.map((h, i) => <th key={i} scope="col">{h}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollBox>
  );
}
