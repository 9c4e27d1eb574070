/**
 * The live event stream's vocabulary (GET /rest/events, issue 38), zod-free so the islands load it
 * without the schemas: the event types a tab is told of, and what each means. Every event's data
 * is `{"ids": [...]}`: the changed rows' ids, as text (at most 200 per event; a change of more
 * rows comes as several events). `resync` carries `{}`: the tab missed events it cannot be sent
 * and should read its screens again once.
 */

export const EVENTS_PATH = "/rest/events";

/** The event types, in the order LIVE_EVENT_TYPES describes them (what the browser listens to). */
export const LIVE_EVENT_NAMES = [
  "push.status",
  "delivery.attempt",
  "command.state",
  "message.state",
  "service.heartbeat",
  "news.published",
] as const;

export type LiveEventType = typeof LIVE_EVENT_NAMES[number];

/** What each event type means (the contract's description). */
export const LIVE_EVENT_TYPES: Record<LiveEventType, string> = {
  "push.status": "Push traffic received, or its status changed (ids: push traffic ids).",
  "delivery.attempt": "Delivery attempts recorded (ids: the push traffic ids they belong to).",
  "command.state": "Commands sent, or their status changed (ids: their command list ids).",
  "message.state": "Messaging C messages sent, or their status changed (ids: reference numbers).",
  "service.heartbeat": "A portal service beat (ids: service names; administrators only).",
  "news.published": "News published, changed or withdrawn (ids: news ids).",
};

/** Sent when a tab missed events that cannot be replayed. */
export const RESYNC_EVENT = "resync";

/** The "Live" hint's title on a screen that follows events and polls every `pollMs` without. */
export const liveTitle = (pollMs: number) =>
  `Updates as changes happen (every ${pollMs / 1000} s while live updates are unavailable)`;
