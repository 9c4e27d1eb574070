/**
 * The words of the per-command calls and the command details dialog, zod-free so that the list
 * page's first load does not carry the schemas; ./command_details.ts re-exports them.
 */

/** The spec's words (portal-shell §8) and ours where it shows none. */
export const COMMAND_MESSAGES = {
  notFound: "Command not found",
  cancelError: (message: string) => `Cancel command error : ${message}`,
  cancelled: (id: { listId: number; groupId: number; itemId: number }) =>
    `Command ${id.listId}/${id.groupId}/${id.itemId} cancelled`,
  loadError: (message: string) => `Could not load the command: ${message}`,
} as const;
