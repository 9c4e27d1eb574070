/**
 * Monitoring (portal-shell §4 "Monitoring"; issue 16; docs/decisions/0014): the shapes of
 * `GET /rest/monitoring/tresholds` (and its update), `/delivery`, `/services` and
 * `/statistics?type&start&end`. The spec names the calls only; every figure is computed from the
 * database when asked. Times are ISO 8601 strings (UTC); counts are plain integers.
 */
import { z } from "zod";
import {
  GAUGE_BANDS,
  MAX_RANGE_DAYS,
  MAX_THRESHOLD,
  MONITORED_QUEUE_KEYS,
  MONITORING_MESSAGES,
  SERVICE_STATES,
  STATISTICS_TYPE_KEYS,
} from "../monitoring.ts";
import { ROUTE_TYPES } from "../enums.ts";
import { timeBound } from "./time_bounds.ts";
import { DAY_MS } from "../time_units.ts";
import { formMessages } from "./messages.ts";

export * from "../monitoring.ts";

const dateTime = (description: string) => z.string().meta({ format: "date-time", description });
const count = (description: string) => z.number().int().min(0).meta({ description });

// ---- thresholds ----

const QueueKeySchema = z.enum(MONITORED_QUEUE_KEYS).meta({
  description: "The watched queue (docs/decisions/0014)",
});

const ThresholdSchema = z.object({
  queue: QueueKeySchema,
  label: z.string().meta({ description: "What the gauge is titled" }),
  description: z.string().meta({ description: "What is counted" }),
  value: count("The queue's current value"),
  maximum: z.number().int().meta({ description: "The gauge's full scale (configured)" }),
  alert: z.number().int().meta({ description: "The value from which the queue alerts" }),
  band: z.enum(GAUGE_BANDS).meta({
    description: "The value's band: below 25% of the maximum grey, from 25% green, from 50% " +
      "amber, from 75% red",
  }),
  alerting: z.boolean().meta({ description: "value ≥ alert" }),
  configured: z.boolean().meta({ description: "false: the built-in defaults apply" }),
  updatedAt: dateTime("When an operator last set them").nullable(),
}).meta({ id: "MonitoringThreshold" });
export type Threshold = z.output<typeof ThresholdSchema>;

export const ThresholdsSchema = z.object({
  measuredAt: dateTime("When the values were read"),
  queues: z.array(ThresholdSchema),
}).meta({ id: "MonitoringThresholds" });
export type Thresholds = z.output<typeof ThresholdsSchema>;

const thresholdNumber = (label: string) =>
  z.number(formMessages.match(label)).int(formMessages.match(label))
    .min(1, formMessages.match(label)).max(MAX_THRESHOLD, formMessages.match(label));

const ThresholdUpdateSchema = z.object({
  queue: QueueKeySchema,
  maximum: thresholdNumber("Maximum"),
  alert: thresholdNumber("Alert"),
}).refine((t) => t.alert <= t.maximum, {
  message: MONITORING_MESSAGES.alertAboveMaximum,
  path: ["alert"],
});

export const ThresholdsUpdateRequestSchema = z.object({
  queues: z.array(ThresholdUpdateSchema).min(1).max(MONITORED_QUEUE_KEYS.length)
    .refine((qs) => new Set(qs.map((q) => q.queue)).size === qs.length, {
      message: "Each queue at most once",
    }),
}).meta({ id: "MonitoringThresholdsUpdate" });
export type ThresholdsUpdateRequest = z.output<typeof ThresholdsUpdateRequestSchema>;

// ---- delivery ----

const DeliveryCountsSchema = z.object({
  delivered: count("Delivered (4)"),
  failed: count("Failed (3, 5, 6, 7)"),
  waiting: count("Still waiting (0, 1, 2, 8)"),
}).meta({ id: "DeliveryCounts" });
export type DeliveryCounts = z.output<typeof DeliveryCountsSchema>;

const windows = {
  lastHour: DeliveryCountsSchema.meta({ description: "Push traffic stored in the last hour" }),
  lastDay: DeliveryCountsSchema.meta({ description: "Push traffic stored in the last 24 hours" }),
  waiting: count("Every message of it still waiting, however old"),
  oldestWaitingAt: dateTime("The stored time of the oldest waiting message").nullable(),
  lastDeliveredAt: dateTime("The stored time of the newest delivered message (last 24 hours)")
    .nullable(),
};

const DeliveryTypeFiguresSchema = z.object({
  deliveryType: z.number().int().meta({ description: "DELIVERY_TYPES code" }),
  label: z.string(),
  ...windows,
}).meta({ id: "DeliveryTypeFigures" });

const DeliveryRouteFiguresSchema = z.object({
  routeType: z.enum(ROUTE_TYPES),
  routeId: z.number().int(),
  deliveryType: z.number().int(),
  tgid: z.number().int().nullable(),
  tgidLabel: z.string().nullable(),
  destination: z.string().meta({ description: "The primary destination (address, URL, e-mail)" }),
  up: z.number().int().meta({
    description: "The primary's flag: 1 active, 0 down, negative locked",
  }),
  ...windows,
}).meta({ id: "DeliveryRouteFigures" });
type DeliveryRouteFigures = z.output<typeof DeliveryRouteFiguresSchema>;

const DestinationStateSchema = z.object({
  routeType: z.enum(ROUTE_TYPES),
  routeId: z.number().int(),
  tgid: z.number().int().nullable(),
  which: z.enum(["primary", "secondary"]),
  destination: z.string(),
  state: z.enum(["locked", "down"]),
}).meta({ id: "DestinationState" });

