import { indexRoute } from "../index_view.tsx";

const M = "/monitoring";
export default [
  indexRoute({
    pattern: M,
    title: "Monitoring",
    summary: "Gauges and charts of the service's health.",
    admin: true,
    parent: "/",
  }),
];
