import { indexRoute } from "../index_view.tsx";

const M = "/management";
export default [
  indexRoute({
    pattern: M,
    title: "Management",
    summary: "Identifiers, terminals and command lists.",
    parent: "/",
  }),
  indexRoute({
    pattern: `${M}/dnid`,
    title: "Dnid",
    summary: "Dnid status and allocation.",
    parent: M,
  }),
];
