/**
 * Live screens by push (issue 38): one EventSource per tab on GET /rest/events, shared by every
 * island that shows changing rows. An island names the event types it follows and how it reads
 * its rows again (`useLive`); it is told at most once per LIVE_MIN_GAP_MS, and after a resync.
 * While the stream is not open (not yet, reconnecting, refused), the island polls at its old
 * interval instead, so a screen is never staler than it was before streams.
 *
 * The stream opens once the page has loaded (it never competes with the page's own requests),
 * resuming after the event the page was rendered at (`data-events-since`), so a change made
 * while the page loaded is not missed; events that arrive before the page's islands are all
 * hydrated wait for them. A stream the server refused or that failed for good is
 * opened again after REOPEN_MS, resuming after the last event seen. Nothing here renders: the
 * connection's state is read when a poll is due, so opening or losing the stream costs the
 * islands no render.
 */
import { useEffect, useRef } from "react";
import {
  EVENTS_PATH,
  LIVE_EVENT_NAMES,
  type LiveEventType,
  RESYNC_EVENT,
} from "../../openapi/events.ts";

/** The least time between two reads an island makes on events (a burst is read once, after). */
const LIVE_MIN_GAP_MS = 1_000;
/** Events held while the islands hydrate, past which they fold into one resync. */
const MAX_HELD = 100;
/** How long after a refused stream (or one that never opened) a new one is tried. */
const REOPEN_MS = 30_000;
/** How long after a stream that was open closed for good (the server stopped) one is tried. */
const RETRY_AFTER_DROP_MS = 5_000;

type Listener = (type: LiveEventType | typeof RESYNC_EVENT, ids: readonly string[]) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let opening = false;
let lastId: string | undefined;

/** Whether events are arriving now (else the islands poll). */
const liveOpen = () => source?.readyState === EventSource.OPEN;

function deliver(type: LiveEventType | typeof RESYNC_EVENT, e: MessageEvent<string>) {
  if (e.lastEventId) lastId = e.lastEventId;
  let ids: readonly string[] = [];
  try {
    ids = (JSON.parse(e.data) as { ids?: string[] }).ids ?? [];
  } catch {
    // A resync carries none.
  }
  if (hydratedNow()) emit(type, ids);
  else hold(type, ids);
}

function emit(type: LiveEventType | typeof RESYNC_EVENT, ids: readonly string[]) {
  for (const fn of listeners) fn(type, ids);
}

/**
 * Events that arrive while the page's islands are not all live (the first load, an in-page
 * navigation) wait for them: an island that mounts a moment after an event still hears it.
 */
const held: [LiveEventType | typeof RESYNC_EVENT, readonly string[]][] = [];
const hydratedNow = () => "hydrated" in document.documentElement.dataset;
let watching: MutationObserver | null = null;

function hold(type: LiveEventType | typeof RESYNC_EVENT, ids: readonly string[]) {
  if (held.length >= MAX_HELD) held.splice(0, held.length, [RESYNC_EVENT, []]);
  else held.push([type, ids]);
  watching ??= new MutationObserver(() => {
    if (!hydratedNow()) return;
    watching?.disconnect();
    watching = null;
    for (const [t, i] of held.splice(0)) emit(t, i);
  });
  watching.observe(document.documentElement, { attributeFilter: ["data-hydrated"] });
}

function open() {
  if (typeof EventSource === "undefined" || !document.body.dataset.user) return;
  const since = lastId ?? document.body.dataset.eventsSince;
  const es = new EventSource(
    since ? `${EVENTS_PATH}?since=${encodeURIComponent(since)}` : EVENTS_PATH,
  );
  source = es;
  for (const type of LIVE_EVENT_NAMES) {
    es.addEventListener(type, (e) => deliver(type, e as MessageEvent));
  }
  es.addEventListener(RESYNC_EVENT, (e) => deliver(RESYNC_EVENT, e as MessageEvent));
  let wasOpen = false;
  es.onopen = () => {
    // Reconnected by the browser after a drop: the server replays from Last-Event-ID or says
    // resync; a stream opened anew after a failure resumes with `since` the same way.
    wasOpen = true;
  };
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
    es.close();
    if (source === es) source = null;
    // Screens polled meanwhile; when the new stream cannot resume they are told to resync.
    setTimeout(open, wasOpen ? RETRY_AFTER_DROP_MS : REOPEN_MS);
  };
}

/** Opens the tab's stream once the page has loaded (the first subscriber asks). */
function ensureOpen() {
  if (source || opening) return;
  opening = true;
  const start = () => setTimeout(open, 0);
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}

interface LiveOptions {
  /** How often to call `refresh` while the tab's stream is not open. */
  pollMs: number;
  /** Which events' ids concern the caller (every event of its types when left out). */
  match?: (ids: readonly string[]) => boolean;
  /** False: neither events nor polls (a finished list, say). */
  enabled?: boolean;
  /** The least time between two calls on events (LIVE_MIN_GAP_MS unless told). */
  minGapMs?: number;
}

/**
 * Calls `refresh` when an event of `types` arrives that `match` accepts, at most once per
 * `minGapMs` (a burst ends with one call), and after a resync; every `pollMs` while the stream
 * is not open. `current()` gives the refresh and the match when they are called. Answers the
 * function that stops it.
 */
export function subscribeLive(
  types: readonly LiveEventType[],
  current: () => Pick<LiveOptions, "match"> & { refresh: () => void },
  { pollMs, minGapMs = LIVE_MIN_GAP_MS }: Pick<LiveOptions, "pollMs" | "minGapMs">,
): () => void {
  const wanted = new Set<string>(types);
  let last = 0;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    trailing = undefined;
    last = Date.now();
    current().refresh();
  };
  const listener: Listener = (type, ids) => {
    if (type !== RESYNC_EVENT) {
      if (!wanted.has(type)) return;
      const m = current().match;
      if (m && !m(ids)) return;
    }
    if (trailing) return;
    const wait = last + minGapMs - Date.now();
    if (wait <= 0) fire();
    else trailing = setTimeout(fire, wait);
  };
  listeners.add(listener);
  ensureOpen();
  const poll = setInterval(() => {
    if (!liveOpen() && document.visibilityState === "visible") current().refresh();
  }, pollMs);
  return () => {
    listeners.delete(listener);
    clearInterval(poll);
    clearTimeout(trailing);
  };
}

/** subscribeLive for a component: `refresh` and `match` are read when called (no memoising). */
export function useLive(
  types: readonly LiveEventType[],
  refresh: () => void,
  { pollMs, match, enabled = true, minGapMs = LIVE_MIN_GAP_MS }: LiveOptions,
) {
  const latest = useRef({ refresh, match });
  latest.current = { refresh, match };
  const key = types.join(",");
  useEffect(() => {
    if (!enabled) return;
    return subscribeLive(key.split(",") as LiveEventType[], () => latest.current, {
      pollMs,
      minGapMs,
    });
  }, [key, pollMs, enabled, minGapMs]);
}
