/**
 * The words of the terminal and mtl calls and dialogs (toasts, refusals), zod-free so that the
 * terminal pages' first load does not carry the schemas; ./terminals.ts and ./mtls.ts re-export
 * them.
 */
import { SELECT_TERMINAL_TGID } from "../messages.ts";

export const VSAT_NOT_ADDABLE = "VSAT terminals cannot be added: VSAT has no add form";

/** The spec's words (management-routing §5 and §8), for server and browser. */
export const TERMINAL_MESSAGES = {
  selectTgid: SELECT_TERMINAL_TGID,
  added: "Terminal added",
  deleted: "Terminal deleted",
  notFound: "Terminal not found",
  vsatNotAddable: VSAT_NOT_ADDABLE,
  notDeletable: (typeName: string) => `${typeName} terminals cannot be deleted`,
  labelUpdated: "Label updated",
  /** Not in the spec: an unattached mtl belongs to no company, so only operators attach one. */
  inmarsatCByAdministrator:
    "Inmarsat C terminals are added by an administrator: ask your operator to add the mobile terminal",
  /** Not in the spec: the Tracking dialog (on/off has no default, so nothing is sent by mistake). */
  chooseTracking: "Please choose tracking on or off",
  trackingSent: (on: boolean, terminal: string, listId: number) =>
    `Tracking ${on ? "on" : "off"} sent to terminal ${terminal}: command list ${listId} created`,
  trackingError: (message: string) => `Tracking not sent: ${message}`,
  /** A client reads a terminal on a tgid only shared with its company, and cannot command it. */
  trackingNotYours: "Tracking commands go to the terminals of your company's own tgids: this " +
    "terminal's tgid is shared with your company by another one.",
} as const;

/** The spec's words (management-routing §8), for server and browser. */
export const MTL_MESSAGES = {
  created: "InmarsatC with IMN created",
  notFound: "Mtl not found",
  exists: (imn: string) => `An Inmarsat C terminal with IMN ${imn} already exists`,
  attached: (imn: string) => `Mtl ${imn} is already attached to a terminal`,
  notRegistered: (imn: string) =>
    `No Inmarsat C terminal with IMN ${imn} is registered: add the mobile terminal first`,
  notAttached: (imn: string) =>
    `Mtl ${imn} has no terminal: add it as an existing terminal before sending it messages`,
  notValid: (imn: string) => `Terminal ${imn} is not valid: messages cannot be sent to it`,
  stationError: "Get station details error",
  serialError: "Get serial error",
  testMessageSent: "Test message sent",
  labelUpdated: "Label updated",
} as const;
