/** The /rest/events stream (issue 38), declared for the OpenAPI document. */
import { z } from "zod";
import { defineRoute } from "../define.ts";
import { EventsHeadersSchema, EventsQuerySchema } from "../../../openapi/schemas/events.ts";
import { LIVE_EVENT_TYPES, RESYNC_EVENT } from "../../../openapi/events.ts";
import { HEARTBEAT_MS } from "../../services/events/hub.ts";
import { RETRY_MS } from "../../services/events/stream.ts";

const TYPES = Object.entries(LIVE_EVENT_TYPES).map(([type, text]) => `\`${type}\`: ${text}`)
  .join(" ");

export const stream = defineRoute({
  access: "user",
  // The caller's own stream; each event is filtered by the tenant rules of the rows it names.
  tenancy: "caller",
  method: "get",
  path: "/rest/events",
  summary: "Live change events (server-sent events)",
  description: "One stream per tab (`text/event-stream`, for `EventSource`): small typed events " +
    "that name rows which changed, so a screen reads only what an event touches instead of " +
    `polling. Every event's data is {"ids": [...]} (at most 200 ids). Types: ${TYPES} ` +
    `\`${RESYNC_EVENT}\` ({}): events were missed that cannot be replayed; read the screens ` +
    `again once. An event reaches the stream only when its user may read the rows it names. A ` +
    `comment line every ${HEARTBEAT_MS / 1000} s keeps idle connections open; the stream asks ` +
    `browsers to reconnect after ${RETRY_MS / 1000} s and, given the last event id ` +
    "(Last-Event-ID, or `since`), sends what was missed. It ends with the session (logout, " +
    "deactivation, expiry). 503 when this server cannot hold a stream now: poll instead.",
  request: { query: EventsQuerySchema, headers: EventsHeadersSchema },
  responses: {
    200: {
      description: "The event stream; it stays open",
      content: {
        "text/event-stream": {
          schema: z.string().meta({
            example:
              'retry: 3000\n\nid: 3f9a12bc.1043\nevent: push.status\ndata: {"ids":["981"]}\n\n',
          }),
        },
      },
    },
  },
  errors: [503],
});
