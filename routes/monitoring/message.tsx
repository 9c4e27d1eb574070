/** /monitoring/control/message: Messaging C station messages and commands per day, by status. */
import { statisticsRoute } from "../statistics_page.tsx";

export default [
  statisticsRoute({
    pattern: "/monitoring/control/message",
    title: "Messages",
    summary: "Messaging C messages and commands over time, by status (30 days by default).",
    parent: "/monitoring/control",
  }, [
    { type: "message", by: "status", title: "Messaging C messages by status" },
    { type: "command", by: "status", title: "Commands by status" },
  ]),
];
