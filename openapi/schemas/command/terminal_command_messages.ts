/**
 * The words of the terminal commands (poll, on-demand, programs, EGC, irext, tracking): the
 * server's messages and the pages' labels, zod-free so the islands' first load stays small.
 */
import type { IrextCommand } from "../../enums.ts";
import { formMessages } from "../messages.ts";

export const TERMINAL_COMMAND_MESSAGES = {
  // Nothing chosen: what is missing (the forms' empty choices, and the same for a field left out).
  selectDnid: formMessages.select("a dnid"),
  selectMember: formMessages.select("a member"),
  selectEnid: formMessages.select("an enid"),
  selectTerminal: formMessages.select("a terminal"),
  selectPollType: formMessages.select("a poll type"),
  selectCode: formMessages.select("a code"),
  terminalNotFound: "Terminal not found",
  tgidNotFound: "Tgid not found",
  memberNotFound: "Dnid member not found",
  dnidNotFound: "Dnid not found",
  enidNotFound: "Enid not found",
  notTracker: (id: number) =>
    `Terminal ${id} is not a tracker: tracking takes Shout and Iridium terminals only`,
  noTracker: (tgid: number) => `Tgid ${tgid} has no Shout or Iridium terminal to track`,
  notIrext: (id: number) =>
    `Terminal ${id} is not an Iridium Extreme terminal: irext commands take those only`,
  noMember: (dnid: number) => `Dnid ${dnid} has no authorized member to command`,
  notAuthorized: (dnid: number, member: number) =>
    `Member ${member} of dnid ${dnid} is not authorized`,
  noProgram: (dnid: number, member: number) =>
    `Member ${member} of dnid ${dnid} has no program: create one first`,
  geofenceShape: "A geofence is a circle (point 1 and a radius) or a polygon of at least 3 points",
  geofencePoint: (n: number) => `Point ${n} needs both a latitude and a longitude`,
  geofenceGap: (n: number) => `Point ${n} is missing: number the points from 1 without gaps`,
  startDate: "Start date is not in a valid format (2014-11-30 12:56:24)",
  listCreated: (listId: number) => `Command list ${listId} created`,
  sendError: (message: string) => `Command not sent: ${message}`,
} as const;

/** The pages' words. */
export const COMMAND_PAGE_WORDS = {
  send: "Send",
  followList: "Follow command list",
  target: "Target",
  noTargets: "No terminal you can reach takes these commands.",
} as const;

/** What each irext command does (the page's choices). */
export const IREXT_COMMAND_LABELS: Record<IrextCommand, string> = {
  emergencyAckowledgement: "Acknowledge the emergency",
  cancelEmergencyStatus: "Cancel the emergency status",
  sendLocationRequest: "Request the location",
  sendDiagnosticRequest: "Request a diagnostic",
  requestDeviceIdentifier: "Request the device identifier",
  synchronisation: "Synchronise",
  sendFreeTextMessage: "Send a text message",
  geofenceActivate: "Activate a geofence",
  geofenceCancel: "Cancel a geofence",
};
