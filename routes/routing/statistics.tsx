/** /routing/statistics/push and /robot: push and robot traffic over time, by status and more. */
import { statisticsRoute } from "../statistics_page.tsx";

const PARENT = "/routing/statistics";

export default [
  statisticsRoute({
    pattern: `${PARENT}/push`,
    title: "Push statistics",
    summary: "Push traffic over time, by delivery status and by delivery type.",
    parent: PARENT,
  }, [
    { type: "push", by: "status", title: "Push traffic by delivery status" },
    { type: "push", by: "dimension", title: "Push traffic by delivery type" },
  ]),
  statisticsRoute({
    pattern: `${PARENT}/robot`,
    title: "Robot statistics",
    summary: "Robot traffic over time, by status and by robot.",
    parent: PARENT,
  }, [
    { type: "robot", by: "status", title: "Robot traffic by status" },
    { type: "robot", by: "dimension", title: "Robot traffic by robot" },
  ]),
];
