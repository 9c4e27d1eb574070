/** The heading of a table's column of row actions: named for assistive technology, not shown. */
export function ActionsHeading() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
