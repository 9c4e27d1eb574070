import { indexRoute } from "../index_view.tsx";

const R = "/routing";
export default [
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
  indexRoute({
    pattern: `${R}/statistics`,
    title: "Statistics",
    summary: "Push and robot statistics.",
    admin: true,
    parent: R,
  }),
  indexRoute({
    pattern: `${R}/traffic`,
    title: "Traffic",
    summary: "Messages pushed to customers and processed by robots.",
    parent: R,
  }),
];
