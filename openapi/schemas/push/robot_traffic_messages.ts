/**
 * The words of the event log and robot traffic pages (zod-free, so the islands' first load
 * carries no schema code).
 */
export const ROBOT_TRAFFIC_TEXTS = {
  showAll: "Show All",
  title: (id: number) => `Robot traffic ${id}`,
  content: "Content",
  loading: "Loading the robot's text…",
  noContent: "No text content",
  contentError: (message: string) => `The text content could not be loaded: ${message}`,
  carbonCopies: "Carbon copies",
  noCarbonCopies: "None",
  close: "Close",
} as const;
