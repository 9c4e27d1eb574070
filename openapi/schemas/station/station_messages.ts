/**
 * The words of the LES traffic calls and pages (/station, /station/traffic) and the station
 * status families, zod-free so that the station pages' first load does not carry the schemas;
 * ./station.ts re-exports them.
 */
import { STATION_MESSAGE_DELETABLE_STATUS, STATION_MESSAGE_STATUS } from "../../enums.ts";

type StationMessageStatus = keyof typeof STATION_MESSAGE_STATUS;

/**
 * The station statuses by family, for the /station counts and the traffic filter: a message is
 * under way until it is delivered (or rerouted), failed (or missing call data) or deleted.
 */
export const STATION_STATUS_FAMILIES = {
  inProgress: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18],
  delivered: [12, 19],
  failed: [13, 100],
  deleted: [14, 15, 16, 17],
} as const satisfies Record<string, readonly StationMessageStatus[]>;
export type StationStatusFamily = keyof typeof STATION_STATUS_FAMILIES;

export const STATION_FAMILY_LABELS: Record<StationStatusFamily, string> = {
  inProgress: "In progress",
  delivered: "Delivered",
  failed: "Failed",
  deleted: "Deleted",
};

/** How a family shows (the kit's badge classes). */
export const STATION_FAMILY_CLASS: Record<StationStatusFamily, string> = {
  inProgress: "pending",
  delivered: "success",
  failed: "danger",
  deleted: "muted",
};

export const stationFamilyOf = (status: number): StationStatusFamily =>
  (Object.keys(STATION_STATUS_FAMILIES) as StationStatusFamily[]).find((f) =>
    (STATION_STATUS_FAMILIES[f] as readonly number[]).includes(status)
  ) ?? "inProgress";

/** A final status will not change any more (every family but in progress). */
export const isFinalStationStatus = (status: number) => stationFamilyOf(status) !== "inProgress";

export const isDeletableStationStatus = (status: number) =>
  status === STATION_MESSAGE_DELETABLE_STATUS;

export const stationStatusLabel = (status: number) =>
  STATION_MESSAGE_STATUS[status as StationMessageStatus] ?? `status ${status}`;

/** The traffic overview's sortable fields (POST /rest/station/find). */
export const STATION_SORT_FIELDS = [
  "refNum",
  "createdAt",
  "updatedAt",
  "status",
  "recipient",
  "size",
] as const;

/** The spec's words (portal-shell §8) and ours where it shows none. */
export const STATION_MESSAGES = {
  /** The spec's words, "occured" as written there. */
  deleteError: (reason: string) => `An error occured while deleting the message: ${reason}`,
  notDeletable: (status: number) =>
    `the message is ${stationStatusLabel(status)}; only a message that is forward in progress ` +
    "can be deleted",
  notFound: (refNum: number | string) => `Station message ${refNum} not found`,
  deleted: (refNum: number | string) => `Message ${refNum} deleted`,
  confirmDelete: (refNum: number | string) =>
    `Delete message ${refNum}? The land earth station stops forwarding it (status user deleted).`,
  lastDay: "Last 24 hours",
  latest: "Latest messages",
  allTraffic: "All LES traffic",
} as const;
