/**
 * A team list edited by several people at once (the tgid and enid "Manage teams" dialogs): each
 * editor's save is what that editor changed against the list it started from, applied to the
 * list as it is now, so that concurrent changes merge instead of overwriting each other
 * (docs/decisions/0011). Shared by the islands, which send the change, and the services.
 */

/** The teams added to and taken off a list: what an editor changed. */
interface TeamListChange {
  added: number[];
  removed: number[];
}

/** What changed from `base` (the list the editor started from) to `next` (the list it saves). */
export function teamListChange(base: readonly number[], next: readonly number[]): TeamListChange {
  const before = new Set(base), after = new Set(next);
  return {
    added: [...after].filter((id) => !before.has(id)),
    removed: [...before].filter((id) => !after.has(id)),
  };
}

/**
 * `current` with `change` applied: the added teams join it (one already there stays once), the
 * removed ones leave it (one already gone is no matter); the order of `current` is kept.
 */
export function applyTeamListChange(current: readonly number[], change: TeamListChange): number[] {
  const removed = new Set(change.removed);
  return [...new Set([...current, ...change.added])].filter((id) => !removed.has(id));
}
