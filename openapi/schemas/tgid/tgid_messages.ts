/**
 * The spec's words for tgids and their routing exceptions (management-routing §5 and §8), and
 * the exception dialog's dnid search limit, without zod: the pages' islands import them at once.
 */

export const TGID_MESSAGES = {
  created: "Tgid created",
  deleted: "Tgid deleted",
  updated: "Tgid updated",
  teamRequired: "A Tgid must have at least one team",
  deleteBlocked: "Please, delete the listed dnids, terminals and routes (ftp, smtp, tcp, ws) first",
  teamListUpdated: "Team list successfully updated",
  teamListUpdateError: "Team list update error",
} as const;

/** The tgid page's exception dialogs. */
export const TGID_EXCEPTION_MESSAGES = {
  created: "Member or Mtl routing exception successfully created",
  error: (message: string) => `Error: ${message}`,
  listError: "Get routing rule list error",
} as const;

/** The routing-exception dialog's dnid search shows at most this many dnids. */
export const ROUTING_DNID_SEARCH_LIMIT = 10;
