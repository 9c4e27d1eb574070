/**
 * The dnid status page's words and states without zod, so the list island loads none of the
 * schemas (they come with the dialogs); openapi/schemas/dnids/dnid_status.ts re-exports them.
 */

/** The spec's words for the status page (§4, §8), and the page's own toasts. */
export const DNID_STATUS_MESSAGES = {
  /** A negative status (not authorized) cannot be marked active or inactive: the spec's text. */
  notAuthorized: "User not authorize to change active staus of this device",
  detailsError: "Get dnid status details error",
  otherCompanyDefault: (device: string) =>
    `Device ${device} has its default on another company's dnid`,
  markedActive: (dnid: number, member: number) => `Dnid ${dnid} member ${member} marked active`,
  markedInactive: (dnid: number, member: number) => `Dnid ${dnid} member ${member} marked inactive`,
  defaultSet: (device: string, dnid: number, member: number) =>
    `Dnid ${dnid} member ${member} is now the default of ${device}`,
  defaultRemoved: (device: string) => `Default of ${device} removed`,
  deleted: (dnid: number, member: number) => `Dnid ${dnid} member ${member} deleted`,
} as const;

/** The status integer's meaning: dnidStatusState in openapi/enums.ts. */
export const DNID_STATUS_STATES = ["active", "inactive", "unauthorized"] as const;
export type DnidStatusState = typeof DNID_STATUS_STATES[number];
export const DNID_STATUS_STATE_LABELS: Record<DnidStatusState, string> = {
  active: "Active",
  inactive: "Inactive",
  unauthorized: "Not authorized",
};
