/**
 * The words of the EPADR page (/management/epadr) and its calls, zod-free so that the page's
 * first load does not carry the schemas; ./epadr.ts re-exports them.
 */
import { EPADR_MAX_DNIDS, EPADR_POLL_MAX, EPADR_POLL_MIN } from "../../enums.ts";

export const EPADR_LABELS = {
  enabled: "Enabled",
  sourceType: "Source type",
  sourceAddress: "Source address",
  pollMinutes: "Poll interval (minutes)",
  reportFormat: "Report format",
  dnids: "Dnids",
  updatedAt: "Updated (UTC)",
  updatedBy: "Updated by",
} as const;

export const EPADR_MESSAGES = {
  /** A mailbox for SMTP, an FTP directory URL for FTP. */
  sourceSmtp: "Source address must be an e-mail address (the robot's mailbox) for SMTP",
  sourceFtp: "Source address must be an ftp://, ftps:// or sftp:// URL without a user or " +
    "password for FTP",
  sourceRequired: "Source address is required while the robot is enabled",
  pollRange:
    `Poll interval must be a whole number of minutes, ${EPADR_POLL_MIN} to ${EPADR_POLL_MAX}`,
  dnids: `Dnids must be "all" or up to ${EPADR_MAX_DNIDS} dnid numbers separated by commas`,
  saved: "EPADR configuration saved",
  allDnids: "All dnids",
  never: "Never saved: the robot runs with the defaults below",
  noTraffic: "No EPADR traffic yet.",
  trafficTitle: "Recent EPADR traffic",
  configTitle: "Robot configuration",
  edit: "Edit configuration",
  allTraffic: "All robot traffic",
  sourceHint: {
    0: "The robot's mailbox, e.g. epadr@robots.example",
    1: "The directory the robot polls, e.g. ftp://ftp.example/epadr/in (no credentials)",
  },
} as const;

/** "all" for none, else the dnids separated by commas. */
export const dnidsText = (dnids: readonly number[]) =>
  dnids.length ? dnids.join(", ") : EPADR_MESSAGES.allDnids;
