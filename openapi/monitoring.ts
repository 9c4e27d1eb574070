/**
 * Monitoring constants (portal-shell §4 "Monitoring", issue 16), zod-free so the gauge and chart
 * islands load them without the schemas: the watched queues and their default thresholds, the
 * gauge bands, the statistics types and their range limits. docs/decisions/0014.
 */
import { DELIVERY_TYPES, PUSH_STATUS, ROBOT_STATUS } from "./enums.ts";

/** Push statuses still on their way to the customer (0 Stored, 1 In progress, 2 relay, 8 Scheduled). */
export const PUSH_WAITING_STATUSES = [0, 1, 2, 8] as const;
/** Push statuses that failed (3 Delivering error, 5 Destinator error, 6 FTP corrupted, 7 SMTP frozen). */
export const PUSH_FAILED_STATUSES = [3, 5, 6, 7] as const;
export const PUSH_DELIVERED_STATUS = 4;
/** Robot statuses still being processed, and the failed ones (3 Failed, 4 Fatal error, 5 WS Error). */
export const ROBOT_WAITING_STATUSES = [0, 1] as const;
export const ROBOT_FAILED_STATUSES = [3, 4, 5] as const;

/** The queues the thresholds watch, in the order the overview shows them. */
export const MONITORED_QUEUES = {
  pushWaiting: {
    label: "Messages waiting for delivery",
    description: "Push traffic stored, in progress, in relay or scheduled (statuses 0, 1, 2, 8).",
    maximum: 1000,
    alert: 750,
  },
  pushErrors: {
    label: "Delivery errors (24 h)",
    description: "Push traffic stored in the last 24 hours that failed (statuses 3, 5, 6, 7).",
    maximum: 200,
    alert: 150,
  },
  robotWaiting: {
    label: "Robot messages in process",
    description: "Robot traffic processing or in progress (statuses 0, 1).",
    maximum: 500,
    alert: 375,
  },
  robotFailures: {
    label: "Robot failures (24 h)",
    description: "Robot traffic received in the last 24 hours that failed (statuses 3, 4, 5).",
    maximum: 200,
    alert: 150,
  },
  commandListsOpen: {
    label: "Unfinished command lists",
    description: "Command lists with a command the station has not finished.",
    maximum: 200,
    alert: 150,
  },
  stationWaiting: {
    label: "Station messages waiting",
    description: "Messaging C messages the land earth station has not delivered or failed yet.",
    maximum: 200,
    alert: 150,
  },
} as const;
export type MonitoredQueue = keyof typeof MONITORED_QUEUES;
export const MONITORED_QUEUE_KEYS = Object.keys(MONITORED_QUEUES) as MonitoredQueue[];
/** The largest maximum an operator may set. */
export const MAX_THRESHOLD = 1_000_000_000;

/** Gauge bands: below 25% of the maximum grey, then green, amber from 50%, red from 75% (spec). */
export const GAUGE_BANDS = ["grey", "green", "amber", "red"] as const;
export type GaugeBand = typeof GAUGE_BANDS[number];
export const GAUGE_BAND_LABELS: Record<GaugeBand, string> = {
  grey: "low",
  green: "normal",
  amber: "high",
  red: "critical",
};
export function gaugeBand(value: number, maximum: number): GaugeBand {
  if (maximum <= 0) return value > 0 ? "red" : "grey";
  const share = value / maximum;
  return share < 0.25 ? "grey" : share < 0.5 ? "green" : share < 0.75 ? "amber" : "red";
}

/** Service states on /monitoring/control/services. */
export const SERVICE_STATES = {
  running: "Running",
  stalled: "Stalled",
  stopped: "Never started",
  idle: "Idle",
  silent: "Silent",
} as const;
export type ServiceState = keyof typeof SERVICE_STATES;

/** What the statistics count (GET /rest/monitoring/statistics?type=). */
const STATISTICS_TYPES = {
  message: { label: "Messaging C messages", statuses: "station" },
  command: { label: "Commands", statuses: "command" },
  push: { label: "Push traffic", statuses: "push" },
  robot: { label: "Robot traffic", statuses: "robot" },
} as const;
export type StatisticsType = keyof typeof STATISTICS_TYPES;
export const STATISTICS_TYPE_KEYS = Object.keys(STATISTICS_TYPES) as StatisticsType[];
/** The second breakdown of a type, besides status: push by delivery type, robot by robot name. */
export const STATISTICS_DIMENSIONS = {
  push: { name: "deliveryType", label: "Delivery type", labels: DELIVERY_TYPES },
  robot: { name: "robot", label: "Robot", labels: null },
} as const;
export { PUSH_STATUS, ROBOT_STATUS };

/** Charts default to the last 30 days (spec); a range spans at most 400 days. */
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 400;
/** Ranges up to 72 hours are counted per hour, longer ones per (UTC) day. */
export const HOURLY_MAX_HOURS = 72;

/**
 * How often at most the gauge pages refresh their figures on change events, and how often they
 * poll without an event stream (issue 17: within a second or two).
 */
export const MONITORING_REFRESH_MS = 2_000;
export const MONITORING_LIVE_NOTE = `Updating as changes happen (at most every ${
  MONITORING_REFRESH_MS / 1000
} s)`;

export const MONITORING_MESSAGES = {
  rangeOrder: "The start must be before the end",
  rangeTooLong: `A range spans at most ${MAX_RANGE_DAYS} days`,
  alertAboveMaximum: "The alert value must not exceed the maximum",
  updated: "Thresholds saved",
} as const;
