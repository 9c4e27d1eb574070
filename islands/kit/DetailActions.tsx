/**
 * A detail page's row of actions: Edit, the page's own secondary actions ("Manage teams" …), then
 * Delete.
 */

interface DetailAction {
  label: string;
  onClick: () => void;
}

export function DetailActions({ onEdit, onDelete, more = [] }: {
  onEdit: () => void;
  onDelete: () => void;
  /** Between Edit and Delete, in this order. */
  more?: DetailAction[];
}) {
  return (
    <div className="admin-actions">
      <button type="button" onClick={onEdit}>Edit</button>
      {more.map((a) => (
        <button key={a.label} type="button" className="secondary" onClick={a.onClick}>
          {a.label}
        </button>
      ))}
      <button type="button" className="contrast outline" onClick={onDelete}>Delete</button>
    </div>
  );
}
