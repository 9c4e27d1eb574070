/**
 * Monitoring (portal-shell §4 "Monitoring"; docs/decisions/0014), administrators only: the
 * watched queues against their thresholds, the delivery figures per type and route, the state of
 * the services, and the traffic statistics behind the charts. Every figure is read from the
 * database when asked.
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  DeliverySchema,
  HOURLY_MAX_HOURS,
  MAX_RANGE_DAYS,
  MONITORING_MESSAGES,
  ServicesSchema,
  StatisticsQuerySchema,
  StatisticsSchema,
  ThresholdsSchema,
  ThresholdsUpdateRequestSchema,
} from "../../../openapi/schemas/monitoring.ts";

export const tresholds = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/monitoring/tresholds",
  summary: "The watched queues against their thresholds",
  description: "Each queue (messages waiting for delivery, delivery errors of the last 24 " +
    "hours, robot messages in process, robot failures of the last 24 hours, unfinished command " +
    "lists, station messages waiting) with its current value, its maximum and alert value (an " +
    "operator's, or the defaults), and its gauge band: below 25% of the maximum grey, from 25% " +
    "green, from 50% amber, from 75% red.",
  responses: { 200: jsonResponse(ThresholdsSchema, "The queues, in the overview's order") },
});

export const updateTresholds = defineRoute({
  access: "admin",
  method: "post",
  path: "/rest/monitoring/updateTresholds",
  summary: "Set the maximum and alert value of watched queues",
  description: "The queues listed (each at most once) get the maximum and alert given " +
    `(integers 1–1,000,000,000; '${MONITORING_MESSAGES.alertAboveMaximum}' otherwise); the ` +
    "others keep theirs. Answers every queue as GET /rest/monitoring/tresholds does.",
  request: {
    body: jsonBody(ThresholdsUpdateRequestSchema, {
      queues: [{ queue: "pushWaiting", maximum: 1000, alert: 800 }],
    }),
  },
  responses: { 200: jsonResponse(ThresholdsSchema, "Every queue, with the new thresholds") },
});

export const delivery = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/monitoring/delivery",
  summary: "Delivery figures per delivery type and per route",
  description: "Push traffic delivered, failed and waiting over the last hour and the last 24 " +
    "hours (by stored time), the messages waiting however old and the oldest of them, per " +
    "delivery type and per route (the routes with traffic in the last 24 hours or waiting " +
    "messages), and the configured destinations locked or down.",
  responses: { 200: jsonResponse(DeliverySchema, "The delivery figures") },
});

export const services = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/monitoring/services",
  summary: "The state of the services",
  description: "The portal's adapters (the land earth station adapter and the delivery engine) " +
    "with their state from their heartbeats, last activity, items moved on and backlog; and each " +
    "push process with its state from its push events, last event and backlog.",
  responses: { 200: jsonResponse(ServicesSchema, "The services") },
});

export const statistics = defineRoute({
  access: "admin",
  method: "get",
  path: "/rest/monitoring/statistics",
  summary: "Traffic counts over time",
  description: "Counts per bucket of `type` (message: Messaging C station messages by " +
    "creation; command: commands by creation; push: push traffic by stored time; robot: robot " +
    "traffic by received time), by status, and for push by delivery type and for robot by robot " +
    "name. start and end (a day or an ISO date-time) default to 30 days back to now; a range " +
    `up to ${HOURLY_MAX_HOURS} hours is counted per hour, a longer one per UTC day; at most ` +
    `${MAX_RANGE_DAYS} days ('${MONITORING_MESSAGES.rangeTooLong}'), and the start before the ` +
    `end ('${MONITORING_MESSAGES.rangeOrder}').`,
  request: { query: StatisticsQuerySchema },
  responses: { 200: jsonResponse(StatisticsSchema, "The counts, one value per bucket") },
});
