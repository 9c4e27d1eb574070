/**
 * The heading of a table's column of row actions: named for assistive technology, not shown;
 * pinned to the right edge of the table's scroll box with the column (`.actions`, app.css).
 */
export function ActionsHeading() {
  return (
    <th scope="col" className="actions">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