export const DeliverySchema = z.object({
  measuredAt: dateTime("When the figures were read"),
  types: z.array(DeliveryTypeFiguresSchema).meta({ description: "Every delivery type" }),
  routes: z.array(DeliveryRouteFiguresSchema).meta({
    description: "Routes with traffic in the last 24 hours or messages waiting, most waiting " +
      "first (at most 100)",
  }),
  destinations: z.object({
    locked: count("Configured destinations locked (negative flag)"),
    down: count("Configured destinations down (flag 0)"),
    items: z.array(DestinationStateSchema).meta({ description: "At most 100 of them" }),
  }),
}).meta({ id: "MonitoringDelivery" });
export type Delivery = z.output<typeof DeliverySchema>;

// ---- services ----

const STATE_KEYS = Object.keys(SERVICE_STATES) as (keyof typeof SERVICE_STATES)[];

const AdapterServiceSchema = z.object({
  service: z.enum(["les", "delivery"]),
  label: z.string(),
  implementation: z.string().nullable().meta({
    description: "e.g. 'simulated' (the built-in LES)",
  }),
  state: z.enum(STATE_KEYS).meta({
    description: "running (a beat within the last 30 s), stalled (older), stopped (never started)",
  }),
  instance: z.string().nullable(),
  startedAt: dateTime("When the running instance started").nullable(),
  lastBeatAt: dateTime("Its loop's last tick").nullable(),
  lastWorkAt: dateTime("The last tick that moved something on").nullable(),
  processed: count("Items moved on since it started"),
  lastError: z.string().nullable(),
  lastErrorAt: dateTime("When it last failed").nullable(),
  backlog: count("Items waiting for it"),
  backlogLabel: z.string().meta({ description: "What the backlog counts" }),
}).meta({ id: "AdapterService" });
export type AdapterService = z.output<typeof AdapterServiceSchema>;

const ProcessServiceSchema = z.object({
  id: z.number().int(),
  hostname: z.string(),
  mode: z.string(),
  protocol: z.string().nullable(),
  port: z.number().int(),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(STATE_KEYS).meta({
    description: "running (an event within 15 minutes), idle (within 24 hours), silent",
  }),
  lastActivityAt: dateTime("Its newest push event").nullable(),
  lastLevel: z.string().nullable(),
  lastMessage: z.string().nullable(),
  eventsLastHour: count("Push events in the last hour"),
  errorsLastDay: count("ERROR push events in the last 24 hours"),
  backlog: count(
    "Push traffic waiting for the tgids it serves (its team's; a process without a team " +
      "serves the tgids no team process serves)",
  ),
}).meta({ id: "ProcessService" });
export type ProcessService = z.output<typeof ProcessServiceSchema>;

export const ServicesSchema = z.object({
  measuredAt: dateTime("When the states were read"),
  adapters: z.array(AdapterServiceSchema),
  processes: z.array(ProcessServiceSchema),
}).meta({ id: "MonitoringServices" });
export type Services = z.output<typeof ServicesSchema>;

// ---- statistics ----

export const StatisticsQuerySchema = z.object({
  type: z.enum(STATISTICS_TYPE_KEYS, formMessages.match("Type")).default("message").meta({
    description: "message (Messaging C), command, push or robot traffic",
    example: "message",
    param: { in: "query" },
  }),
  start: timeBound("Start", false, "counted from it (default: 30 days before the end)")
    .optional().meta({ param: { in: "query" } }),
  end: timeBound("End", true, "counted up to it (default: now)")
    .optional().meta({ param: { in: "query" } }),
}).superRefine((q, ctx) => {
  // Runs even when a bound failed its own check: then it is still the string typed.
  if (!(q.start instanceof Date) || !(q.end instanceof Date)) return;
  if (q.start >= q.end) {
    ctx.addIssue({ code: "custom", path: ["end"], message: MONITORING_MESSAGES.rangeOrder });
  } else if (q.end.getTime() - q.start.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    ctx.addIssue({ code: "custom", path: ["end"], message: MONITORING_MESSAGES.rangeTooLong });
  }
});
export type StatisticsQuery = z.output<typeof StatisticsQuerySchema>;

const StatisticsSeriesSchema = z.object({
  key: z.string().meta({ description: "The status code, delivery type code or robot name" }),
  label: z.string(),
  values: z.array(z.number().int()).meta({ description: "One count per bucket of `times`" }),
  total: z.number().int(),
}).meta({ id: "StatisticsSeries" });
export type StatisticsSeries = z.output<typeof StatisticsSeriesSchema>;

export const StatisticsSchema = z.object({
  type: z.enum(STATISTICS_TYPE_KEYS),
  start: dateTime("The range's start, rounded down to its bucket"),
  end: dateTime("The range's end, rounded up to its bucket"),
  bucket: z.enum(["hour", "day"]).meta({
    description: "hour for ranges up to 72 hours, else day (UTC)",
  }),
  times: z.array(z.string()).meta({ description: "The start of each bucket, oldest first" }),
  total: z.number().int(),
  byStatus: z.array(StatisticsSeriesSchema).meta({
    description: "One series per status counted in the range, by code",
  }),
  byDimension: z.object({
    name: z.enum(["deliveryType", "robot"]),
    label: z.string(),
    series: z.array(StatisticsSeriesSchema),
  }).nullable().meta({
    description: "push: by delivery type; robot: by robot name; null for message and command",
  }),
}).meta({ id: "Statistics" });
export type Statistics = z.output<typeof StatisticsSchema>;
