import type { AnyPageRoute } from "../types.ts";
import { indexRoute } from "../index_view.tsx";

const M = "/monitoring";
export const monitoringRoutes: AnyPageRoute[] = [
  indexRoute({
    pattern: M,
    title: "Monitoring",
    summary: "Gauges and charts of the service's health.",
    admin: true,
    parent: "/",
  }),
  indexRoute({
    pattern: `${M}/control`,
    title: "Control",
    summary: "Services, delivery and message flow against their thresholds.",
    admin: true,
    parent: M,
  }),
  {
    pattern: `${M}/control/services`,
    title: "Services",
    summary: "State of the platform's services.",
    admin: true,
    parent: `${M}/control`,
  },
  {
    pattern: `${M}/control/delivery`,
    title: "Delivery",
    summary: "Delivery backlog and failures against their thresholds.",
    admin: true,
    parent: `${M}/control`,
  },
  {
    pattern: `${M}/control/message`,
    title: "Messages",
    summary: "Message statistics over time (30 days by default).",
    admin: true,
    parent: `${M}/control`,
  },
];
