import { indexRoute } from "../index_view.tsx";

const C = "/commands";
export default [
  indexRoute({
    pattern: C,
    title: "Commands",
    summary: "Send commands and Inmarsat C messages to terminals.",
    parent: "/",
  }),
];
