/**
 * The heading of a table's column of row actions: named for assistive technology, not shown;
 * pinned to the right edge of the table's scroll box with the column (`.actions`, app.css).
 */
import { rolesOf } from "./long_list.ts";

export function ActionsHeading({ long = false }: { long?: boolean }) {
  return (
    <th scope="col" className="actions" {...rolesOf(long, "header")}>
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
