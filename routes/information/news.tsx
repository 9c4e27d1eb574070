import type { AnyPageRoute } from "../types.ts";

export const newsRoute: AnyPageRoute = {
  pattern: "/information/news",
  title: "News",
  summary: "Service announcements, newest first.",
  parent: "/information",
};
