import type { AnyPageRoute } from "../types.ts";
import { indexRoute } from "../index_view.tsx";
import { pushTrafficRoute } from "./push_traffic.tsx";

const R = "/routing";
const stationTraffic = {
  title: "Les traffic",
  summary: "Messages stored at the land earth station (legacy page).",
};
export const routingRoutes: AnyPageRoute[] = [
  indexRoute({
    pattern: R,
    title: "Routing",
    summary: "Delivery of received data to customers, and its traffic.",
    parent: "/",
  }),
  indexRoute({
    pattern: `${R}/events`,
    title: "Event logs",
    summary: "What the push and robot processes logged.",
    admin: true,
    parent: R,
  }),
  {
    pattern: `${R}/events/push`,
    title: "Push events",
    summary: "Events of the push delivery processes, newest first.",
    admin: true,
    parent: `${R}/events`,
  },
  {
    pattern: `${R}/events/robot`,
    title: "Robot events",
    summary: "Events of the robots that process incoming messages.",
    admin: true,
    parent: `${R}/events`,
  },
  {
    pattern: `${R}/process`,
    title: "Push processes",
    summary: "The push delivery processes and their spare limits.",
    admin: true,
    parent: R,
  },
  {
    pattern: `${R}/routes`,
    title: "Route management",
    summary: "Delivery routes over TCP, FTP, web service and SMTP, with their destinations.",
    admin: true,
    parent: R,
  },
  indexRoute({
    pattern: `${R}/statistics`,
    title: "Statistics",
    summary: "Push and robot statistics.",
    admin: true,
    parent: R,
  }),
  {
    pattern: `${R}/statistics/push`,
    title: "Push statistics",
    summary: "Push delivery statistics (legacy page).",
    admin: true,
    parent: `${R}/statistics`,
  },
  {
    pattern: `${R}/statistics/robot`,
    title: "Robot statistics",
    summary: "Robot processing statistics (legacy page).",
    admin: true,
    parent: `${R}/statistics`,
  },
  indexRoute({
    pattern: `${R}/traffic`,
    title: "Traffic",
    summary: "Messages pushed to customers and processed by robots.",
    parent: R,
  }),
  pushTrafficRoute,
  {
    pattern: `${R}/traffic/robot`,
    title: "Robot traffic",
    summary: "Incoming messages processed by the robots.",
    admin: true,
    parent: `${R}/traffic`,
  },
  { pattern: "/station", parent: "/", ...stationTraffic },
  { pattern: "/station/traffic", parent: R, ...stationTraffic },
];
