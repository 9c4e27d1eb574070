/**
 * The words of the command list calls and pages, and the terminated filter's choices, zod-free so
 * that the list pages' first load does not carry the schemas; ./lists.ts re-exports them.
 */

/** The spec's words (portal-shell §8) and ours where it shows none. */
export const LIST_MESSAGES = {
  finished: (id: number | string) => `Command list ${id} is finished: nothing to cancel`,
  cancelError: (message: string) => `Cancel command error : ${message}`,
  cancelled: (id: number | string) => `Command list ${id} cancelled`,
  confirmCancel: (ids: readonly number[]) =>
    `Cancel the execution of command list${ids.length === 1 ? "" : "s"} ${ids.join(", ")}? ` +
    "Pending commands become Cancelled; commands already delivered, acknowledged or failed " +
    "stay as they are.",
} as const;

/** The terminated filter's choices (management-routing §4: finished or unfinished). */
export const LIST_TERMINATED = { 1: "Finished", 0: "Unfinished" } as const;
