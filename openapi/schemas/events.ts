/** GET /rest/events: the live event stream's request (issue 38; openapi/events.ts). */
import { z } from "zod";

/** The last event id a tab saw: `<instance>.<sequence>`, as the stream sent it. */
const EventIdSchema = z.string().max(40).regex(/^[0-9a-f]{8}\.\d{1,15}$/, {
  message: "Invalid event id: expected <instance>.<sequence>, as the stream sent it",
});

export const EventsQuerySchema = z.object({
  since: EventIdSchema.optional().meta({
    description: "Resume after this event id: the one the page was rendered at (its " +
      "`data-events-since`). A Last-Event-ID header, which browsers send when they reconnect, " +
      "wins over it.",
    example: "3f9a12bc.1042",
  }),
});

export const EventsHeadersSchema = z.object({
  "last-event-id": EventIdSchema.optional().meta({
    description: "The last event id the tab received; sent by the browser when it reconnects.",
  }),
});
